/**
 * Promo codes at checkout (docs/decisions/016-promo-codes.md): checking a code for the quote,
 * claiming a use inside the order's transaction, giving it back when the order is cancelled or
 * returned, and the newsletter's personal welcome code.
 *
 * Concurrency: a use is claimed by ONE conditional UPDATE (`used_count = used_count + 1 WHERE
 * used_count < usage_limit`), which also locks the code's row until the order commits; the
 * per-customer count read after it therefore sees every committed use, and the partial unique
 * index on (code, customer, customer_use) backs the per-customer limit in the database.
 */
import { randomInt } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { orders, products, promoCodeCategories, promoCodes, promoRedemptions, user } from "~/.server/db/schema";
import { enqueueMail } from "~/.server/outbox/outbox.service";
import { renderMail } from "~/.server/mail/templates";
import {
  PROMO_ALREADY_USED_MESSAGE,
  PROMO_DISABLED_MESSAGE,
  PROMO_EXPIRED_MESSAGE,
  PROMO_FIRST_ORDER_ONLY_MESSAGE,
  PROMO_NO_ELIGIBLE_MESSAGE,
  PROMO_NOT_COMBINABLE_MESSAGE,
  PROMO_NOT_YOURS_MESSAGE,
  PROMO_UNKNOWN_MESSAGE,
  PROMO_USAGE_LIMIT_MESSAGE,
  lastValidDay,
  normalizePromoCode,
  promoDiscountCents,
  promoMinimumMessage,
  promoNotYetValidMessage,
  type PromoLine,
  type PromoRefusalCode,
} from "~/domain/promotions/promotions.schema";
import { formatDate } from "~/lib/paris-time";
import { NEWSLETTER_WELCOME_PERCENT, NEWSLETTER_WELCOME_VALIDITY_DAYS } from "~/lib/shop-rules";
import type { AppliedPromo } from "~/domain/promotions/promotion.types";
import { firstNameOfEmail, mailLanguageOfEmail } from "~/.server/db/recipients";

type PromoCodeRow = typeof promoCodes.$inferSelect;

/** A code accepted for an order: what the quote and the order show. */

export type PromoRefusal = { ok: false; reason: PromoRefusalCode; message: string };
export type PromoCheck = { ok: true; promo: AppliedPromo } | PromoRefusal;

/** What an order is made of, for a code: its lines (prices from the database) and its owner. */
export type PromoOrderInput = {
  code: string;
  userId: string;
  lines: readonly { product_id: string; line_total_cents: number }[];
  subtotalCents: number;
  pointsUsed: number;
  now: Date;
};

function refuse(reason: PromoRefusalCode, message: string): PromoRefusal {
  return { ok: false, reason, message };
}

async function withCategories(db: Executor, lines: PromoOrderInput["lines"]): Promise<PromoLine[]> {
  const ids = [...new Set(lines.map((l) => l.product_id))];
  const rows = ids.length
    ? await db.select({ id: products.id, categoryId: products.categoryId }).from(products).where(inArray(products.id, ids))
    : [];
  const categoryOf = new Map(rows.map((r) => [r.id, r.categoryId]));
  return lines.map((l) => ({ ...l, category_id: categoryOf.get(l.product_id) ?? null }));
}

async function categoriesOf(db: Executor, promoCodeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: promoCodeCategories.categoryId })
    .from(promoCodeCategories)
    .where(eq(promoCodeCategories.promoCodeId, promoCodeId));
  return rows.map((r) => r.id);
}

async function emailOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row ? row.email.trim().toLowerCase() : null;
}

/** The customer's live uses of a code (1-based numbers), cancelled orders' uses not counted. */
async function liveUses(db: Executor, promoCodeId: string, userId: string): Promise<number[]> {
  const rows = await db
    .select({ n: promoRedemptions.customerUse })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.userId, userId), isNull(promoRedemptions.releasedAt)));
  return rows.map((r) => r.n);
}

async function hasPlacedAnOrder(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, "cancelled")))
    .limit(1);
  return rows.length > 0;
}

/** The smallest free use number, or null when the per-customer limit is reached. */
function nextCustomerUse(taken: readonly number[], limit: number | null): number | null {
  const used = new Set(taken);
  const max = limit ?? taken.length + 1;
  for (let n = 1; n <= max; n++) if (!used.has(n)) return n;
  return null;
}

/**
 * Every rule of a code against an order, in the order a shopper can act on: does it exist, is it
 * on, is it in its dates, is it theirs, points, limits, minimum, eligible lines.
 */
