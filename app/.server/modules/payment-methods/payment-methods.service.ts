import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentMethods, user } from "../../db/schema";
import { recordEvent } from "../../outbox/events";
import { savedCardProviderOf, type PaymentProvider } from "~/domain/payments/payment-provider";
import { isUuid } from "~/lib/uuid";
import { cardBrandOf, isExpired } from "~/domain/checkout/checkout.schema";
import { conflict, invalid, notFound } from "~/domain/errors";
import {
  FORBIDDEN_CARD_KEYS,
  MAX_PAYMENT_METHODS,
  PaymentMethodSchema,
  formatCardExpiry,
  paymentMethodFieldErrors,
  type PaymentMethodField,
  type PaymentMethodView,
} from "~/domain/payment-methods/payment-method.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

/**
 * The shopper's saved cards (`payment_methods`): the payment provider's token, the brand, the
 * last four digits, the holder and the expiry, never a card number nor a CVC. Every call is
 * scoped to one user id: a card of someone else reads exactly like a card that does not exist (404).
 *
 * Invariants: a non-empty list has exactly one default (a partial unique index also allows at
 * most one); the first card becomes the default; deleting the default makes the newest remaining
 * card the default. Changes to one user's cards are serialised by locking the user's row, so two
 * parallel additions cannot both become "the first" nor pass the size limit together.
 *
 * A token that leaves the list (a card deleted, an account erased, the same card saved again under
 * a new token) is recorded as `payment_method.removed` in the same transaction: the provider then
 * forgets it unless a payment schedule still charges it (decision 059, "Saved cards").
 */

export const PAYMENT_METHOD_NOT_FOUND_MESSAGE = "Moyen de paiement introuvable";
export const PAYMENT_METHOD_LIMIT_MESSAGE = `Vous ne pouvez pas enregistrer plus de ${MAX_PAYMENT_METHODS} cartes. Supprimez-en une pour en ajouter une nouvelle.`;
export const CVC_REFUSED_MESSAGE =
  "Le cryptogramme de la carte ne doit jamais être envoyé pour l'enregistrer : il n'est pas conservé et vous sera demandé à chaque paiement.";

/*
 * Refusals are thrown as domain errors (~/domain/errors): `invalid_payment_method` (with a message
 * per field), `cvc_refused`, `invalid_card` (the provider refused the card), `card_number_refused`
 * (a number sent while the provider's own form takes cards), `not_found` and `payment_method_limit`
 * (a conflict).
 */

export type PaymentMethodDeletion = { id: string; newDefaultId: string | null };

type PaymentMethodRow = typeof paymentMethods.$inferSelect;

const paymentMethodNotFound = () => notFound("not_found", PAYMENT_METHOD_NOT_FOUND_MESSAGE);

export function toPaymentMethodView(row: PaymentMethodRow, now = new Date()): PaymentMethodView {
  const hasExpiry = row.expMonth !== null && row.expYear !== null;
  const expired = hasExpiry && isExpired({ month: row.expMonth!, year: row.expYear! }, now);
  return {
    id: row.id,
    brand: row.cardBrand,
    last4: row.cardLastFour,
    expiry: formatCardExpiry(row.expMonth, row.expYear),
    holder: row.cardHolderName,
    is_default: row.isDefault,
    expired,
    // Cards recorded before tokenization have no token: the provider cannot charge them.
    usable: Boolean(row.providerToken) && hasExpiry && !expired,
    created_at: row.createdAt.toISOString(),
  };
}

/** Validates with the form's schema; the refusal carries one French message per field. */
function validate(input: unknown) {
  const body = input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (FORBIDDEN_CARD_KEYS.some((key) => key in body)) throw invalid("cvc_refused", CVC_REFUSED_MESSAGE);
  const parsed = PaymentMethodSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fieldErrors: Partial<Record<PaymentMethodField, string>> = paymentMethodFieldErrors(parsed.error);
  throw invalid("invalid_payment_method", Object.values(fieldErrors).join(" ; ") || "Moyen de paiement invalide", {
    fieldErrors,
  });
}

