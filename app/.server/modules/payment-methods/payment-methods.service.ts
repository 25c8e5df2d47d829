import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentMethods, user } from "../../db/schema";
import type { PaymentProvider } from "~/domain/payments/payment-provider";
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
 */

export const PAYMENT_METHOD_NOT_FOUND_MESSAGE = "Moyen de paiement introuvable";
export const PAYMENT_METHOD_LIMIT_MESSAGE = `Vous ne pouvez pas enregistrer plus de ${MAX_PAYMENT_METHODS} cartes. Supprimez-en une pour en ajouter une nouvelle.`;
export const CVC_REFUSED_MESSAGE =
  "Le cryptogramme de la carte ne doit jamais être envoyé pour l'enregistrer : il n'est pas conservé et vous sera demandé à chaque paiement.";

/*
 * Refusals are thrown as domain errors (~/domain/errors): `invalid_payment_method` (with a message
 * per field), `cvc_refused`, `invalid_card` (the provider refused the card), `not_found` and
 * `payment_method_limit` (a conflict).
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
  provider: Pick<PaymentProvider, "tokenize">,
  userId: string,
  input: unknown,
): Promise<PaymentMethodView> {
  const card = validate(input);
  const { expiry } = card;
  // Early refusal, so a full list sends nothing to the provider (checked again under the lock).
  if ((await countOwn(db, userId)) >= MAX_PAYMENT_METHODS && !(await findSame(db, userId, card.number, expiry))) {
    throw conflict("payment_method_limit", PAYMENT_METHOD_LIMIT_MESSAGE);
  }
  const made = await provider.tokenize({ number: card.number, expiry, customerRef: userId });
  if (!made.ok) throw invalid("invalid_card", made.message, { field: "number", fieldErrors: { number: made.message } });
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw paymentMethodNotFound();
    const same = await findSame(tx, userId, card.number, expiry);
    const n = await countOwn(tx, userId);
    if (!same && n >= MAX_PAYMENT_METHODS) throw conflict("payment_method_limit", PAYMENT_METHOD_LIMIT_MESSAGE);
    const isDefault = n === 0 || card.is_default || (same?.isDefault ?? false);
    if (isDefault) {
      // The previous default steps down first: the partial unique index allows one at a time.
      const others = and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true));
      await tx
        .update(paymentMethods)
        .set({ isDefault: false })
        .where(same ? and(others, ne(paymentMethods.id, same.id)) : others);
    }
    const stored = {
      cardBrand: made.brand,
      cardLastFour: made.lastFour,
      cardHolderName: card.holder,
      expMonth: made.expMonth,
      expYear: made.expYear,
      providerToken: made.token,
      isDefault,
    };
    const [row] = same
      ? await tx.update(paymentMethods).set(stored).where(eq(paymentMethods.id, same.id)).returning()
      : await tx
          .insert(paymentMethods)
          .values({ userId, type: "card", ...stored })
          .returning();
    return toPaymentMethodView(row);
  });
}

/** The user's card matching a number's brand and last four with this expiry (or none recorded). */
async function findSame(
  db: Executor,
  userId: string,
  digits: string,
  expiry: { month: number; year: number },
): Promise<PaymentMethodRow | null> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.cardLastFour, digits.slice(-4))));
  const brand = cardBrandOf(digits);
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
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId));
  const { expiry } = card;
  const same = own.find((c) => c.brand === card.brand && c.last === card.lastFour && c.m === expiry.month && c.y === expiry.year);
  if (same) {
    await tx.update(paymentMethods).set({ providerToken: card.token }).where(eq(paymentMethods.id, same.id));
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

/** The erasure of an account (RGPD art. 17). */
export async function erasePaymentMethodsOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
}
