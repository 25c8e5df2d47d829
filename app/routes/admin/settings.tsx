import type { Route } from "./+types/settings";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { listDeliveryMethods, updateDeliveryMethod } from "~/.server/modules/delivery/delivery-methods.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { deliveryMethodFormValues, type SavedDeliveryMethod } from "~/domain/delivery/delivery-methods-form";
import { AdminSettingsView } from "~/features/admin/components/admin-settings-view";
import { readFormData } from "~/.server/forms";
import { answerAction } from "~/.server/action-result";
import type { ActionResult } from "~/domain/http/action-result";
import { getExchangeRates, updateExchangeRates } from "~/.server/modules/exchange-rates/exchange-rates.service";
import { exchangeRatesFormValues } from "~/domain/currency/exchange-rates";
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
// Plan de comptes (decision 065).
import { getChartOfAccounts } from "~/.server/modules/settings/chart-of-accounts.service";
import { ChartOfAccountsSection } from "~/features/admin/components/chart-of-accounts-section";
import { saveChartOfAccountsIntent } from "./settings-accounting.server";
// Fiscalité (decision 063).
import { listTaxRates } from "~/.server/modules/tax/tax-rates.service";
import { getTaxSettings } from "~/.server/modules/settings/tax-settings.service";
import { euDistanceSalesCents } from "~/.server/modules/orders/distance-sales.service";
import { TaxSettingsSection } from "~/features/admin/components/tax-settings";
import { parisYear } from "~/lib/paris-time";
import { saveTaxRatesIntent, saveTaxSettingsIntent } from "./settings-tax.server";

/** Paramètres: the delivery methods (docs/decisions/032-delivery-methods.md). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const chartOfAccounts = await getChartOfAccounts(db);
  const year = parisYear(new Date());
  const [methods, exchangeRates, identity, apiKeys, taxRates, taxSettings, distanceSalesCents] = await Promise.all([
    listDeliveryMethods(db),
    getExchangeRates(db),
    getShopIdentity(db),
    listApiKeys(db),
    listTaxRates(db),
    getTaxSettings(db),
    euDistanceSalesCents(db, year),
  ]);
  return {
    chartOfAccounts,
    methods,
    exchangeRates,
    identity,
    apiKeys,
    taxRates,
    taxSettings,
    distanceSales: { year, ordersCents: distanceSalesCents },
  };
}

/** One method's form: `code` names it, the other fields are its new values. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === "identity") return saveIdentityIntent(session, form);
  if (form.get("intent") === "chart-of-accounts") return saveChartOfAccountsIntent(session, form);
  if (form.get("intent") === "tax-rates") return saveTaxRatesIntent(session, form);
  if (form.get("intent") === "tax-settings") return saveTaxSettingsIntent(session, form);
  if (form.get("intent") === "api-key-create" || form.get("intent") === "api-key-revoke") return apiKeyIntent(session, form);
  if (form.get("form") === "exchange-rates") return saveExchangeRates(form, session);
  const code = typeof form.get("code") === "string" ? (form.get("code") as string) : "";
  const values = deliveryMethodFormValues(form);
  // Refused, the form is shown again with what was typed (and which method it was), each field
  // with its own message; a refusal about no field is the name's.
  return answerAction<SavedDeliveryMethod>(
    async () => {
      const saved = await updateDeliveryMethod(await getDb(), code, values, session.user.id, adminActorOf(session));
      return { data: { code: saved.code }, message: `${saved.name} : modifications enregistrées` };
    },
    { ...values, code },
  );
}

/** "Taux de change indicatifs": the three rates at once, each field with its own message when refused. */
async function saveExchangeRates(form: FormData, session: { user: { id: string; email: string } }) {
  const values = exchangeRatesFormValues(form);
  return answerAction(async () => {
    await updateExchangeRates(await getDb(), values, session.user.id, adminActorOf(session));
    return { data: null, message: "Taux de change enregistrés" };
  });
}

/**
 * Without JavaScript a section's form posts the page itself: the delivery methods' answer is the
 * one that names a method (its saved code, or the code sent back with the typed values).
 */
function deliveryMethodAnswerOf(answer: ActionResult<unknown> | undefined): ActionResult<SavedDeliveryMethod> | undefined {
  if (!answer) return undefined;
  if (!answer.ok) return typeof answer.values?.code === "string" ? answer : undefined;
  const saved = answer.data as Partial<SavedDeliveryMethod> | null;
  return typeof saved?.code === "string" ? { ...answer, data: { code: saved.code } } : undefined;
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Paramètres | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const deliveryAnswer = deliveryMethodAnswerOf(actionData);
  return (
    <>
      <AdminSettingsView methods={loaderData.methods} answer={deliveryAnswer} />
      <div className="mt-10">
        <ShopIdentitySection identity={loaderData.identity} />
      </div>
      <div className="mt-10">
        <TaxSettingsSection
          rates={loaderData.taxRates}
          settings={loaderData.taxSettings}
          distanceSales={loaderData.distanceSales}
          vatNumber={loaderData.identity.vatNumber}
        />
      </div>
      <div className="mt-10">
        <ExchangeRatesSettings rates={loaderData.exchangeRates} />
      </div>
      <div className="mt-10">
        <ApiKeysSection keys={loaderData.apiKeys} />
      </div>
      <div className="mt-10">
        <ChartOfAccountsSection chart={loaderData.chartOfAccounts} />
      </div>
      <div className="mt-10">
        <WebhooksSection />
      </div>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