/** Serialises changes to one user's cards (and proves the user exists). */
async function lockUser(tx: Executor, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
  return rows.length > 0;
}

async function findOwn(tx: Executor, userId: string, id: string): Promise<PaymentMethodRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .limit(1);
  return row ?? null;
}

async function countOwn(db: Executor, userId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.userId, userId));
  return n;
}

/** The user's cards, the default first, then the newest. */
export async function listPaymentMethods(db: Executor, userId: string, now = new Date()): Promise<PaymentMethodView[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return rows.map((row) => toPaymentMethodView(row, now));
}

/** One of the user's own cards, or null (unknown or malformed id, or someone else's). */
export async function getPaymentMethod(db: Executor, userId: string, id: string): Promise<PaymentMethodView | null> {
  const row = await findOwn(db, userId, id);
  return row ? toPaymentMethodView(row) : null;
}

/**
 * Saves a card: the number goes once to the provider (for this customer), which keeps the card
 * and answers a token; only the token, brand, last four, expiry and holder are stored. The first
 * card becomes the default; `is_default: true` makes a later one the default instead. The same
 * card again (brand, last four and expiry; or a card recorded before tokenization with the same
 * brand and last four) is updated with the new token rather than listed twice, so re-adding an
 * old untokenized card makes it usable.
 */
export async function addPaymentMethod(
  db: Executor,
  provider: PaymentProvider,
  userId: string,
  input: unknown,
): Promise<PaymentMethodView> {
  // With a provider whose own form takes the card (Stripe), a number goes no further than this,
  // whatever it looks like: it belongs in that form (decision 059, SAQ A).
  if (savedCardProviderOf(provider)) throw invalid("card_number_refused", ACCOUNT_MESSAGES.cardNumberInStripeForm);
  const card = validate(input);
  const { expiry } = card;
  const seen = { brand: cardBrandOf(card.number), lastFour: card.number.slice(-4), expiry };
  // Early refusal, so a full list sends nothing to the provider (checked again under the lock).
  if ((await countOwn(db, userId)) >= MAX_PAYMENT_METHODS && !(await findSame(db, userId, seen))) {
    throw conflict("payment_method_limit", PAYMENT_METHOD_LIMIT_MESSAGE);
  }
  const made = await provider.tokenize({ number: card.number, expiry, customerRef: userId });
  if (!made.ok) throw invalid("invalid_card", made.message, { field: "number", fieldErrors: { number: made.message } });
  const { token, brand, lastFour, expMonth, expYear } = made;
  return storeCard(db, userId, { token, brand, lastFour, expMonth, expYear, holder: card.holder, isDefault: card.is_default });
}

/** A card the provider keeps (its token) with what the shop shows of it; `isDefault` asks to make it the default. */
export type CardToStore = {
  token: string;
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
  holder: string;
  isDefault: boolean;
};

/**
 * A card a provider's own form saved (Stripe: the PaymentMethod a confirmed SetupIntent attached
 * to the shopper's Customer), stored with the same rules as `addPaymentMethod`: the size limit, the
 * same card again updated rather than listed twice, the first card the default.
 */
export async function savePaymentMethodFromSetup(db: Executor, userId: string, card: CardToStore): Promise<PaymentMethodView> {
  return storeCard(db, userId, card);
}

/** Refuses a new card when the list is full (before a provider's form is even started). */
export async function assertRoomForPaymentMethod(db: Executor, userId: string): Promise<void> {
  if ((await countOwn(db, userId)) >= MAX_PAYMENT_METHODS) throw conflict("payment_method_limit", PAYMENT_METHOD_LIMIT_MESSAGE);
}

