/**
 * The data of the gift card actions' ActionResults (decision 056), isomorphic: /carte-cadeau adds
 * the configured card (its data is the GiftCardConfig) and checks a balance; the checkout's
 * 'Carte cadeau' field applies a code.
 */

/** "Consulter le solde": the card's balance and expiry. */
export type GiftCardBalance = { last4: string; balance_cents: number; amount_cents: number; expires_at: string; expired: boolean };

/** The checkout's "Appliquer": the code as the order will send it, and its last four characters. */
export type AppliedGiftCard = { code: string; last4: string };

/** An expired card's refusal carries its date in `details`, for the page to word it in its language (decision 044). */
export function expiredCardDate(result: { code: string; details?: unknown }): string | null {
  if (result.code !== "gift_card_expired") return null;
  const expiresAt = (result.details as { expires_at?: unknown } | undefined)?.expires_at;
  return typeof expiresAt === "string" ? expiresAt : null;
}
