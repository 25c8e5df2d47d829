/**
 * Gift cards (decision "gift cards"): issuing them when an order that bought them is placed,
 * spending them as payment inside the order's transaction, giving the amounts back when the
 * order is cancelled or returned, the balance check, the expiry reminder and the back-office.
 *
 * The code is generated with node:crypto and never stored: only SHA-256 of the normalised code
 * (16 characters from a 32-letter alphabet: 80 random bits, so no salt or secret is needed
 * against guessing the hash) and its last 4 characters. Every balance change is one conditional
 * UPDATE plus one ledger row in the caller's transaction, so balance = sum of the ledger >= 0 and
 * two orders can never spend the same euros.
 */
import { createHash, randomBytes } from "node:crypto";
import { containingPattern } from "~/lib/like-pattern";
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import { giftCards, giftCardTransactions, orders, user } from "~/.server/db/schema";
import type { AdminGiftCardView, GiftCardLedgerEntry, GiftCardStatus } from "~/domain/gift-cards/gift-card-admin.types";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { mailWording, renderMail, type MailWording } from "~/.server/mail/templates";
import { mailRequest } from "~/.server/mail/mail-request";
import type { MailRequest } from "~/domain/events/domain-events";
import {
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  isWellFormedGiftCardCode,
  maskedGiftCardCode,
  normalizeGiftCardCode,
} from "~/domain/gift-cards/gift-card-code";
import { GIFT_CARD_OCCASION_LABELS } from "~/domain/gift-cards/gift-card.options";
import { computeGiftCardTotals, type GiftCardConfig } from "~/domain/gift-cards/gift-card.rules";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import { isUuid } from "~/lib/uuid";
import { keysetConditions, keysetOrder, type KeysetWindow } from "~/.server/db/keyset";
import { invalid, isDomainError, notFound } from "~/domain/errors";
import { GIFT_CARD_EXPIRY_REMINDER_MONTHS, GIFT_CARD_VALIDITY_YEARS } from "~/lib/shop-rules";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy, recordEvent } from "~/.server/outbox/events";
import { ADMIN_GIFT_CARD_MESSAGES, AdminGiftCardSchema } from "~/domain/gift-cards/admin-gift-card.schema";
import { firstNameOfUser, mailLanguageOf, mailLanguageOfEmail } from "~/.server/db/recipients";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/* -------------------------------------------------------------------------------------------- */
/* Codes                                                                                          */
/* -------------------------------------------------------------------------------------------- */

/** 16 characters from the 32-letter alphabet: each random byte's low 5 bits (256 = 8 x 32, no bias). */
export function generateGiftCardCode(): string {
  const bytes = randomBytes(GIFT_CARD_CODE_LENGTH);
  let code = "";
  for (const byte of bytes) code += GIFT_CARD_CODE_ALPHABET[byte & 31];
  return code;
}

/** SHA-256 (hex) of the normalised code: what the database keeps. */
export function hashGiftCardCode(code: string): string {
  return createHash("sha256").update(normalizeGiftCardCode(code)).digest("hex");
}

export function giftCardExpiry(now: Date): Date {
  const expiry = new Date(now);
  expiry.setFullYear(expiry.getFullYear() + GIFT_CARD_VALIDITY_YEARS);
  return expiry;
}

/* -------------------------------------------------------------------------------------------- */
/* Looking a code up                                                                              */
/* -------------------------------------------------------------------------------------------- */

/** Refusals met when a card's code is looked up, spent or given back (checkout, balance check, cancellation). */
export const GIFT_CARD_REDEMPTION_MESSAGES = {
  unknown: SHOP_MESSAGES.unknownGiftCardCode,
  disabled: SHOP_MESSAGES.giftCardDisabled,
  empty: SHOP_MESSAGES.giftCardNoBalanceLeft,
  duplicate: CHECKOUT_MESSAGES.giftCardAlreadyApplied,
  balanceChanged: CHECKOUT_MESSAGES.giftCardsBalanceChangedSince,
  notCoverable: CHECKOUT_MESSAGES.giftCardsCannotPayAnother,
  tooMany: SHOP_MESSAGES.tooManyGiftCardChecks,
  usedCardInOrder: "Cette commande contient une carte cadeau déjà utilisée : elle ne peut plus être annulée.",
  restoreBalance: "Solde de carte cadeau insuffisant pour rétablir cette commande",
} as const;

export function expiredMessage(expiresAt: Date): string {
  return `Cette carte cadeau a expiré le ${formatDate(expiresAt)}`;
}

type GiftCardRow = typeof giftCards.$inferSelect;

