import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { CheckoutQuote } from "~/domain/checkout/checkout-quote.types";
import type { CheckoutStep, QuoteResponse } from "./components/checkout-types";
import { businessInvoiceOf, type CheckoutForm, type OrderGiftCards, type OrderLines } from "./checkout-machine";

/** The action that answers the quote intent (the same for the checkout and its debug variant). */
const QUOTE_ACTION = "/checkout";

export type CheckoutQuoteState = {
  /** The last answer, a quote or the French reason there is none. */
  result: QuoteResponse | undefined;
  quote: CheckoutQuote | null;
  loading: boolean;
  /** Loading, or answered for a request other than the current one (the address just changed). */
  stale: boolean;
};

/**
 * The server's quote for the cart and the choices: asked again whenever they change, on every
 * step change before the confirmation, and when `refresh` is bumped.
 */
export function useCheckoutQuote({
  form,
  lines,
  giftCards,
  enabled,
  step,
  refresh,
}: {
  form: CheckoutForm;
  lines: OrderLines;
  giftCards: OrderGiftCards;
  /** False until the page is hydrated. */
  enabled: boolean;
  step: CheckoutStep;
  refresh: number;
}): CheckoutQuoteState {
  const fetcher = useFetcher<QuoteResponse>();
  const { address, points, promoCode, giftCardCodes, deliveryMethod, relayPoint } = form;
  // The company, once its fields are valid: a VAT number of another member state may reverse-charge the order.
  const business = businessInvoiceOf(form.business);
  const quoteKey = JSON.stringify([
    lines,
    address?.id ?? null,
    points,
    promoCode,
    giftCards,
    giftCardCodes,
    deliveryMethod,
    relayPoint?.id ?? null,
    business,
    form.gift.wrap,
  ]);
  const submitQuote = useRef(fetcher.submit);
  submitQuote.current = fetcher.submit;
  const currentRequest = {
    lines,
    address_id: address?.id ?? null,
    points_to_use: points,
    promo_code: promoCode,
    gift_cards: giftCards,
    gift_card_codes: giftCardCodes,
    delivery_method: deliveryMethod,
    relay_point_id: deliveryMethod === "relay" ? (relayPoint?.id ?? null) : null,
    business_invoice: business,
    gift_wrap: form.gift.wrap,
  };
  const request = useRef(currentRequest);
  request.current = currentRequest;
  /** The request the last quote asked for: a quote of another one is stale. */
  const quotedKey = useRef<string | null>(null);
  useEffect(() => {
    quotedKey.current = quoteKey;
    if (!enabled || step === "confirmation" || (request.current.lines.length === 0 && request.current.gift_cards.length === 0)) return;
    void submitQuote.current(
      { intent: "quote", ...request.current },
      { method: "post", action: QUOTE_ACTION, encType: "application/json" },
    );
    // quoteKey stands for the request's content (lines, address, points...).
  }, [enabled, step, quoteKey, refresh]);

  const result = fetcher.data;
  const loading = fetcher.state !== "idle";
  return {
    result,
    quote: result?.ok ? result.data : null,
    loading,
    stale: loading || quotedKey.current !== quoteKey,
  };
}
