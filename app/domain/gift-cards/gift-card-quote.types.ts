/** What the checkout quote says about gift cards: those bought as lines and those used to pay. */
export type GiftCardLineQuote = {
  name: string;
  amount_cents: number;
  fee_cents: number;
  total_cents: number;
  delivery_mode: "email" | "physical";
  occasion: string;
  recipient_name: string;
  recipient_email: string;
};

export type GiftCardPaymentQuote = { code: string; last4: string; balance_cents: number; applied_cents: number };

export type GiftCardCheckoutQuote = {
  /** Gift cards bought in this order (value plus the premium card fee). */
  gift_card_lines: GiftCardLineQuote[];
  gift_card_lines_cents: number;
  /** A physical card travels by post: an address is needed even without products. */
  has_physical_gift_card: boolean;
  /** Codes applied as payment, in the order typed, and what each one pays. */
  gift_card_payments: GiftCardPaymentQuote[];
  /** Codes refused, with the French reason. */
  /** Codes that cannot pay: the French message and, for an expired card, its expiry instant (ISO) for the page to word. */
  gift_card_refusals: { code: string; message: string; expires_at?: string }[];
  gift_card_cents: number;
};
