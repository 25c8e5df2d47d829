import type { ReactNode } from "react";
import { useLanguage, useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { formatPrice } from "~/lib/money";
import { IndicativePrice } from "~/components/ui/indicative-price";
import { formatDeliveryDate } from "~/domain/delivery/delivery-dates";
import { lineName } from "~/domain/cart/line-name";
import { formatAddressLines } from "~/features/addresses/public/address-api";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import type { CheckoutTaxQuote } from "~/domain/checkout/checkout-quote.types";
import type { CheckoutQuote, ContactValues } from "./checkout-types";

const TAX_NOTICES = {
  duties_recipient: "checkout.summary.tax.notice.duties_recipient",
  duties_paid: "checkout.summary.tax.notice.duties_paid",
  reverse_charge: "checkout.summary.tax.notice.reverse_charge",
  destination_vat: "checkout.summary.tax.notice.destination_vat",
} as const satisfies Record<NonNullable<CheckoutTaxQuote["notice"]>, MessageKey>;

/**
 * The order recap with the server's figures (quoteCheckout): lines at today's prices, the
 * delivery fee of the address's zone, the Beauty Pass discount and the total. Once an address is
 * chosen the quote says its VAT (decision 063): outside the French VAT territory the prices are
 * without French VAT, marked "HT" when they carry no VAT at all, with the sentence saying why.
 */
export function OrderSummary({
  quote,
  loading,
  address,
  contact,
  title,
  headingLevel = 2,
  promoField,
}: {
  quote: CheckoutQuote | null;
  loading: boolean;
  address?: SavedAddressView | null;
  contact?: ContactValues;
  title?: string;
  headingLevel?: 2 | 3;
  /** The 'Code promo' field, shown under the lines. */
  promoField?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const t = useT();
  const translateMessage = useTranslateMessage();
  const locale = LANGUAGE_LOCALES[useLanguage()];
  const tax = quote?.tax ?? null;
  // Exempt (export, overseas, reverse charge): every amount is before tax. Under the destination's
  // VAT the amounts include that VAT, so they are not "HT".
  const beforeTax = tax !== null && !tax.prices_include_french_vat && tax.vat_cents === 0;
  const amount = (cents: number) => (beforeTax ? t("checkout.summary.tax.amountHt", { amount: formatPrice(cents) }) : formatPrice(cents));
  return (
    <section aria-labelledby="order-summary-title" aria-busy={loading} className="rounded-2xl border border-line bg-cream p-5">
      <div className="flex items-baseline justify-between gap-3">
        <Heading id="order-summary-title" className="text-lg font-semibold">
          {title ?? t("checkout.summary.title")}
        </Heading>
        {loading && (
          <span role="status" className="text-xs text-muted">
            {t("checkout.summary.updating")}
          </span>
        )}
      </div>
      {!quote ? (
        <p className="mt-3 text-sm text-muted">{t("checkout.summary.computing")}</p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-line">
            {quote.lines.map((line) => (
              <li key={line.variant_id} className="flex gap-3 py-3 text-sm">
                {line.image_url ? (
                  <img
                    src={line.image_url}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className="h-14 w-14 shrink-0 rounded-lg object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="h-14 w-14 shrink-0 rounded-lg bg-band" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{lineName(line.name, line.variant_label)}</span>
                  <span className="block text-muted">
                    {line.quantity} x {amount(line.unit_price_cents)}
                  </span>
                  {!line.available && <span className="block font-medium text-danger">{t("checkout.summary.unavailable")}</span>}
                </span>
                <span className="font-semibold">{amount(line.line_total_cents)}</span>
              </li>
            ))}
            {/* Gift cards bought */}
            {quote.gift_card_lines.map((line, i) => (
              <li key={`gift-${i}`} className="flex gap-3 py-3 text-sm">
                <span aria-hidden="true" className="h-14 w-14 shrink-0 rounded-lg bg-accent" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{line.name}</span>
                  {line.delivery_mode === "email" && (
                    <span className="block break-words text-muted">
                      {t("checkout.summary.giftFor", { email: line.recipient_email ?? "" })}
                    </span>
                  )}
                  {line.fee_cents > 0 && (
                    <span className="block text-muted">{t("checkout.summary.premiumCard", { amount: formatPrice(line.fee_cents) })}</span>
                  )}
                </span>
                <span className="font-semibold">{formatPrice(line.total_cents)}</span>
              </li>
            ))}
          </ul>
          {promoField}
          <dl className="mt-3 space-y-2 border-t border-line pt-3 text-sm">
            <div className="flex justify-between gap-3">
              <dt>{t("checkout.summary.subtotal")}</dt>
              <dd>{amount(quote.subtotal_cents)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt>
                {quote.shipping
                  ? t("checkout.summary.deliveryZone", { zone: translateMessage(quote.shipping.zoneLabel) })
                  : t("checkout.summary.delivery")}
              </dt>
              <dd>
                {!quote.needs_address ? (
                  <span className="text-muted">{t("checkout.summary.noDelivery")}</span>
                ) : !quote.shipping ? (
                  <span className="text-muted">{t("checkout.summary.byAddress")}</span>
                ) : quote.shipping.feeCents === 0 ? (
                  <span className="font-semibold text-success">{t("checkout.summary.free")}</span>
                ) : (
                  amount(quote.shipping.feeCents)
                )}
              </dd>
            </div>
            {quote.gift?.options.wrap && (
              <div className="flex justify-between gap-3">
                <dt>{t("checkout.summary.giftWrap")}</dt>
                <dd>
                  {quote.gift.wrap_cents === 0 ? (
                    <span className="font-semibold text-success">{t("checkout.summary.giftWrapFree")}</span>
                  ) : (
                    amount(quote.gift.wrap_cents)
                  )}
                </dd>
              </div>
            )}
            {quote.discount_cents > 0 && (
              <div className="flex justify-between gap-3">
                <dt>{t("checkout.summary.points", { count: quote.points_to_use })}</dt>
                <dd className="text-success">-{formatPrice(quote.discount_cents)}</dd>
              </div>
            )}
            {quote.promo && quote.promo_discount_cents > 0 && (
              <div className="flex justify-between gap-3">
                <dt>{t("checkout.summary.promo", { code: quote.promo.code })}</dt>
                <dd className="text-success">-{formatPrice(quote.promo_discount_cents)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-3 border-t border-line pt-2 text-base font-semibold">
              <dt>{t(beforeTax ? "checkout.summary.tax.totalHt" : "checkout.summary.total")}</dt>
              <dd className="text-right">
                {formatPrice(quote.total_cents)}
                <IndicativePrice cents={quote.total_cents} className="block" />
              </dd>
            </div>
            {tax && tax.vat_cents > 0 && (
              <div className="flex justify-between gap-3 text-muted">
                <dt>{t("checkout.summary.tax.vatIncluded")}</dt>
                <dd>{formatPrice(tax.vat_cents)}</dd>
              </div>
            )}
            {/* Gift cards used as payment */}
            {quote.gift_card_payments.map((p) => (
              <div key={p.code} className="flex justify-between gap-3">
                <dt>{t("checkout.summary.giftCardPayment", { last4: p.last4 })}</dt>
                <dd className="text-success">-{formatPrice(p.applied_cents)}</dd>
              </div>
            ))}
            {quote.gift_card_cents > 0 && (
              <div className="flex justify-between gap-3 font-semibold">
                <dt>{t("checkout.summary.cardRest")}</dt>
                <dd>{formatPrice(quote.card_cents)}</dd>
              </div>
            )}
          </dl>
          {tax && (!tax.prices_include_french_vat || tax.notice) && (
            <div role="note" className="mt-3 space-y-1 rounded-lg border border-line bg-white p-3 text-xs">
              {!tax.prices_include_french_vat && <p className="font-semibold">{t("checkout.summary.tax.excludingFrenchVat")}</p>}
              {tax.notice && <p>{t(TAX_NOTICES[tax.notice])}</p>}
            </div>
          )}
          {quote.delivery && quote.shipping && (
            <p className="mt-2 text-xs text-muted">
              {t("checkout.summary.deliveryEstimate", {
                method: translateMessage(quote.delivery.name),
                carrier: quote.delivery.carrier_label,
                date: formatDeliveryDate(quote.delivery.estimated_date, locale),
              })}
              {quote.delivery.perk_label ? `. ${translateMessage(quote.delivery.perk_label)}` : ""}
            </p>
          )}
          {quote.shipping && quote.shipping.freeThresholdCents !== null && quote.shipping.feeCents > 0 && (
            <p className="mt-2 text-xs text-muted">
              {t("checkout.summary.freeFrom", {
                threshold: formatPrice(quote.shipping.freeThresholdCents),
                // Gift cards bought do not count towards free delivery.
                left: formatPrice(Math.max(0, quote.shipping.freeThresholdCents - (quote.subtotal_cents - quote.gift_card_lines_cents))),
              })}
            </p>
          )}
        </>
      )}
      {(address || contact || quote?.relay_point) && (
        <div className="mt-4 grid gap-4 border-t border-line pt-4 text-sm sm:grid-cols-2">
          {quote?.relay_point && (
            <div>
              <p className="font-semibold">{t("checkout.summary.relayPickup")}</p>
              <address className="not-italic text-muted">
                <span className="block break-words">{quote.relay_point.name}</span>
                <span className="block break-words">{quote.relay_point.street}</span>
                <span className="block">
                  {quote.relay_point.postal_code} {quote.relay_point.city}
                </span>
                <span className="block">{quote.relay_point.opening_hours}</span>
              </address>
            </div>
          )}
          {address && (
            <div>
              <p className="font-semibold">{quote?.relay_point ? t("checkout.summary.recipient") : t("checkout.summary.deliverTo")}</p>
              <address className="not-italic text-muted">
                {formatAddressLines(address, translateMessage).map((line, i) => (
                  <span key={i} className="block break-words">
                    {line}
                  </span>
                ))}
                <span className="block">{address.phone}</span>
              </address>
            </div>
          )}
          {contact && (
            <div>
              <p className="font-semibold">{t("checkout.summary.contact")}</p>
              <p className="break-words text-muted">
                <span className="block">{contact.name}</span>
                <span className="block">{contact.email}</span>
                <span className="block">{contact.phone}</span>
              </p>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
