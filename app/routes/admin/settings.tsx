import type { Route } from "./+types/settings";
import { Link } from "react-router";
import { readStaffForm, requireStaffAction, requireStaffPage } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { grantableScopes } from "~/domain/staff/api-scopes";
import { SettingsAccess } from "~/features/admin/components/settings-form";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { listDeliveryMethods, updateDeliveryMethod } from "~/.server/modules/delivery/delivery-methods.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { deliveryMethodFormValues, type SavedDeliveryMethod } from "~/domain/delivery/delivery-methods-form";
import { AdminSettingsView } from "~/features/admin/components/admin-settings-view";
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
// Échantillons offerts (decision 067).
import { getSampleAllowances } from "~/.server/modules/settings/sample-settings.service";
import { SampleAllowancesSection } from "~/features/admin/components/sample-allowances-section";
import { saveSampleAllowancesIntent } from "./settings-samples.server";
// Paniers oubliés (decision 069).
import { getCartReminderSettings } from "~/.server/modules/settings/cart-reminder-settings.service";
import { CartReminderSettingsSection } from "~/features/admin/components/cart-reminder-settings";
import { saveCartReminderSettingsIntent } from "./settings-cart-reminders.server";
// Emballage cadeau (decision 068).
import { getGiftWrapSettings } from "~/.server/modules/settings/gift-wrap-settings.service";
import { GiftWrapSettingsSection } from "~/features/admin/components/gift-wrap-settings";
import { saveGiftWrapIntent } from "./settings-gift-wrap.server";

/**
 * Paramètres: the delivery methods (docs/decisions/032-delivery-methods.md) and the shop's other
 * settings. Every role that opens it reads them; a section whose write the role lacks is shown
 * read-only, and the API keys only to a role that manages them (decision 066).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/parametres");
  const may = {
    settings: staffMay(session, "settings.write"),
    accounting: staffMay(session, "accounting.settings"),
    apiKeys: staffMay(session, "api_keys.manage"),
    webhooks: staffMay(session, "webhooks.read"),
    team: staffMay(session, "team.manage"),
  };
  const db = await getDb();
  const chartOfAccounts = await getChartOfAccounts(db);
  const giftWrap = await getGiftWrapSettings(db);
  const year = parisYear(new Date());
  const [methods, exchangeRates, identity, apiKeys, taxRates, taxSettings, distanceSalesCents] = await Promise.all([
    listDeliveryMethods(db),
    getExchangeRates(db),
    getShopIdentity(db),
    may.apiKeys ? listApiKeys(db) : Promise.resolve([]),
    listTaxRates(db),
    getTaxSettings(db),
    euDistanceSalesCents(db, year),
  ]);
  return {
    may,
    chartOfAccounts,
    methods,
    exchangeRates,
    identity,
    apiKeys,
    // What this member may give a key: never more than the role holds.
    grantableScopes: may.apiKeys ? grantableScopes(session.user.staff.permissions) : [],
    taxRates,
    taxSettings,
    distanceSales: { year, ordersCents: distanceSalesCents },
    sampleAllowances: await getSampleAllowances(db),
    cartReminders: await getCartReminderSettings(db),
    giftWrap,
  };
}

/** The form's intent; the exchange rates' form names itself with `form` instead. Null: a delivery method's form. */
function intentOf(form: FormData): string | null {
  const intent = form.get("intent");
  if (typeof intent === "string" && intent !== "") return intent;
  return form.get("form") === "exchange-rates" ? "exchange-rates" : null;
}

/** Each section's form, by intent, once the role is known to hold the intent's permission (ADMIN_ROUTE_NEEDS). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  const read = await readStaffForm(request, session, "admin/parametres", intentOf);
  if (!read.ok) return read.answer;
  const { form } = read;
  const intent = intentOf(form);
  if (intent === "identity") return saveIdentityIntent(session, form);
  if (intent === "chart-of-accounts") return saveChartOfAccountsIntent(session, form);
  if (intent === "tax-rates") return saveTaxRatesIntent(session, form);
  if (intent === "tax-settings") return saveTaxSettingsIntent(session, form);
  if (intent === "api-key-create" || intent === "api-key-revoke") return apiKeyIntent(session, form);
  if (intent === "exchange-rates") return saveExchangeRates(form, session);
  if (intent === "samples") return saveSampleAllowancesIntent(session, form);
  if (intent === "cart-reminders") return saveCartReminderSettingsIntent(session, form);
  if (intent === "gift-wrap") return saveGiftWrapIntent(session, form);
  // One method's form: `code` names it, the other fields are its new values.
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
  const { may } = loaderData;
  return (
    <>
      <AdminSettingsView methods={loaderData.methods} answer={deliveryAnswer} editable={may.settings} />
      {may.team && (
        <p className="mt-6">
          <Link to="/admin/parametres/equipe" className="font-semibold underline underline-offset-4 hover:text-accent">
            Gérer l&apos;équipe : membres, rôles et invitations
          </Link>
        </p>
      )}
      <div className="mt-10">
        <SettingsAccess editable={may.settings}>
          <ShopIdentitySection identity={loaderData.identity} />
        </SettingsAccess>
      </div>
      <div className="mt-10">
        <SettingsAccess editable={may.accounting}>
          <TaxSettingsSection
            rates={loaderData.taxRates}
            settings={loaderData.taxSettings}
            distanceSales={loaderData.distanceSales}
            vatNumber={loaderData.identity.vatNumber}
          />
        </SettingsAccess>
      </div>
      <div className="mt-10">
        <SettingsAccess editable={may.settings}>
          <ExchangeRatesSettings rates={loaderData.exchangeRates} />
        </SettingsAccess>
      </div>
      <div className="mt-10">
        <SettingsAccess editable={may.settings}>
          <SampleAllowancesSection allowances={loaderData.sampleAllowances} />
        </SettingsAccess>
      </div>
      <div className="mt-10">
        <SettingsAccess editable={may.settings}>
          <CartReminderSettingsSection settings={loaderData.cartReminders} />
        </SettingsAccess>
      </div>
      <div className="mt-10">
        <SettingsAccess editable={may.settings}>
          <GiftWrapSettingsSection settings={loaderData.giftWrap} />
        </SettingsAccess>
      </div>
      {may.apiKeys && (
        <div className="mt-10">
          <ApiKeysSection keys={loaderData.apiKeys} grantableScopes={loaderData.grantableScopes} />
        </div>
      )}
      <div className="mt-10">
        <SettingsAccess editable={may.accounting}>
          <ChartOfAccountsSection chart={loaderData.chartOfAccounts} />
        </SettingsAccess>
      </div>
      {may.webhooks && (
        <div className="mt-10">
          <WebhooksSection />
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