async function evaluate(
  db: Executor,
  row: PromoCodeRow | undefined,
  input: PromoOrderInput,
  options: { usageAvailable: boolean },
): Promise<PromoCheck & { customerUse?: number }> {
  if (!row) return refuse("unknown", PROMO_UNKNOWN_MESSAGE);
  if (!row.active) return refuse("disabled", PROMO_DISABLED_MESSAGE);
  if (row.startsAt && input.now < row.startsAt) return refuse("not_yet_valid", promoNotYetValidMessage(row.startsAt));
  if (row.endsAt && input.now >= row.endsAt) return refuse("expired", PROMO_EXPIRED_MESSAGE);
  if (row.boundUserId && row.boundUserId !== input.userId) return refuse("not_yours", PROMO_NOT_YOURS_MESSAGE);
  if (!row.boundUserId && row.boundEmail && (await emailOf(db, input.userId)) !== row.boundEmail) {
    return refuse("not_yours", PROMO_NOT_YOURS_MESSAGE);
  }
  // The newsletter's offer is "10% sur la première commande" (spec back-office §9): a cancelled
  // order does not count as one.
  if (row.origin === "newsletter_welcome" && (await hasPlacedAnOrder(db, input.userId))) {
    return refuse("first_order_only", PROMO_FIRST_ORDER_ONLY_MESSAGE);
  }
  if (input.pointsUsed > 0) return refuse("not_combinable", PROMO_NOT_COMBINABLE_MESSAGE);
  if (!options.usageAvailable || (row.usageLimit !== null && row.usedCount >= row.usageLimit)) {
    return refuse("usage_limit_reached", PROMO_USAGE_LIMIT_MESSAGE);
  }
  const customerUse = nextCustomerUse(await liveUses(db, row.id, input.userId), row.perCustomerLimit);
  if (customerUse === null) return refuse("already_used", PROMO_ALREADY_USED_MESSAGE);
  if (input.subtotalCents < row.minOrderCents) return refuse("minimum_not_reached", promoMinimumMessage(row.minOrderCents));
  const rule = {
    kind: row.kind,
    percent_off: row.percentOff,
    amount_off_cents: row.amountOffCents,
    category_ids: await categoriesOf(db, row.id),
  };
  const discount = promoDiscountCents(rule, await withCategories(db, input.lines));
  if (discount <= 0) return refuse("no_eligible_product", PROMO_NO_ELIGIBLE_MESSAGE);
  return {
    ok: true,
    customerUse,
    promo: {
      id: row.id,
      code: row.code,
      kind: row.kind,
      percent_off: row.percentOff,
      amount_off_cents: row.amountOffCents,
      discount_cents: discount,
    },
  };
}

/** Read-only check for the checkout's quote: the discount, or the precise French reason. */
export async function checkPromoCode(db: Executor, input: PromoOrderInput): Promise<PromoCheck> {
  const code = normalizePromoCode(input.code);
  const [row] = code ? await db.select().from(promoCodes).where(eq(promoCodes.code, code)) : [];
  const result = await evaluate(db, row, input, { usageAvailable: true });
  if (!result.ok) return result;
  return { ok: true, promo: result.promo };
}

export type PromoClaim = { ok: true; promo: AppliedPromo; customerUse: number };

/**
 * Inside the order's transaction: takes one use of the code (conditional UPDATE, which also locks
 * the code's row until commit) and checks every rule again. On a refusal the caller rolls the
 * transaction back, which gives the use back too.
 */
export async function claimPromoCode(tx: Executor, input: PromoOrderInput): Promise<PromoClaim | PromoRefusal> {
  const code = normalizePromoCode(input.code);
  if (!code) return refuse("unknown", PROMO_UNKNOWN_MESSAGE);
  const [claimed] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(and(eq(promoCodes.code, code), sql`(${promoCodes.usageLimit} IS NULL OR ${promoCodes.usedCount} < ${promoCodes.usageLimit})`))
    .returning();
  // Not claimed: the code is unknown or used up; read it to say which (and check the rest first).
  const row = claimed ?? (await tx.select().from(promoCodes).where(eq(promoCodes.code, code)))[0];
  const result = await evaluate(tx, claimed ? { ...claimed, usedCount: claimed.usedCount - 1 } : row, input, {
    usageAvailable: Boolean(claimed),
  });
  if (!result.ok) return result;
  return { ok: true, promo: result.promo, customerUse: result.customerUse! };
}

/** Links a claimed use to the order just inserted (same transaction). */
export async function recordPromoRedemption(
  tx: Executor,
  claim: PromoClaim,
  input: { orderId: string; userId: string; now: Date },
): Promise<void> {
  await tx.insert(promoRedemptions).values({
    promoCodeId: claim.promo.id,
    orderId: input.orderId,
    userId: input.userId,
    customerUse: claim.customerUse,
    discountCents: claim.promo.discount_cents,
    createdAt: input.now,
  });
}

