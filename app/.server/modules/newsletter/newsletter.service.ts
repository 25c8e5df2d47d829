import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { newsletterSubscriptions } from "../../db/schema";
import { enqueueMail, kickOutbox } from "../../outbox/outbox.service";
import { renderMail } from "../../mail/templates";
import { recordEvent } from "~/.server/outbox/events";
import { NEWSLETTER_WELCOME_OFFER } from "~/domain/newsletter/newsletter.schema";
import type { NewsletterState } from "~/domain/account/preferences.schema";
import type { Language } from "~/domain/i18n/languages";
import { firstNameOfEmail, mailLanguageOfEmail } from "~/.server/db/recipients";

/** A confirmation mail is sent again to an unconfirmed address at most this often. */
export const CONFIRMATION_RESEND_INTERVAL_MS = 60_000;
/** A confirmation link works this long after it was sent. */
export const CONFIRMATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type SubscriptionRequestResult = { status: "sent" } | { status: "already" } | { status: "throttled" };

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Double opt-in, step 1: stores hashed tokens and queues the confirmation mail in one transaction.
 * The subscription is active only once the link is opened (confirmSubscription). The mail speaks
 * `language` when the caller knows the page the visitor subscribed from (decision 044), else the
 * address's account language (French for an address without an account).
 */
export async function requestSubscription(
  db: Executor,
  rawEmail: string,
  publicUrl: string,
  now: Date = new Date(),
  language?: Language,
): Promise<SubscriptionRequestResult> {
  const email = normalizeEmail(rawEmail);
  const result = await db.transaction(async (tx): Promise<SubscriptionRequestResult> => {
    const [existing] = await tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)).for("update");
    if (existing?.confirmedAt && !existing.unsubscribedAt) return { status: "already" };
    if (existing?.confirmationSentAt && now.getTime() - existing.confirmationSentAt.getTime() < CONFIRMATION_RESEND_INTERVAL_MS) {
      return { status: "throttled" };
    }
    const confirmToken = newToken();
    // Only hashes are stored, so the unsubscribe token is renewed with each mail that carries it.
    const unsubscribeToken = newToken();
    const values = {
      confirmTokenHash: hashToken(confirmToken),
      unsubscribeTokenHash: hashToken(unsubscribeToken),
      confirmationSentAt: now,
    };
    if (existing) {
      await tx.update(newsletterSubscriptions).set(values).where(eq(newsletterSubscriptions.id, existing.id));
    } else {
      await tx.insert(newsletterSubscriptions).values({ email, ...values });
    }
    const mail = await renderMail(
      "newsletter-confirmation",
      {
        firstName: await firstNameOfEmail(tx, email),
        confirmPath: `/newsletter/confirmation?token=${confirmToken}`,
        unsubscribePath: `/newsletter/desinscription?token=${unsubscribeToken}`,
        welcomeOffer: NEWSLETTER_WELCOME_OFFER,
      },
      { publicUrl, language: language ?? (await mailLanguageOfEmail(tx, email)) },
    );
    await enqueueMail(tx, { to: email, ...mail });
    return { status: "sent" };
  });
  if (result.status === "sent") kickOutbox();
  return result;
}

/**
 * Double opt-in, step 2: the link's token activates the subscription (single use, 7 days). The
 * confirmation is a domain event: the welcome offer (a personal 10% code, decision 016) follows it,
 * created and mailed once per e-mail however often it is confirmed (decision 054).
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<{ ok: true; email: string } | { ok: false }> {
  if (!token) return { ok: false };
  const result = await db.transaction(async (tx): Promise<{ ok: true; email: string } | { ok: false }> => {
    const [row] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)))
      .for("update");
    if (!row?.confirmationSentAt) return { ok: false };
    if (now.getTime() - row.confirmationSentAt.getTime() > CONFIRMATION_TOKEN_TTL_MS) return { ok: false };
    await tx
      .update(newsletterSubscriptions)
      .set({ confirmedAt: now, unsubscribedAt: null, confirmTokenHash: null })
      .where(eq(newsletterSubscriptions.id, row.id));
    await recordEvent(tx, "newsletter.confirmed", { email: row.email, confirmedAt: now.toISOString() });
    return { ok: true, email: row.email };
  });
  if (!result.ok) return { ok: false };
  return { ok: true, email: result.email };
}

/**
 * The unsubscribe link: ends the subscription (or cancels a pending one). Opening it twice is
 * fine; confirmed_at is kept as the record of the consent once given.
 */
export async function unsubscribe(db: Database, token: string, now: Date = new Date()): Promise<{ ok: boolean }> {
  if (!token) return { ok: false };
  const rows = await db
    .update(newsletterSubscriptions)
    .set({
      unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      confirmTokenHash: null,
    })
    .where(eq(newsletterSubscriptions.unsubscribeTokenHash, hashToken(token)))
    .returning({ id: newsletterSubscriptions.id });
  return { ok: rows.length > 0 };
}

/** True when the address receives the newsletter (confirmed and not unsubscribed). */
export async function isSubscribed(db: Database, rawEmail: string): Promise<boolean> {
  const [row] = await db
    .select({
      confirmedAt: newsletterSubscriptions.confirmedAt,
      unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, normalizeEmail(rawEmail)));
  return Boolean(row?.confirmedAt && !row.unsubscribedAt);
}

/** The erasure of an account (RGPD art. 17) covers the newsletter consent tied to its address. */
export async function eraseSubscriptionOf(tx: Executor, email: string): Promise<void> {
  await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email.toLowerCase()));
}

export type SubscriptionState = NewsletterState;

/**
 * Where an address stands: receiving the newsletter, waiting for its confirmation link (sent and
 * not yet opened), or neither. The account's "Newsletter" switch shows this (decision 043).
 */
export async function subscriptionStateOf(db: Executor, rawEmail: string): Promise<SubscriptionState> {
  const [row] = await db
    .select({
      confirmedAt: newsletterSubscriptions.confirmedAt,
      unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      confirmTokenHash: newsletterSubscriptions.confirmTokenHash,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, normalizeEmail(rawEmail)));
  if (!row) return "none";
  if (row.confirmedAt && !row.unsubscribedAt) return "subscribed";
  return row.confirmTokenHash ? "pending" : "none";
}

/**
 * The account's switch turned off: ends the subscription of a signed-in shopper's own address
 * (or cancels a pending one), like the unsubscribe link. Returns whether anything changed.
 */
export async function unsubscribeEmail(db: Executor, rawEmail: string, now: Date = new Date()): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({
      unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      confirmTokenHash: null,
    })
    .where(eq(newsletterSubscriptions.email, normalizeEmail(rawEmail)))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
