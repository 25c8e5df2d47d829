import { data } from "react-router";
import type { Route } from "./+types/webhook";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { readFormData } from "~/.server/forms";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { getWebhookEndpoint, listWebhookDeliveries } from "~/.server/modules/webhooks/webhooks.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { WEBHOOK_MESSAGES } from "~/domain/webhooks/webhooks";
import { WebhookDetail } from "~/features/admin/components/webhooks-settings";
import { webhookIntent } from "./webhooks.server";

/** One webhook: its settings, its secret's rotation and its delivery log with 'Renvoyer' (decision 050). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const endpoint = await getWebhookEndpoint(db, params.id);
  if (!endpoint) throw data(WEBHOOK_MESSAGES.notFound, { status: 404 });
  return { endpoint, deliveries: await listWebhookDeliveries(db, endpoint.id) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = adminActorOf(await requireAdmin(request));
  return webhookIntent(await readFormData(request), actor, params.id);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Webhook | Paramètres | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminWebhook({ loaderData, actionData }: Route.ComponentProps) {
  return <WebhookDetail endpoint={loaderData.endpoint} deliveries={loaderData.deliveries} answer={actionData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
