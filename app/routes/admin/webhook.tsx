import { data } from "react-router";
import type { Route } from "./+types/webhook";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { SettingsAccess } from "~/features/admin/components/settings-form";
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
  const session = await requireStaffPage(request, "admin/parametres/webhooks/:id");
  // A role that reads the webhooks without changing them sees the forms disabled.
  const editable = staffMay(session, "webhooks.write");
  const db = await getDb();
  const endpoint = await getWebhookEndpoint(db, params.id);
  if (!endpoint) throw data(WEBHOOK_MESSAGES.notFound, { status: 404 });
  return { endpoint, deliveries: await listWebhookDeliveries(db, endpoint.id), editable };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/parametres/webhooks/:id");
  if (denied) return denied;
  const actor = adminActorOf(session);
  return webhookIntent(await readFormData(request), actor, params.id);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Webhook | Paramètres | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminWebhook({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SettingsAccess editable={loaderData.editable}>
      <WebhookDetail endpoint={loaderData.endpoint} deliveries={loaderData.deliveries} answer={actionData} />
    </SettingsAccess>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