/*
 * Refusals are thrown as domain errors (~/domain/errors). A typed code that cannot pay is
 * `invalid`: `gift_card_unknown`, `gift_card_disabled`, `gift_card_expired`, `gift_card_empty`.
 * The balance page's unknown or disabled code and the back-office's unknown card are `not_found`.
 */

/** The card behind a typed code, if it can pay now; otherwise throws the precise French refusal. */
export async function findUsableGiftCard(db: Executor, code: string, now = new Date()): Promise<GiftCardRow> {
  const found = await findGiftCard(db, code);
  if (!found) throw invalid("gift_card_unknown", GIFT_CARD_REDEMPTION_MESSAGES.unknown);
  return usable(found, now);
}

async function findGiftCard(db: Executor, code: string): Promise<GiftCardRow | null> {
  const normalized = normalizeGiftCardCode(code);
  if (!isWellFormedGiftCardCode(normalized)) return null;
  const [row] = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, hashGiftCardCode(normalized)));
  return row ?? null;
}

function usable(card: GiftCardRow, now: Date): GiftCardRow {
  if (card.status !== "active") throw invalid("gift_card_disabled", GIFT_CARD_REDEMPTION_MESSAGES.disabled);
  if (card.expiresAt.getTime() <= now.getTime()) {
    throw invalid("gift_card_expired", expiredMessage(card.expiresAt), { details: { expires_at: card.expiresAt.toISOString() } });
  }
  if (card.balanceCents <= 0) throw invalid("gift_card_empty", GIFT_CARD_REDEMPTION_MESSAGES.empty);
  return card;
}

export type GiftCardBalanceView = {
  last4: string;
  balance_cents: number;
  amount_cents: number;
  expires_at: string;
  status: GiftCardStatus;
  expired: boolean;
};

/** The balance page: remaining balance and expiry of a code (also for an expired or empty card). */
export async function checkGiftCardBalance(db: Executor, code: string, now = new Date()): Promise<GiftCardBalanceView> {
  const card = await findGiftCard(db, code);
  if (!card) throw notFound("gift_card_unknown", GIFT_CARD_REDEMPTION_MESSAGES.unknown);
  if (card.status !== "active") throw notFound("gift_card_disabled", GIFT_CARD_REDEMPTION_MESSAGES.disabled);
  return {
    last4: card.last4,
    balance_cents: card.balanceCents,
    amount_cents: card.amountCents,
    expires_at: card.expiresAt.toISOString(),
    status: card.status,
    expired: card.expiresAt.getTime() <= now.getTime(),
  };
}

/* -------------------------------------------------------------------------------------------- */
/* Paying with gift cards                                                                         */
/* -------------------------------------------------------------------------------------------- */

export type GiftCardAllocation = { giftCardId: string; last4: string; balanceCents: number; appliedCents: number; code?: string };
/** A typed code that cannot pay: its French message and, for an expired card, when it expired (the page words it, decision 044). */
export type GiftCardCodeRefusal = { code: string; message: string; expires_at?: string };

/**
 * Spreads the payable amount over the typed codes, in order: each card pays what it can
 * (min(balance, what is left)). Read-only; the order spends them again under condition.
 * `payableCents` already excludes gift-card lines (a card cannot pay for another card).
 */
export async function allocateGiftCards(
  db: Executor,
  codes: readonly string[],
  payableCents: number,
  now = new Date(),
): Promise<{ allocations: GiftCardAllocation[]; refusals: GiftCardCodeRefusal[]; totalCents: number }> {
  const allocations: GiftCardAllocation[] = [];
  const refusals: GiftCardCodeRefusal[] = [];
  const seen = new Set<string>();
  let left = Math.max(0, payableCents);
  for (const code of codes) {
    const normalized = normalizeGiftCardCode(code);
    if (seen.has(normalized)) {
      refusals.push({ code, message: GIFT_CARD_REDEMPTION_MESSAGES.duplicate });
      continue;
    }
    seen.add(normalized);
    let card: GiftCardRow;
    try {
      card = await findUsableGiftCard(db, normalized, now);
    } catch (error) {
      // A refused code is part of the quote (shown beside the field), not a failure of it.
      if (!isDomainError(error)) throw error;
      const expiresAt = error.code === "gift_card_expired" ? (error.details as { expires_at?: string } | undefined)?.expires_at : undefined;
      refusals.push({ code, message: error.message, ...(expiresAt ? { expires_at: expiresAt } : {}) });
      continue;
    }
    const applied = Math.min(card.balanceCents, left);
    left -= applied;
    allocations.push({ giftCardId: card.id, last4: card.last4, balanceCents: card.balanceCents, appliedCents: applied, code: normalized });
  }
  return { allocations, refusals, totalCents: allocations.reduce((sum, a) => sum + a.appliedCents, 0) };
}

