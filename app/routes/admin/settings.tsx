import { data } from "react-router";
import type { Route } from "./+types/settings";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { listDeliveryMethods, updateDeliveryMethod } from "~/.server/modules/delivery/delivery-methods.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { deliveryMethodFormValues, type DeliveryMethodAnswer } from "~/domain/delivery/delivery-methods-form";
import { AdminSettingsView } from "~/features/admin/components/admin-settings-view";
import { readFormData } from "~/.server/forms";
import { statusOf } from "~/.server/error-responses";
import { isDomainError } from "~/domain/errors";

/** Paramètres: the delivery methods (docs/decisions/032-delivery-methods.md). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { methods: await listDeliveryMethods(await getDb()) };
}

/** One method's form: `code` names it, the other fields are its new values. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const form = await readFormData(request);
  const code = typeof form.get("code") === "string" ? (form.get("code") as string) : "";
  const values = deliveryMethodFormValues(form);
  try {
    const saved = await updateDeliveryMethod(await getDb(), code, values, session.user.id, adminActorOf(session));
    return data<DeliveryMethodAnswer>({ ok: true, code: saved.code, message: `${saved.name} : modifications enregistrées` });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The form is shown again with what was typed, each field with its own message.
    const errors = error.fieldErrors ?? { name: error.message };
    return data<DeliveryMethodAnswer>({ ok: false, code, errors, values }, { status: statusOf(error) });
  }
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Paramètres | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminSettingsView methods={loaderData.methods} answer={actionData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
