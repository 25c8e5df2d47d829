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
import { getExchangeRates, updateExchangeRates } from "~/.server/modules/exchange-rates/exchange-rates.service";
import { exchangeRatesFormValues, type ExchangeRatesAnswer } from "~/domain/currency/exchange-rates";
import { ExchangeRatesSettings } from "~/features/admin/components/exchange-rates-settings";
// Shop identity section (decision 046).
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { ShopIdentitySection } from "~/features/admin/components/shop-identity-section";
import { saveIdentityIntent } from "./settings-identity.server";
// Clés API (decision 049).
import { listApiKeys } from "~/.server/modules/api-keys/api-keys.service";
import { ApiKeysSection } from "~/features/admin/components/api-keys-section";
import { apiKeyIntent } from "./settings-api-keys.server";
// Webhooks section (decision 050): a link to its own pages.
import { WebhooksSection } from "~/features/admin/components/webhooks-settings";

/** Paramètres: the delivery methods (docs/decisions/032-delivery-methods.md). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const [methods, exchangeRates, identity, apiKeys] = await Promise.all([
    listDeliveryMethods(db),
    getExchangeRates(db),
    getShopIdentity(db),
    listApiKeys(db),
  ]);
  return { methods, exchangeRates, identity, apiKeys };
}

/** One method's form: `code` names it, the other fields are its new values. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === "identity") return saveIdentityIntent(session, form);
  if (form.get("intent") === "api-key-create" || form.get("intent") === "api-key-revoke") return apiKeyIntent(session, form);
  if (form.get("form") === "exchange-rates") return saveExchangeRates(form, session);
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

/** "Taux de change indicatifs": the three rates at once, each field with its own message when refused. */
async function saveExchangeRates(form: FormData, session: { user: { id: string; email: string } }) {
  const values = exchangeRatesFormValues(form);
  try {
    await updateExchangeRates(await getDb(), values, session.user.id, adminActorOf(session));
    return data<ExchangeRatesAnswer>({ form: "exchange-rates", ok: true, message: "Taux de change enregistrés" });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data<ExchangeRatesAnswer>(
      { form: "exchange-rates", ok: false, errors: error.fieldErrors ?? { USD: error.message }, values },
      { status: statusOf(error) },
    );
  }
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Paramètres | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const deliveryAnswer = actionData && "code" in actionData ? actionData : undefined;
  return (
    <>
      <AdminSettingsView methods={loaderData.methods} answer={deliveryAnswer} />
      <div className="mt-10">
        <ShopIdentitySection identity={loaderData.identity} />
      </div>
      <div className="mt-10">
        <ExchangeRatesSettings rates={loaderData.exchangeRates} />
      </div>
      <div className="mt-10">
        <ApiKeysSection keys={loaderData.apiKeys} />
      </div>
      <div className="mt-10">
        <WebhooksSection />
      </div>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
