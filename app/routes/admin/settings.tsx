import { data } from "react-router";
import type { Route } from "./+types/settings";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getShippingSettings, updateShippingSettings } from "~/.server/modules/settings/shop-settings.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import type { ShippingSettingsAnswer, ShippingSettingsField } from "~/domain/settings/shop-settings.schema";
import { AdminSettingsView } from "~/features/admin/components/admin-settings-view";
import { readFormFields } from "~/.server/forms";
import { statusOf } from "~/.server/error-responses";
import { isDomainError } from "~/domain/errors";

/** Paramètres: the delivery fee and the free-delivery threshold (shop_settings). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { settings: await getShippingSettings(await getDb()) };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const form = await readFormFields(request);
  try {
    await updateShippingSettings(await getDb(), form, session.user.id);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The form is shown again with what was typed, each field with its own message.
    const text = (name: ShippingSettingsField) => (typeof form[name] === "string" ? (form[name] as string) : "");
    return data<ShippingSettingsAnswer>(
      {
        ok: false,
        errors: error.fieldErrors ?? {},
        values: { shipping_fee: text("shipping_fee"), free_shipping_threshold: text("free_shipping_threshold") },
      },
      { status: statusOf(error) },
    );
  }
  return data<ShippingSettingsAnswer>({ ok: true, message: "Paramètres enregistrés" });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Paramètres | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminSettingsView settings={loaderData.settings} answer={actionData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