/** Inserts a tokenized card, or updates the same card already listed, under the user's lock. */
async function storeCard(db: Executor, userId: string, card: CardToStore): Promise<PaymentMethodView> {
  const seen = { brand: card.brand, lastFour: card.lastFour, expiry: { month: card.expMonth, year: card.expYear } };
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw paymentMethodNotFound();
    const same = await findSame(tx, userId, seen);
    const n = await countOwn(tx, userId);
    if (!same && n >= MAX_PAYMENT_METHODS) throw conflict("payment_method_limit", PAYMENT_METHOD_LIMIT_MESSAGE);
    const isDefault = n === 0 || card.isDefault || (same?.isDefault ?? false);
    if (isDefault) {
      // The previous default steps down first: the partial unique index allows one at a time.
      const others = and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true));
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(same ? and(others, ne(paymentMethods.id, same.id)) : others);
    }
    const stored = {
      cardBrand: card.brand,
      cardLastFour: card.lastFour,
      cardHolderName: card.holder,
      expMonth: card.expMonth,
      expYear: card.expYear,
      providerToken: card.token,
      isDefault,
    };
    const [row] = same
      ? await tx.update(paymentMethods).set(stored).where(eq(paymentMethods.id, same.id)).returning()
      : await tx
          .insert(paymentMethods)
          .values({ userId, type: "card", ...stored })
          .returning();
    if (same) await recordReplacedToken(tx, same.providerToken, card.token);
    return toPaymentMethodView(row);
  });
}

/** The same card saved again under a new token: the old token is no longer the shop's to keep. */
async function recordReplacedToken(tx: Executor, previous: string | null, current: string): Promise<void> {
  if (previous && previous !== current) await recordEvent(tx, "payment_method.removed", { tokens: [previous], reason: "replaced" });
}

/** The user's card with this brand, last four and expiry (or with none recorded, before tokenization). */
async function findSame(
  db: Executor,
  userId: string,
  card: { brand: string | null; lastFour: string; expiry: { month: number; year: number } },
): Promise<PaymentMethodRow | null> {
  const { brand, expiry } = card;
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.cardLastFour, card.lastFour)));
  return (
    rows.find(
      (r) =>
        r.cardBrand === brand &&
        ((r.expMonth === expiry.month && r.expYear === expiry.year) || (!r.providerToken && (r.expMonth === null || r.expYear === null))),
    ) ?? null
  );
}

/**
 * Makes an own card the default. Every other card of the user is cleared in the same
 * transaction (not only the previous default, so a list left with two or none by anything else
 * is repaired too): exactly one default remains.
 */
export async function setDefaultPaymentMethod(db: Executor, userId: string, id: string): Promise<PaymentMethodView> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw paymentMethodNotFound();
    const current = await findOwn(tx, userId, id);
    if (!current) throw paymentMethodNotFound();
    // Two statements: the partial unique index would refuse the new default while the old one is still set.
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, current.id), eq(paymentMethods.isDefault, true)));
    const [row] = await tx
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(and(eq(paymentMethods.id, current.id), eq(paymentMethods.userId, userId)))
      .returning();
    return toPaymentMethodView(row);
  });
}

/** Deletes an own card; when it was the default, the newest remaining card becomes the default. */
export async function deletePaymentMethod(db: Executor, userId: string, id: string): Promise<PaymentMethodDeletion> {
  return db.transaction(async (tx): Promise<PaymentMethodDeletion> => {
    if (!(await lockUser(tx, userId))) throw paymentMethodNotFound();
    const current = await findOwn(tx, userId, id);
    if (!current) throw paymentMethodNotFound();
    await tx.delete(paymentMethods).where(and(eq(paymentMethods.id, current.id), eq(paymentMethods.userId, userId)));
    if (current.providerToken) await recordEvent(tx, "payment_method.removed", { tokens: [current.providerToken], reason: "deleted" });
    const [stillDefault] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)))
      .limit(1);
    if (stillDefault) return { id: current.id, newDefaultId: null };
    const [newest] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id))
      .limit(1);
    if (!newest) return { id: current.id, newDefaultId: null };
    await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, newest.id));
    return { id: current.id, newDefaultId: newest.id };
  });
}

/**
 * Keeps the card an order was just paid with, when the shopper asked: the provider's token, brand,
 * last four digits, holder and expiry, and not twice (the same card again takes the new token).
 * The first card becomes the default one (spec back-office §4). Runs in the order's transaction.
 */