/**
 * Debits the allocations for an order, inside its transaction: one conditional UPDATE per card
 * (active, not expired, balance >= amount) and one 'use' row. False when a card no longer has
 * the amount (another order spent it first): the caller rolls back.
 */
export async function spendGiftCards(
  tx: Executor,
  input: { orderId: string; allocations: readonly GiftCardAllocation[]; now: Date },
): Promise<boolean> {
  // Card-id order: two orders using the same two cards never wait on each other crosswise.
  const sorted = [...input.allocations].filter((a) => a.appliedCents > 0).sort((a, b) => a.giftCardId.localeCompare(b.giftCardId));
  for (const a of sorted) {
    const [row] = await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} - ${a.appliedCents}` })
      .where(
        and(
          eq(giftCards.id, a.giftCardId),
          eq(giftCards.status, "active"),
          gt(giftCards.expiresAt, input.now),
          sql`${giftCards.balanceCents} >= ${a.appliedCents}`,
        ),
      )
      .returning({ balance: giftCards.balanceCents });
    if (!row) return false;
    await tx.insert(giftCardTransactions).values({
      giftCardId: a.giftCardId,
      kind: "use",
      amountCents: -a.appliedCents,
      balanceAfterCents: row.balance,
      orderId: input.orderId,
      createdAt: input.now,
    });
  }
  return true;
}

/** Per card, what the order has taken and not yet given back. */
async function netUsesOfOrder(tx: Executor, orderId: string): Promise<{ giftCardId: string; net: number }[]> {
  const rows = await tx
    .select({
      giftCardId: giftCardTransactions.giftCardId,
      net: sql<number>`(-sum(${giftCardTransactions.amountCents}))::int`,
    })
    .from(giftCardTransactions)
    .where(and(eq(giftCardTransactions.orderId, orderId), inArray(giftCardTransactions.kind, ["use", "refund"])))
    .groupBy(giftCardTransactions.giftCardId)
    .orderBy(asc(giftCardTransactions.giftCardId));
  return rows.map((r) => ({ giftCardId: r.giftCardId, net: Number(r.net) }));
}

/**
 * The order is cancelled or returned: what it took from each card goes back ('refund' rows).
 * Idempotent (derived from the ledger of the order). Returns the amount given back.
 */
export async function refundOrderGiftCards(tx: Executor, orderId: string, now: Date): Promise<number> {
  let total = 0;
  for (const { giftCardId, net } of await netUsesOfOrder(tx, orderId)) {
    if (net <= 0) continue;
    const [row] = await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${net}` })
      .where(eq(giftCards.id, giftCardId))
      .returning({ balance: giftCards.balanceCents });
    if (!row) continue;
    await tx
      .insert(giftCardTransactions)
      .values({ giftCardId, kind: "refund", amountCents: net, balanceAfterCents: row.balance, orderId, createdAt: now });
    total += net;
  }
  return total;
}

/**
 * A return's share of the gift cards that paid the order, credited back to them (first card
 * first), never more than they paid net of earlier refunds. Returns the amount credited.
 */
