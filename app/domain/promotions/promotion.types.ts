/** A promo code accepted for an order, with the discount it gives. */
export type AppliedPromo = {
  id: string;
  code: string;
  kind: "percentage" | "fixed";
  percent_off: number | null;
  amount_off_cents: number | null;
  discount_cents: number;
};
