export const GIFT_CARD_STATUSES = ["active", "disabled", "cancelled"] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

export type AdminGiftCardView = {
  id: string;
  last4: string;
  amount_cents: number;
  balance_cents: number;
  status: GiftCardStatus;
  expired: boolean;
  delivery_mode: "email" | "physical";
  recipient_email: string;
  buyer_email: string | null;
  order_reference: string | null;
  expires_at: string;
  created_at: string;
};

export type GiftCardLedgerEntry = {
  id: number;
  kind: "issue" | "use" | "refund";
  amount_cents: number;
  balance_after_cents: number;
  order_reference: string | null;
  /** The reason of a goodwill card's issue (decision 048). */
  note: string | null;
  created_at: string;
};