export async function refundGiftCardsUpTo(tx: Executor, orderId: string, amountCents: number, now: Date): Promise<number> {
  let left = amountCents;
  for (const { giftCardId, net } of await netUsesOfOrder(tx, orderId)) {
    if (left <= 0) break;
    const amount = Math.min(net, left);
    if (amount <= 0) continue;
    const [row] = await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${amount}` })
      .where(eq(giftCards.id, giftCardId))
      .returning({ balance: giftCards.balanceCents });
    if (!row) continue;
    await tx
      .insert(giftCardTransactions)
      .values({ giftCardId, kind: "refund", amountCents: amount, balanceAfterCents: row.balance, orderId, createdAt: now });
    left -= amount;
  }
  return amountCents - left;
}

/**
 * A cancelled order is restored by the administrator: the amounts refunded to the cards are
 * taken again (same conditional debit). False when a card no longer holds them.
 */
export async function respendOrderGiftCards(tx: Executor, orderId: string, now: Date): Promise<boolean> {
  // Each spend writes one 'use' row per card for the whole share: the first one is the share.
  const shares = await tx
    .selectDistinctOn([giftCardTransactions.giftCardId], {
      giftCardId: giftCardTransactions.giftCardId,
      amount: giftCardTransactions.amountCents,
    })
    .from(giftCardTransactions)
    .where(and(eq(giftCardTransactions.orderId, orderId), eq(giftCardTransactions.kind, "use")))
    .orderBy(giftCardTransactions.giftCardId, asc(giftCardTransactions.id));
  const held = new Map((await netUsesOfOrder(tx, orderId)).map((u) => [u.giftCardId, u.net]));
  const allocations: GiftCardAllocation[] = shares.flatMap(({ giftCardId, amount }) => {
    const missing = -amount - (held.get(giftCardId) ?? 0);
    return missing > 0 ? [{ giftCardId, last4: "", balanceCents: 0, appliedCents: missing }] : [];
  });
  return spendGiftCards(tx, { orderId, allocations, now });
}

/** Payments by gift card of these orders: last 4 and net amount per card. */
export async function giftCardPaymentsOf(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, { last4: string; amount_cents: number }[]>> {
  const out = new Map<string, { last4: string; amount_cents: number }[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({
      orderId: giftCardTransactions.orderId,
      last4: giftCards.last4,
      used: sql<number>`(-sum(${giftCardTransactions.amountCents}) FILTER (WHERE ${giftCardTransactions.kind} = 'use'))::int`,
    })
    .from(giftCardTransactions)
    .innerJoin(giftCards, eq(giftCards.id, giftCardTransactions.giftCardId))
    .where(and(inArray(giftCardTransactions.orderId, [...orderIds]), inArray(giftCardTransactions.kind, ["use", "refund"])))
    .groupBy(giftCardTransactions.orderId, giftCards.id, giftCards.last4)
    .orderBy(asc(giftCards.last4));
  for (const r of rows) {
    if (!r.orderId || !r.used) continue;
    const list = out.get(r.orderId) ?? [];
    list.push({ last4: r.last4, amount_cents: Number(r.used) });
    out.set(r.orderId, list);
  }
  return out;
}

/* -------------------------------------------------------------------------------------------- */
/* Selling gift cards                                                                             */
/* -------------------------------------------------------------------------------------------- */

/** The order line of a sold card: "Carte cadeau 50 € · Anniversaire · par e-mail". */
export function giftCardLineName(config: Pick<GiftCardConfig, "amountCents" | "occasion" | "deliveryMode">): string {
  const occasion = GIFT_CARD_OCCASION_LABELS[config.occasion].name;
  const mode = config.deliveryMode === "email" ? "par e-mail" : "carte physique premium";
  return `Carte cadeau ${formatPrice(config.amountCents)} · ${occasion} · ${mode}`;
}

export function giftCardLineTotal(config: Pick<GiftCardConfig, "amountCents" | "deliveryMode">): number {
  return computeGiftCardTotals(config.amountCents, config.deliveryMode).totalCents;
}

export type IssuedGiftCard = { id: string; code: string; last4: string; config: GiftCardConfig };

/**
 * Creates the cards an order bought (in its transaction): code, hash, last 4, 3-year validity,
 * an 'issue' ledger row, and for e-mail cards the recipient's e-mail through the outbox. The
 * plain codes are returned once, for the buyer's confirmation e-mail (physical cards).
 */
export async function issueGiftCards(
  tx: Executor,
  input: {
    orderId: string;
    buyerUserId: string;
    buyerName: string;
    lines: readonly { orderItemId: string; config: GiftCardConfig }[];
    now: Date;
  },
): Promise<IssuedGiftCard[]> {
  const issued: IssuedGiftCard[] = [];
  const expiresAt = giftCardExpiry(input.now);
  for (const line of input.lines) {
    const { config } = line;
    let created: { id: string; code: string } | null = null;
    // A hash clash (about 2^-80) just takes a new code.
    for (let attempt = 0; attempt < 5 && !created; attempt++) {
      const code = generateGiftCardCode();
      const [row] = await tx
        .insert(giftCards)
        .values({
          codeHash: hashGiftCardCode(code),
          last4: code.slice(-4),
          amountCents: config.amountCents,
          balanceCents: config.amountCents,
          occasion: config.occasion,
          deliveryMode: config.deliveryMode,
          recipientName: config.recipientName,
          recipientEmail: config.recipientEmail,
          message: config.message,
          purchaseOrderId: input.orderId,
          purchaseOrderItemId: line.orderItemId,
          buyerUserId: input.buyerUserId,
          expiresAt,
          createdAt: input.now,
        })
        .onConflictDoNothing()
        .returning({ id: giftCards.id });
      if (row) created = { id: row.id, code };
    }
    if (!created) throw new Error("could not allocate a gift card code");
    await tx.insert(giftCardTransactions).values({
      giftCardId: created.id,
      kind: "issue",
      amountCents: config.amountCents,
      balanceAfterCents: config.amountCents,
      orderId: input.orderId,
      createdAt: input.now,
    });
    issued.push({ id: created.id, code: created.code, last4: created.code.slice(-4), config });
    if (config.deliveryMode === "email") {
      // Mailed when the order commits, once (decision 054).
      await recordEvent(tx, "gift_card.sent", {
        giftCardId: created.id,
        mail: recipientMail(config, created.code, expiresAt, input.buyerName),
      });
    }
  }
  return issued;
}

function recipientMail(config: GiftCardConfig, code: string, expiresAt: Date, buyerName: string): MailRequest {
  return mailRequest(config.recipientEmail, "gift-card", {
    // The name the buyer typed for the recipient, as they wrote it.
    firstName: config.recipientName || null,
    buyerName: buyerName || "Un proche",
    amount: formatPrice(config.amountCents),
    occasion: GIFT_CARD_OCCASION_LABELS[config.occasion].name,
    message: config.message || null,
    code: formatGiftCardCode(code),
    expiresOn: formatDate(expiresAt),
    balancePath: "/carte-cadeau",
  });
}

/** Lines of the buyer's confirmation e-mail about the cards bought (codes of physical cards only). */
export function giftCardConfirmationLines(issued: readonly IssuedGiftCard[], m: MailWording = mailWording()): string[] {
  if (issued.length === 0) return [];
  const lines = ["", m.t("emails.orderConfirmation.giftCards")];
  for (const card of issued) {
    const amount = m.price(card.config.amountCents);
    if (card.config.deliveryMode === "email") {
      const mode = m.t("emails.orderConfirmation.giftCardByEmail");
      const email = card.config.recipientEmail ?? "";
      lines.push(m.t("emails.orderConfirmation.giftCardSent", { amount, mode, code: maskedGiftCardCode(card.last4), email }));
    } else {
      const mode = m.t("emails.orderConfirmation.giftCardPhysical");
      lines.push(m.t("emails.orderConfirmation.giftCardShipped", { amount, mode, code: formatGiftCardCode(card.code) }));
    }
  }
  return lines;
}

/**
 * The face value of each card an order bought, by its order line: the line's total beyond it is
 * the card's delivery fee (the invoices print the voucher outside the scope of VAT, the fee in it).
 */
export async function giftCardValuesByOrderItem(db: Executor, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ itemId: giftCards.purchaseOrderItemId, amountCents: giftCards.amountCents })
    .from(giftCards)
    .where(eq(giftCards.purchaseOrderId, orderId));
  const out = new Map<string, number>();
  for (const r of rows) if (r.itemId) out.set(r.itemId, (out.get(r.itemId) ?? 0) + r.amountCents);
  return out;
}

/** Cards bought by these orders, for the order views (last 4 only). */
export async function giftCardsBoughtBy(db: Executor, orderIds: readonly string[]): Promise<Map<string, BoughtGiftCardView[]>> {
  const out = new Map<string, BoughtGiftCardView[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(giftCards)
    .where(inArray(giftCards.purchaseOrderId, [...orderIds]))
    .orderBy(asc(giftCards.createdAt), asc(giftCards.id));
  for (const r of rows) {
    if (!r.purchaseOrderId) continue;
    const list = out.get(r.purchaseOrderId) ?? [];
    list.push({
      last4: r.last4,
      amount_cents: r.amountCents,
      delivery_mode: r.deliveryMode,
      recipient_email: r.recipientEmail,
      status: r.status,
      expires_at: r.expiresAt.toISOString(),
    });
    out.set(r.purchaseOrderId, list);
  }
  return out;
}

export type BoughtGiftCardView = {
  last4: string;
  amount_cents: number;
  delivery_mode: "email" | "physical";
  recipient_email: string;
  status: GiftCardStatus;
  expires_at: string;
};

/** True when a card bought by this order has already been spent (the buyer may not cancel then). */
export async function orderHasUsedGiftCards(tx: Executor, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(and(eq(giftCards.purchaseOrderId, orderId), sql`${giftCards.balanceCents} < ${giftCards.amountCents}`))
    .limit(1);
  return Boolean(row);
}

/** The buying order is cancelled or returned: its cards stop working (cancelled). */
export async function cancelGiftCardsBoughtBy(tx: Executor, orderId: string, now: Date): Promise<void> {
  await tx
    .update(giftCards)
    .set({ status: "cancelled", disabledAt: now })
    .where(and(eq(giftCards.purchaseOrderId, orderId), eq(giftCards.status, "active")));
}

/** The buying order is restored: its cancelled cards work again. */
export async function restoreGiftCardsBoughtBy(tx: Executor, orderId: string): Promise<void> {
  await tx
    .update(giftCards)
    .set({ status: "active", disabledAt: null })
    .where(and(eq(giftCards.purchaseOrderId, orderId), eq(giftCards.status, "cancelled")));
}

/* -------------------------------------------------------------------------------------------- */
/* Expiry reminder (daily job)                                                                    */
/* -------------------------------------------------------------------------------------------- */

export function reminderThreshold(now: Date): Date {
  const limit = new Date(now);
  limit.setMonth(limit.getMonth() + GIFT_CARD_EXPIRY_REMINDER_MONTHS);
  return limit;
}

/**
 * One e-mail per active card with a balance that expires within 3 months. The card is marked
 * (expiry_reminder_sent_at, conditional on still being null) in the same transaction as the
 * outbox row, so a second run or a second process sends nothing more.
 */
export async function sendGiftCardExpiryReminders(db: Database, now = new Date()): Promise<{ reminded: number }> {
  const due = await db
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(
      and(
        isNull(giftCards.expiryReminderSentAt),
        eq(giftCards.status, "active"),
        gt(giftCards.balanceCents, 0),
        gt(giftCards.expiresAt, now),
        lte(giftCards.expiresAt, reminderThreshold(now)),
      ),
    )
    .orderBy(asc(giftCards.expiresAt))
    .limit(500);
  let reminded = 0;
  for (const { id } of due) {
    const sent = await db.transaction(async (tx) => {
      const [card] = await tx
        .update(giftCards)
        .set({ expiryReminderSentAt: now })
        .where(and(eq(giftCards.id, id), isNull(giftCards.expiryReminderSentAt)))
        .returning();
      if (!card) return false;
      const to = card.recipientEmail || (await buyerEmail(tx, card));
      if (!to) return true;
      // The recipient's name as the buyer typed it, or the buyer's own first name when the card is theirs.
      const firstName = card.recipientEmail ? card.recipientName || null : await firstNameOfUser(tx, card.buyerUserId);
      const m = mailWording(card.recipientEmail ? await mailLanguageOfEmail(tx, to) : await mailLanguageOf(tx, card.buyerUserId));
      const mail = await renderMail(
        "gift-card-expiry",
        {
          firstName,
          balance: m.price(card.balanceCents),
          maskedCode: maskedGiftCardCode(card.last4),
          expiresOn: formatDate(card.expiresAt, undefined, m.locale),
          shopPath: "/products",
        },
        { language: m.language },
      );
      await enqueueMail(tx, { to, ...mail });
      return true;
    });
    if (sent) reminded++;
  }
  if (reminded > 0) kickOutbox();
  return { reminded };
}

async function buyerEmail(tx: Executor, card: GiftCardRow): Promise<string | null> {
  if (card.purchaseOrderId) {
    const [order] = await tx.select({ metadata: orders.metadata }).from(orders).where(eq(orders.id, card.purchaseOrderId));
    const email = (order?.metadata as { customer_info?: { email?: unknown } } | undefined)?.customer_info?.email;
    if (typeof email === "string" && email) return email;
  }
  if (card.buyerUserId) {
    const [row] = await tx.select({ email: user.email }).from(user).where(eq(user.id, card.buyerUserId));
    return row?.email ?? null;
  }
  return null;
}

/* -------------------------------------------------------------------------------------------- */
/* Back-office                                                                                    */
/* -------------------------------------------------------------------------------------------- */

export const ADMIN_GIFT_CARDS_PAGE_SIZE = 50;

/** Newest first; `search` matches the last 4 characters or the buyer's e-mail. */
export async function listAdminGiftCards(
  db: Executor,
  options: { search?: string; page?: number; now?: Date } = {},
): Promise<{ cards: AdminGiftCardView[]; total: number; page: number; page_count: number }> {
  const now = options.now ?? new Date();
  const search = (options.search ?? "").trim();
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const filter = search
    ? sql`(${giftCards.last4} = ${normalizeGiftCardCode(search).slice(-4)} OR ${user.email} ILIKE ${containingPattern(search)})`
    : sql`true`;
  const rows = await db
    .select({ card: giftCards, buyerEmail: user.email, orderNumber: orders.orderNumber })
    .from(giftCards)
    .leftJoin(user, eq(user.id, giftCards.buyerUserId))
    .leftJoin(orders, eq(orders.id, giftCards.purchaseOrderId))
    .where(filter)
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(ADMIN_GIFT_CARDS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_GIFT_CARDS_PAGE_SIZE);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(giftCards)
    .leftJoin(user, eq(user.id, giftCards.buyerUserId))
    .where(filter);
  const total = Number(count?.n ?? 0);
  return {
    total,
    page,
    page_count: Math.max(1, Math.ceil(total / ADMIN_GIFT_CARDS_PAGE_SIZE)),
    cards: rows.map((row) => toAdminGiftCardView(row, now)),
  };
}

type AdminGiftCardRecord = { card: typeof giftCards.$inferSelect; buyerEmail: string | null; orderNumber: string | null };

function toAdminGiftCardView({ card, buyerEmail: email, orderNumber }: AdminGiftCardRecord, now: Date): AdminGiftCardView {
  return {
    id: card.id,
    last4: card.last4,
    amount_cents: card.amountCents,
    balance_cents: card.balanceCents,
    status: card.status,
    expired: card.expiresAt.getTime() <= now.getTime(),
    delivery_mode: card.deliveryMode,
    recipient_email: card.recipientEmail,
    buyer_email: email,
    order_reference: orderNumber,
    expires_at: card.expiresAt.toISOString(),
    created_at: card.createdAt.toISOString(),
  };
}

/**
 * When a card last changed: gift_cards has no updated_at of its own, so its issue, its disabling
 * and its latest ledger row (a use, a refund) tell it (decision 049).
 */
const cardUpdatedAt = sql<Date>`greatest(${giftCards.createdAt}, coalesce(${giftCards.disabledAt}, ${giftCards.createdAt}), coalesce((select max(${giftCardTransactions.createdAt}) from ${giftCardTransactions} where ${giftCardTransactions.giftCardId} = ${giftCards.id}), ${giftCards.createdAt}))`;

function selectAdminGiftCards(db: Executor) {
  return db
    .select({
      card: giftCards,
      buyerEmail: user.email,
      orderNumber: orders.orderNumber,
      updatedAt: sql<string>`${cardUpdatedAt}`.mapWith((v: unknown) => new Date(v as string)),
    })
    .from(giftCards)
    .leftJoin(user, eq(user.id, giftCards.buyerUserId))
    .leftJoin(orders, eq(orders.id, giftCards.purchaseOrderId))
    .$dynamic();
}

/** The admin API's walk over the cards (decision 049): by (last change, id) after the cursor, `limit` rows. */
export async function listAdminGiftCardsSince(
  db: Executor,
  window: KeysetWindow & { limit: number },
  now = new Date(),
): Promise<(AdminGiftCardView & { updated_at: string })[]> {
  const rows = await selectAdminGiftCards(db)
    .where(and(...keysetConditions(cardUpdatedAt, giftCards.id, window)))
    .orderBy(...keysetOrder(cardUpdatedAt, giftCards.id))
    .limit(window.limit);
  return rows.map((r) => ({ ...toAdminGiftCardView(r, now), updated_at: r.updatedAt.toISOString() }));
}

/** One card as the back-office lists it, with its ledger, or null. */
export async function getAdminGiftCard(
  db: Executor,
  giftCardId: string,
  now = new Date(),
): Promise<(AdminGiftCardView & { updated_at: string; ledger: GiftCardLedgerEntry[] }) | null> {
  if (!isUuid(giftCardId)) return null;
  const [row] = await selectAdminGiftCards(db).where(eq(giftCards.id, giftCardId));
  if (!row) return null;
  return {
    ...toAdminGiftCardView(row, now),
    updated_at: row.updatedAt.toISOString(),
    ledger: (await giftCardLedger(db, giftCardId)) ?? [],
  };
}

/** The ledger of one card, oldest first. */
export async function giftCardLedger(db: Executor, giftCardId: string): Promise<GiftCardLedgerEntry[] | null> {
  if (!isUuid(giftCardId)) return null;
  const [card] = await db.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.id, giftCardId));
  if (!card) return null;
  const rows = await db
    .select({ r: giftCardTransactions, orderNumber: orders.orderNumber })
    .from(giftCardTransactions)
    .leftJoin(orders, eq(orders.id, giftCardTransactions.orderId))
    .where(eq(giftCardTransactions.giftCardId, giftCardId))
    .orderBy(asc(giftCardTransactions.createdAt), asc(giftCardTransactions.id));
  return rows.map(({ r, orderNumber }) => ({
    id: r.id,
    kind: r.kind,
    amount_cents: r.amountCents,
    balance_after_cents: r.balanceAfterCents,
    order_reference: orderNumber,
    note: r.note,
    created_at: r.createdAt.toISOString(),
  }));
}

export const GIFT_CARD_NOT_FOUND = "Carte cadeau introuvable";

/**
 * The administrator disables a card: it can no longer pay (its balance is kept for the record).
 * True when it was active; false when it already was not; `not_found` when there is no such card.
 */
export async function disableGiftCard(db: Executor, giftCardId: string, actor?: AdminActor, now = new Date()): Promise<boolean> {
  if (!isUuid(giftCardId)) throw notFound("not_found", GIFT_CARD_NOT_FOUND);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(giftCards)
      .set({ status: "disabled", disabledAt: now })
      .where(and(eq(giftCards.id, giftCardId), eq(giftCards.status, "active")))
      .returning({ id: giftCards.id, last4: giftCards.last4, balanceCents: giftCards.balanceCents });
    if (!row) return false;
    await recordAdminChangeBy(tx, actor, {
      action: "gift_card.disable",
      entityType: "gift_card",
      entityId: row.id,
      summary: `Carte cadeau •••• ${row.last4} désactivée (solde ${formatPrice(row.balanceCents)})`,
      before: { status: "active" },
      after: { status: "disabled" },
    });
    return true;
  });
  if (changed) return true;
  const [exists] = await db.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.id, giftCardId));
  if (!exists) throw notFound("not_found", GIFT_CARD_NOT_FOUND);
  return false;
}

/* -------------------------------------------------------------------------------------------- */
/* Goodwill cards (decision 048)                                                                  */
/* -------------------------------------------------------------------------------------------- */

export const CLIENT_FOR_GIFT_CARD_NOT_FOUND = "Client introuvable";
const GOODWILL_OCCASION = "juste-pour-le-plaisir" as const;

/**
 * 'Offrir une carte cadeau': an administrator gives a client a card, without order or payment.
 * In one transaction: the card (3-year validity, recipient = the client), its 'issue' ledger row
 * holding the reason, the gift-card e-mail to the client through the outbox, a notification in
 * their account and the activity-log entry. Refusals: `invalid_gift_card` (a message per field),
 * `not_found` when the id is not a client's.
 */
export async function issueGoodwillGiftCard(
  db: Database,
  input: { clientId: string; values: unknown; actor?: AdminActor; now?: Date },
): Promise<{ id: string; last4: string; amountCents: number; email: string }> {
  const parsed = AdminGiftCardSchema.safeParse(input.values ?? {});
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "amount")] ??= issue.message;
    throw invalid("invalid_gift_card", Object.values(fieldErrors)[0] ?? ADMIN_GIFT_CARD_MESSAGES.amountInvalid, { fieldErrors });
  }
  const { amount: amountCents, message, reason } = parsed.data;
  const now = input.now ?? new Date();
  const clientNotFound = () => notFound("not_found", CLIENT_FOR_GIFT_CARD_NOT_FOUND);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(input.clientId)) throw clientNotFound();
  const result = await db.transaction(async (tx) => {
    const [client] = await tx.select({ id: user.id, email: user.email, role: user.role }).from(user).where(eq(user.id, input.clientId));
    if (!client || client.role === "admin") throw clientNotFound();
    const firstName = await firstNameOfUser(tx, client.id);
    const expiresAt = giftCardExpiry(now);
    let created: { id: string; code: string } | null = null;
    for (let attempt = 0; attempt < 5 && !created; attempt++) {
      const code = generateGiftCardCode();
      const [row] = await tx
        .insert(giftCards)
        .values({
          codeHash: hashGiftCardCode(code),
          last4: code.slice(-4),
          amountCents,
          balanceCents: amountCents,
          occasion: GOODWILL_OCCASION,
          deliveryMode: "email",
          recipientName: firstName ?? "",
          recipientEmail: client.email,
          message,
          recipientUserId: client.id,
          expiresAt,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: giftCards.id });
      if (row) created = { id: row.id, code };
    }
    if (!created) throw new Error("could not allocate a gift card code");
    await tx.insert(giftCardTransactions).values({
      giftCardId: created.id,
      kind: "issue",
      amountCents,
      balanceAfterCents: amountCents,
      note: reason,
      createdAt: now,
    });
    const config: GiftCardConfig = {
      amountCents,
      occasion: GOODWILL_OCCASION,
      deliveryMode: "email",
      recipientName: firstName ?? "",
      recipientEmail: client.email,
      message,
    };
    await recordEvent(tx, "gift_card.offered", {
      giftCardId: created.id,
      mail: recipientMail(config, created.code, expiresAt, "L'équipe Aurore"),
      notice: {
        userId: client.id,
        type: "other",
        title: "Vous avez reçu une carte cadeau",
        message: `L'équipe Aurore vous offre une carte cadeau de ${formatPrice(amountCents)} (•••• ${created.code.slice(-4)}), valable jusqu'au ${formatDate(expiresAt)}. Son code vous a été envoyé par e-mail.`,
        actionUrl: "/carte-cadeau",
        // Stored in French (the API's text); the pages word it in the reader's language (decision 044).
        messageKey: "giftCardOffered",
        params: { amountCents: String(amountCents), last4: created.code.slice(-4), expiresAt: expiresAt.toISOString() },
      },
    });
    const last4 = created.code.slice(-4);
    await recordAdminChangeBy(tx, input.actor, {
      action: "gift_card.issue",
      entityType: "gift_card",
      entityId: created.id,
      summary: `Carte cadeau de ${formatPrice(amountCents)} offerte à ${client.email} : ${reason}`,
      after: { clientId: client.id, amountCents, message, reason, last4, expiresAt },
    });
    return { id: created.id, last4, amountCents, email: client.email };
  });
  return result;
}