export async function savePaymentMethodFromCharge(
  tx: Executor,
  userId: string,
  card: { token: string; brand: string; lastFour: string; holder: string; expiry: { month: number; year: number } },
): Promise<void> {
  const own = await tx
    .select({
      id: paymentMethods.id,
      brand: paymentMethods.cardBrand,
      last: paymentMethods.cardLastFour,
      m: paymentMethods.expMonth,
      y: paymentMethods.expYear,
      token: paymentMethods.providerToken,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId));
  const { expiry } = card;
  const same = own.find((c) => c.brand === card.brand && c.last === card.lastFour && c.m === expiry.month && c.y === expiry.year);
  if (same) {
    await tx.update(paymentMethods).set({ providerToken: card.token }).where(eq(paymentMethods.id, same.id));
    await recordReplacedToken(tx, same.token, card.token);
    return;
  }
  await tx.insert(paymentMethods).values({
    userId,
    type: "card",
    cardBrand: card.brand,
    cardLastFour: card.lastFour,
    cardHolderName: card.holder,
    expMonth: expiry.month,
    expYear: expiry.year,
    providerToken: card.token,
    isDefault: own.length === 0,
  });
}

export const SAVED_CARD_NOT_FOUND_MESSAGE = CHECKOUT_MESSAGES.savedCardNotFoundChoose;
export const SAVED_CARD_NOT_TOKENIZED_MESSAGE =
  "Cette carte a été enregistrée avant la sécurisation des paiements : ajoutez-la à nouveau dans Moyens de paiement ou payez avec une nouvelle carte.";
export const SAVED_CARD_EXPIRED_MESSAGE = "Cette carte a expiré : choisissez une autre carte.";

/** A saved card that can pay: the provider's token and what the order records. */
export type ChargeableCard = {
  id: string;
  token: string;
  brand: string;
  lastFour: string;
  holder: string;
  expMonth: number;
  expYear: number;
};

/**
 * The shopper's own saved card, ready to be charged; refused when it is someone else's (read as
 * unknown), was recorded without a provider token, or has expired.
 */
export async function chargeableCardOf(db: Executor, userId: string, id: string, now = new Date()): Promise<ChargeableCard> {
  const row = await findOwn(db, userId, id);
  if (!row) throw notFound("payment_method_not_found", SAVED_CARD_NOT_FOUND_MESSAGE, { field: "payment_method_id" });
  if (!row.providerToken || row.expMonth === null || row.expYear === null) {
    throw invalid("payment_method_not_usable", SAVED_CARD_NOT_TOKENIZED_MESSAGE, { field: "payment_method_id" });
  }
  if (isExpired({ month: row.expMonth, year: row.expYear }, now)) {
    throw invalid("card_expired", SAVED_CARD_EXPIRED_MESSAGE, { field: "payment_method_id" });
  }
  return {
    id: row.id,
    token: row.providerToken,
    brand: row.cardBrand,
    lastFour: row.cardLastFour,
    holder: row.cardHolderName,
    expMonth: row.expMonth,
    expYear: row.expYear,
  };
}

/** The erasure of an account (RGPD art. 17): the provider forgets its cards too (their tokens follow as an event). */
export async function erasePaymentMethodsOf(tx: Executor, userId: string): Promise<void> {
  const erased = await tx
    .delete(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .returning({ token: paymentMethods.providerToken });
  const tokens = [...new Set(erased.flatMap((row) => (row.token ? [row.token] : [])))];
  if (tokens.length > 0) await recordEvent(tx, "payment_method.removed", { tokens, reason: "erased" });
}

/** Which of these provider tokens a saved card (anyone's) still holds. */
export async function savedCardTokensAmong(db: Executor, tokens: readonly string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ token: paymentMethods.providerToken })
    .from(paymentMethods)
    .where(inArray(paymentMethods.providerToken, [...tokens]));
  return new Set(rows.flatMap((row) => (row.token ? [row.token] : [])));
}