/**
 * A cancelled or returned order gives its use back (order-status workflow, order row locked by
 * the caller). Nothing happens when the order used no code or gave it back already.
 */
export async function releaseOrderPromo(tx: Executor, orderId: string, now: Date): Promise<void> {
  const [released] = await tx
    .update(promoRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(promoRedemptions.orderId, orderId), isNull(promoRedemptions.releasedAt)))
    .returning({ promoCodeId: promoRedemptions.promoCodeId });
  if (!released) return;
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} - 1` })
    .where(and(eq(promoCodes.id, released.promoCodeId), sql`${promoCodes.usedCount} > 0`));
}

export const PROMO_RESTORE_REFUSED_MESSAGE =
  "Impossible de rétablir cette commande : son code promo a depuis atteint sa limite d'utilisation";

/**
 * An order brought back from cancelled/returned takes its use again, within the code's limits
 * (dates are not checked again: the order was placed while the code was valid). False when the
 * limits no longer allow it; the caller then refuses the change.
 */
export async function respendOrderPromo(tx: Executor, orderId: string): Promise<boolean> {
  const [redemption] = await tx
    .select()
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.orderId, orderId), isNotNull(promoRedemptions.releasedAt)));
  if (!redemption) return true;
  const [code] = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        eq(promoCodes.id, redemption.promoCodeId),
        sql`(${promoCodes.usageLimit} IS NULL OR ${promoCodes.usedCount} < ${promoCodes.usageLimit})`,
      ),
    )
    .returning({ perCustomerLimit: promoCodes.perCustomerLimit });
  if (!code) return false;
  let customerUse = redemption.customerUse;
  if (redemption.userId) {
    const next = nextCustomerUse(await liveUses(tx, redemption.promoCodeId, redemption.userId), code.perCustomerLimit);
    if (next === null) return false;
    customerUse = next;
  }
  await tx.update(promoRedemptions).set({ releasedAt: null, customerUse }).where(eq(promoRedemptions.id, redemption.id));
  return true;
}

/* -------------------------------------------------------------------------------------------- */
/* Newsletter welcome code                                                                        */
/* -------------------------------------------------------------------------------------------- */

/** No 0/O, 1/I/L: a code read from a mail and typed by hand. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const WELCOME_PREFIX = "BIENVENUE-";
const WELCOME_RANDOM_LENGTH = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A code from the cryptographic generator: prefix + 8 characters (31^8, about 8.5e11). */
export function generatePromoCode(prefix = WELCOME_PREFIX, length = WELCOME_RANDOM_LENGTH): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

async function welcomeMail(tx: Executor, email: string, code: string, endsAt: Date) {
  const until = formatDate(lastValidDay(endsAt) + "T12:00:00Z");
  const data = { firstName: await firstNameOfEmail(tx, email), code, percent: NEWSLETTER_WELCOME_PERCENT, until, shopPath: "/products" };
  return { to: email, ...(await renderMail("welcome-code", data, { language: await mailLanguageOfEmail(tx, email) })) };
}

const MAX_CODE_ATTEMPTS = 5;

/**
 * The newsletter's welcome offer: a personal 10% code for the confirmed e-mail, single use, valid
 * 30 days, mailed through the outbox in the caller's transaction. At most one per e-mail (unique
 * index): confirming again creates and sends nothing. True when a code was created.
 */
export async function createWelcomeCode(tx: Executor, rawEmail: string, now: Date): Promise<boolean> {
  const email = rawEmail.trim().toLowerCase();
  const endsAt = new Date(now.getTime() + NEWSLETTER_WELCOME_VALIDITY_DAYS * DAY_MS);
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    const code = generatePromoCode();
    const [existing] = await tx
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.origin, "newsletter_welcome"), eq(promoCodes.boundEmail, email)));
    if (existing) return false;
    const [taken] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, code));
    if (taken) continue; // a clash with another code: draw again
    const [created] = await tx
      .insert(promoCodes)
      .values({
        code,
        description: "Bienvenue newsletter",
        kind: "percentage",
        percentOff: NEWSLETTER_WELCOME_PERCENT,
        startsAt: now,
        endsAt,
        usageLimit: 1,
        perCustomerLimit: 1,
        boundEmail: email,
        origin: "newsletter_welcome",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: promoCodes.boundEmail, where: sql`${promoCodes.origin} = 'newsletter_welcome'` })
      .returning({ code: promoCodes.code });
    if (!created) return false;
    await enqueueMail(tx, await welcomeMail(tx, email, created.code, endsAt));
    return true;
  }
  throw new Error("could not draw a free welcome code");
}
