import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/beauty-box";
import { getCurrentSession, requireUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { readFormFields } from "~/.server/forms";
import { refused } from "~/.server/action-result";
import { boxPageOf, subscribeToBox } from "~/.server/workflows/beauty-box";
import { BoxSubscribeSchema, formatBoxMonth } from "~/domain/beauty-box/beauty-box";
import { invalid, isDomainError } from "~/domain/errors";
import type { ActionResult } from "~/domain/http/action-result";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";
import { InfoPageHeader, textLinkClass } from "~/features/info/components/info-page-header";

/**
 * /beauty-box: the monthly box's offer, with what the law asks to show before subscribing (price,
 * renewal, charge day, cancellation, withdrawal), and the subscription form for a signed-in
 * shopper: one of their saved cards and addresses (docs/decisions/071-beauty-box.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCurrentSession(request);
  const page = await boxPageOf(await getDb(), session?.user.id ?? null);
  return data({ page, signedIn: Boolean(session) }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const fields = await readFormFields(request);
  const parsed = BoxSubscribeSchema.safeParse(fields);
  if (!parsed.success) return refused(invalid("invalid_request", SHOP_MESSAGES.invalidRequest2));
  try {
    await subscribeToBox(await getDb(), {
      userId: session.user.id,
      paymentMethodId: parsed.data.payment_method_id,
      addressId: parsed.data.address_id,
      acceptTerms: parsed.data.accept_terms === "on" || parsed.data.accept_terms === "true",
    });
  } catch (error) {
    if (isDomainError(error))
      return refused(error, { payment_method_id: parsed.data.payment_method_id, address_id: parsed.data.address_id });
    throw error;
  }
  return redirect("/ma-beauty-box");
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("account.beautyBox.metaTitle")} | Aurore` }];
}

export default function BeautyBoxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, signedIn } = loaderData;
  const t = useT();
  const tm = useTranslateMessage();
  const language = useLanguage();
  const format = localizedFormat(language);
  const locale = LANGUAGE_LOCALES[language];
  const price = format.price(page.price_cents);
  const month = formatBoxMonth(page.first_month, locale);
  const date = format.date(`${page.first_charge_day}T12:00:00Z`);
  const failure = actionData && !(actionData as ActionResult).ok ? (actionData as Extract<ActionResult, { ok: false }>) : null;
  const busy = useNavigation().state === "submitting";
  const open = page.subscription && page.subscription.status !== "cancelled";
  return (
    <div>
      <InfoPageHeader title={t("account.beautyBox.title")}>
        <p className="mt-3 max-w-2xl text-lg">{t("account.beautyBox.tagline")}</p>
      </InfoPageHeader>
      <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:px-6">
        <section aria-labelledby="box-price" className="rounded-2xl border border-line p-6">
          <p id="box-price" className="font-display text-3xl">
            {t("account.beautyBox.pricePerMonth", { price })}
          </p>
          <p className="mt-2">{t("account.beautyBox.noCommitment")}</p>
        </section>

        <section aria-labelledby="box-legal">
          <h2 id="box-legal" className="font-display text-2xl">
            {t("account.beautyBox.legalTitle")}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            <li>{t("account.beautyBox.legalPrice", { price })}</li>
            <li>{t("account.beautyBox.legalRenewal")}</li>
            <li>{t("account.beautyBox.legalCharge", { date, month })}</li>
            <li>{t("account.beautyBox.legalCancel")}</li>
            <li>{t("account.beautyBox.legalWithdrawal", { days: page.withdrawal_days })}</li>
            <li>{t("account.beautyBox.legalMail")}</li>
          </ul>
        </section>

        <section aria-labelledby="box-subscribe" className="rounded-2xl border border-line p-6">
          <h2 id="box-subscribe" className="font-display text-2xl">
            {t("account.beautyBox.subscribeTitle")}
          </h2>
          {!signedIn ? (
            <p className="mt-3">
              {t("account.beautyBox.signIn")}{" "}
              <Link to="/dashboard" className={textLinkClass}>
                {t("account.beautyBox.signInLink")}
              </Link>
            </p>
          ) : open ? (
            <p className="mt-3">
              {t("account.beautyBox.alreadySubscribed")}{" "}
              <Link to="/ma-beauty-box" className={textLinkClass}>
                {t("account.beautyBox.manageLink")}
              </Link>
            </p>
          ) : (
            <Form method="post" className="mt-4 grid gap-5" noValidate>
              <input type="hidden" name="intent" value="subscribe" />
              {failure ? (
                <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
                  {tm(failure.message)}
                </p>
              ) : null}
              <fieldset>
                <legend className="font-semibold">{t("account.beautyBox.card")}</legend>
                {page.cards.length === 0 ? (
                  <p className="mt-2">
                    {t("account.beautyBox.noCard")}{" "}
                    <Link to="/dashboard?tab=payment" className={textLinkClass}>
                      {t("account.beautyBox.addCard")}
                    </Link>
                  </p>
                ) : (
                  page.cards.map((card, index) => (
                    <label key={card.id} className="mt-2 flex min-h-11 items-center gap-3">
                      <input type="radio" name="payment_method_id" value={card.id} defaultChecked={card.is_default || index === 0} />
                      {t("account.beautyBox.cardOption", { brand: card.brand, last4: card.last4, expiry: card.expiry ?? "" })}
                    </label>
                  ))
                )}
              </fieldset>
              <fieldset>
                <legend className="font-semibold">{t("account.beautyBox.address")}</legend>
                {page.addresses.length === 0 ? (
                  <p className="mt-2">
                    {t("account.beautyBox.noAddress")}{" "}
                    <Link to="/dashboard?tab=addresses" className={textLinkClass}>
                      {t("account.beautyBox.addAddress")}
                    </Link>
                  </p>
                ) : (
                  page.addresses.map((a, index) => (
                    <label key={a.id} className="mt-2 flex min-h-11 items-center gap-3">
                      <input type="radio" name="address_id" value={a.id} defaultChecked={a.is_default || index === 0} />
                      {`${a.first_name} ${a.last_name}, ${a.address_line_1}, ${a.postal_code} ${a.city}`}
                    </label>
                  ))
                )}
              </fieldset>
              <label className="flex items-start gap-3">
                <input type="checkbox" name="accept_terms" className="mt-1 size-5" />
                <span>{t("account.beautyBox.acceptTerms", { price })}</span>
              </label>
              <div>
                <button type="submit" className={buttonClass({ variant: "accent", size: "lg" })} disabled={busy}>
                  {busy ? t("account.beautyBox.subscribing") : t("account.beautyBox.subscribe")}
                </button>
              </div>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
