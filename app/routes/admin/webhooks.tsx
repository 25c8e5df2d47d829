import type { Route } from "./+types/webhooks";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { readFormData } from "~/.server/forms";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { listWebhookEndpoints } from "~/.server/modules/webhooks/webhooks.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { WebhooksList } from "~/features/admin/components/webhooks-settings";
import { webhookIntent } from "./webhooks.server";
import { WEBHOOK_DELETED_PARAM } from "~/domain/webhooks/webhooks";

/** Paramètres > Webhooks: the endpoints and the form that adds one (decision 050). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const deleted = new URL(request.url).searchParams.has(WEBHOOK_DELETED_PARAM);
  return { endpoints: await listWebhookEndpoints(await getDb()), deleted };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = adminActorOf(await requireAdmin(request));
  return webhookIntent(await readFormData(request), actor, null);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Webhooks | Paramètres | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  return <WebhooksList endpoints={loaderData.endpoints} answer={actionData} deleted={loaderData.deleted} />;
}

export const ErrorBoundary = RouteErrorBoundary;
