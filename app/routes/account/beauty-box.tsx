import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/beauty-box";
import { requireUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { readFormData } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { boxPageOf, manageBox } from "~/.server/workflows/beauty-box";
import { BoxManageSchema, addMonths, firstDayOf, formatBoxMonth, type BoxSubscriptionView } from "~/domain/beauty-box/beauty-box";
import { invalid } from "~/domain/errors";
import type { ActionResult } from "~/domain/http/action-result";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";
import { InfoPageHeader, primaryLinkClass, textLinkClass } from "~/features/info/components/info-page-header";

/**
 * /ma-beauty-box: the subscriber's own subscription (docs/decisions/071-beauty-box.md): skip the
 * next box, pause or resume, change card or address, cancel in two clicks ("Résilier", then
 * "Confirmer la résiliation"), and the boxes so far. Each action names the subscription; one that
 * is not the shopper's is answered 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  return data({ page: await boxPageOf(await getDb(), session.user.id) }, { headers: { "Cache-Control": "private, no-store" } });
}

const DONE: Record<string, string> = {
  skip: ACCOUNT_MESSAGES.boxMonthSkipped,
  unskip: ACCOUNT_MESSAGES.boxMonthUnskipped,
  pause: ACCOUNT_MESSAGES.boxPaused,
  resume: ACCOUNT_MESSAGES.boxResumed,
  change_card: ACCOUNT_MESSAGES.boxCardChanged,
  change_address: ACCOUNT_MESSAGES.boxAddressChanged,
  cancel: ACCOUNT_MESSAGES.boxCancelled,
};

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const form = await readFormData(request);
  const parsed = BoxManageSchema.safeParse(Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""])));
  if (!parsed.success) return refused(invalid("invalid_request", SHOP_MESSAGES.invalidRequest2));
  const input = parsed.data;
  return answerAction(async () => ({
    data: await manageBox(await getDb(), session.user.id, input),
    message: DONE[input.intent],
  }));
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("account.beautyBox.manageTitle")} | Aurore` }, { name: "robots", content: "noindex" }];
}

/** The next box that will be sent: the first month from `next_month` on that is not skipped. */
function nextBoxMonth(sub: BoxSubscriptionView): string {
  let month = sub.next_month;
  for (let i = 0; i < 24 && sub.skipped_months.includes(month); i++) month = addMonths(month, 1);
  return month;
}

export default function MyBeautyBoxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  const tm = useTranslateMessage();
  const language = useLanguage();
  const format = localizedFormat(language);
  const locale = LANGUAGE_LOCALES[language];
  const monthLabel = (month: string) => formatBoxMonth(month, locale);
  const result = actionData as ActionResult<BoxSubscriptionView> | undefined;
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const sub = result?.ok ? result.data : page.subscription;
  const confirming = params.get("resilier") === "1" && !(result?.ok && result.data.status === "cancelled");

  return (
    <div>
      <InfoPageHeader title={t("account.beautyBox.manageTitle")} />
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
        {result ? (
          <p
            role={result.ok ? "status" : "alert"}
            className={`rounded-lg border p-3 ${result.ok ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-800"}`}
          >
            {tm(result.ok ? (result.message ?? "") : result.message)}
          </p>
        ) : null}
        {!sub ? (
          <section>
            <p>{t("account.beautyBox.notSubscribed")}</p>
            <Link to="/beauty-box" className={`${primaryLinkClass} mt-4`}>
              {t("account.beautyBox.discover")}
            </Link>
          </section>
        ) : (
          <>
            <section aria-labelledby="box-status" className="rounded-2xl border border-line p-6">
              <h2 id="box-status" className="font-display text-2xl">
                {t("account.beautyBox.status")} :{" "}
                {sub.status === "active"
                  ? t("account.beautyBox.statusActive")
                  : sub.status === "paused"
                    ? t("account.beautyBox.statusPaused")
                    : t("account.beautyBox.statusCancelled")}
              </h2>
              {sub.status === "active" ? (
                <p className="mt-2">
                  {t("account.beautyBox.nextBox", {
                    month: monthLabel(nextBoxMonth(sub)),
                    date: format.date(`${firstDayOf(nextBoxMonth(sub))}T12:00:00Z`),
                    price: format.price(sub.price_cents),
                  })}
                </p>
              ) : sub.status === "paused" ? (
                <p className="mt-2">{t("account.beautyBox.pausedText")}</p>
              ) : (
                <>
                  <p className="mt-2">{t("account.beautyBox.cancelledText", { date: format.date(sub.cancelled_at ?? sub.created_at) })}</p>
                  <Link to="/beauty-box" className={`${primaryLinkClass} mt-4`}>
                    {t("account.beautyBox.subscribeAgain")}
                  </Link>
                </>
              )}
              {sub.status !== "cancelled" ? (
                <p className="mt-2">
                  {t("account.beautyBox.shipTo", {
                    name: `${sub.shipping_address.first_name} ${sub.shipping_address.last_name}`,
                    street: sub.shipping_address.street,
                    postalCode: sub.shipping_address.postal_code,
                    city: sub.shipping_address.city,
                  })}
                </p>
              ) : null}
            </section>

            {sub.status !== "cancelled" ? (
              <>
                <section aria-label={t("account.beautyBox.skippedMonths")} className="flex flex-wrap gap-3">
                  {sub.status === "active" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="skip" />
                      <input type="hidden" name="subscription_id" value={sub.id} />
                      <input type="hidden" name="month" value={nextBoxMonth(sub)} />
                      <button type="submit" className={buttonClass({ variant: "ink-outline" })} disabled={busy}>
                        {t("account.beautyBox.skip", { month: monthLabel(nextBoxMonth(sub)) })}
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="intent" value={sub.status === "paused" ? "resume" : "pause"} />
                    <input type="hidden" name="subscription_id" value={sub.id} />
                    <button type="submit" className={buttonClass({ variant: "ink-outline" })} disabled={busy}>
                      {sub.status === "paused" ? t("account.beautyBox.resume") : t("account.beautyBox.pause")}
                    </button>
                  </Form>
                </section>

                {sub.skipped_months.length > 0 ? (
                  <section aria-labelledby="box-skipped">
                    <h2 id="box-skipped" className="font-display text-xl">
                      {t("account.beautyBox.skippedMonths")}
                    </h2>
                    <ul className="mt-2 grid gap-2">
                      {sub.skipped_months.map((month) => (
                        <li key={month} className="flex flex-wrap items-center gap-3">
                          <span>{t("account.beautyBox.skippedMonth", { month: monthLabel(month) })}</span>
                          {month >= sub.next_month ? (
                            <Form method="post">
                              <input type="hidden" name="intent" value="unskip" />
                              <input type="hidden" name="subscription_id" value={sub.id} />
                              <input type="hidden" name="month" value={month} />
                              <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={busy}>
                                {t("account.beautyBox.unskip", { month: monthLabel(month) })}
                              </button>
                            </Form>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}

                <section className="grid gap-6 sm:grid-cols-2">
                  <Form method="post" className="grid gap-2">
                    <input type="hidden" name="intent" value="change_card" />
                    <input type="hidden" name="subscription_id" value={sub.id} />
                    <label htmlFor="box-card" className="font-semibold">
                      {t("account.beautyBox.card")}
                    </label>
                    <select
                      id="box-card"
                      name="payment_method_id"
                      defaultValue={sub.payment_method_id ?? ""}
                      className="min-h-11 rounded-lg border border-line px-3"
                    >
                      {page.cards.map((card) => (
                        <option key={card.id} value={card.id}>
                          {t("account.beautyBox.cardOption", { brand: card.brand, last4: card.last4, expiry: card.expiry ?? "" })}
                        </option>
                      ))}
                    </select>
                    <button
                      type="submit"
                      className={buttonClass({ variant: "outline", size: "sm" })}
                      disabled={busy || page.cards.length === 0}
                    >
                      {t("account.beautyBox.changeCard")}
                    </button>
                    <Link to="/dashboard?tab=payment" className={textLinkClass}>
                      {t("account.beautyBox.addCard")}
                    </Link>
                  </Form>
                  <Form method="post" className="grid gap-2">
                    <input type="hidden" name="intent" value="change_address" />
                    <input type="hidden" name="subscription_id" value={sub.id} />
                    <label htmlFor="box-address" className="font-semibold">
                      {t("account.beautyBox.address")}
                    </label>
                    <select id="box-address" name="address_id" className="min-h-11 rounded-lg border border-line px-3">
                      {page.addresses.map((a) => (
                        <option key={a.id} value={a.id}>
                          {`${a.first_name} ${a.last_name}, ${a.address_line_1}, ${a.postal_code} ${a.city}`}
                        </option>
                      ))}
                    </select>
                    <button
                      type="submit"
                      className={buttonClass({ variant: "outline", size: "sm" })}
                      disabled={busy || page.addresses.length === 0}
                    >
                      {t("account.beautyBox.changeAddress")}
                    </button>
                  </Form>
                </section>

                <section aria-labelledby="box-cancel" className="rounded-2xl border border-line p-6">
                  <h2 id="box-cancel" className="font-display text-xl">
                    {t("account.beautyBox.cancelTitle")}
                  </h2>
                  {confirming ? (
                    <Form method="post" className="mt-3 grid gap-3">
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="subscription_id" value={sub.id} />
                      <p>{t("account.beautyBox.cancelQuestion")}</p>
                      <label htmlFor="box-reason">{t("account.beautyBox.cancelReason")}</label>
                      <textarea id="box-reason" name="reason" maxLength={500} rows={2} className="rounded-lg border border-line p-2" />
                      <div className="flex flex-wrap gap-3">
                        <button type="submit" className={buttonClass({ variant: "accent", size: "lg" })} disabled={busy}>
                          {t("account.beautyBox.confirmCancel")}
                        </button>
                        <Link to="/ma-beauty-box" className={buttonClass({ variant: "outline" })}>
                          {t("account.beautyBox.keep")}
                        </Link>
                      </div>
                    </Form>
                  ) : (
                    // A GET form: the confirmation step works without JavaScript too.
                    <Form method="get" className="mt-3">
                      <button type="submit" name="resilier" value="1" className={buttonClass({ variant: "accent", size: "lg" })}>
                        {t("account.beautyBox.cancel")}
                      </button>
                    </Form>
                  )}
                </section>
              </>
            ) : null}

            <section aria-labelledby="box-history">
              <h2 id="box-history" className="font-display text-xl">
                {t("account.beautyBox.history")}
              </h2>
              {page.charges.length === 0 ? (
                <p className="mt-2">{t("account.beautyBox.noHistory")}</p>
              ) : (
                <div className="mt-3 overflow-x-auto">
                  <table className="w-full text-left">
                    <thead>
                      <tr>
                        <th scope="col">{t("account.beautyBox.month")}</th>
                        <th scope="col">{t("account.beautyBox.chargeStatus")}</th>
                        <th scope="col">{t("account.beautyBox.amount")}</th>
                        <th scope="col">{t("account.beautyBox.order")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {page.charges.map((c) => (
                        <tr key={c.month}>
                          <td>{monthLabel(c.month)}</td>
                          <td>
                            {c.status === "pending" && c.tries > 0
                              ? t("account.beautyBox.retrying", { tries: c.tries })
                              : t(`account.beautyBox.charge.${c.status}`)}
                          </td>
                          <td>{format.price(c.amount_cents)}</td>
                          <td>
                            {c.order_number ? (
                              <Link to={`/dashboard?tab=orders&commande=${encodeURIComponent(c.order_number)}`} className={textLinkClass}>
                                {c.order_number}
                              </Link>
                            ) : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </>
        )}
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
