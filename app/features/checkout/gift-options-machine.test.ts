/** The checkout machine's gift options (decision 068): checked before leaving Livraison, sent in the order body. */
import { describe, expect, it } from "vitest";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import { TEST_CARD_APPROVED } from "~/domain/checkout/checkout.schema";
import type { CheckoutQuote } from "~/domain/checkout/checkout-quote.types";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { GIFT_MESSAGE_TOO_LONG_MESSAGE } from "~/domain/checkout/gift-options";
import { checkPayment, checkShipping, checkoutReducer, initialCheckoutState } from "./checkout-machine";

const CONTACT = { email: "lea@example.fr", name: "Léa Moreau", phone: "06 12 34 56 78" };
const ADDRESS = {
  id: "00000000-0000-4000-8000-0000000000a1",
  first_name: "Léa",
  last_name: "Moreau",
  address_line_1: "12 rue des Lilas",
  city: "Lyon",
  postal_code: "69003",
  country: "France",
  phone: "04 72 00 00 00",
} as SavedAddressView;
const LINES = [{ product_id: "00000000-0000-4000-8000-0000000000c1", quantity: 1 }];
const QUOTE = {
  problems: [],
  stock_problems: [],
  shipping: { zone: "metropole", zoneLabel: "France métropolitaine", feeCents: 490, method: "standard", freeThresholdCents: null },
  delivery_error: null,
  points_to_use: 0,
  promo: null,
  needs_address: true,
  card_cents: 5980,
  gift_card_refusals: [],
} as unknown as CheckoutQuote;

const edited = (gift: { wrap: boolean; message: string; hide_prices: boolean }) => {
  const start = { ...initialCheckoutState({ contact: CONTACT, paymentChoice: "new" }) };
  const state = checkoutReducer({ ...start, form: { ...start.form, address: ADDRESS } }, { type: "giftOptionsEdited", gift });
  return state.form;
};

describe("gift options in the checkout machine", () => {
  const shipping = (form: ReturnType<typeof edited>) => checkShipping({ form, needsAddress: true, quoteStale: false, deliveryError: null });

  it("stays on Livraison with the French message while the gift message is too long or holds markup", () => {
    expect(shipping(edited({ wrap: true, message: "é".repeat(201), hide_prices: false }))).toEqual({
      kind: "giftInvalid",
      message: GIFT_MESSAGE_TOO_LONG_MESSAGE,
    });
    expect(shipping(edited({ wrap: false, message: "<i>x</i>", hide_prices: false }))).toEqual({
      kind: "giftInvalid",
      message: CHECKOUT_MESSAGES.giftMessageNoMarkup,
    });
    expect(shipping(edited({ wrap: true, message: "é".repeat(200), hide_prices: true })).kind).toBe("ready");
  });

  it("sends the options trimmed in the order body, and no `gift` when nothing was chosen", () => {
    const card = { holder: "Léa Moreau", number: TEST_CARD_APPROVED, expiry: "12/39", cvc: "123" };
    const body = (gift: { wrap: boolean; message: string; hide_prices: boolean }) => {
      const check = checkPayment({
        form: { ...edited(gift), card },
        quote: QUOTE,
        needsAddress: true,
        savedCards: [],
        lines: LINES,
        giftCards: [],
        instalments: 1,
      });
      if (check.kind !== "ready") throw new Error(check.kind);
      return JSON.parse(check.body) as { gift?: unknown };
    };
    expect(body({ wrap: true, message: "  Bises  ", hide_prices: true }).gift).toEqual({ wrap: true, message: "Bises", hide_prices: true });
    expect(body({ wrap: false, message: "   ", hide_prices: false }).gift).toBeUndefined();
  });
});
