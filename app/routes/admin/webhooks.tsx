import type { Route } from "./+types/webhooks";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { SettingsAccess } from "~/features/admin/components/settings-form";
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
  const session = await requireStaffPage(request, "admin/parametres/webhooks");
  // A role that reads the webhooks without changing them sees the forms disabled.
  const editable = staffMay(session, "webhooks.write");
  const deleted = new URL(request.url).searchParams.has(WEBHOOK_DELETED_PARAM);
  return { endpoints: await listWebhookEndpoints(await getDb()), deleted, editable };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/parametres/webhooks");
  if (denied) return denied;
  const actor = adminActorOf(session);
  return webhookIntent(await readFormData(request), actor, null);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Webhooks | Paramètres | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SettingsAccess editable={loaderData.editable}>
      <WebhooksList endpoints={loaderData.endpoints} answer={actionData} deleted={loaderData.deleted} />
    </SettingsAccess>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
