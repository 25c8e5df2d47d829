/**
 * Card payments behind one interface. The shop ships a simulated provider and Stripe
 * (./stripe/stripe-provider.ts, decision 059); another acquirer (Adyen, PayPlug...) can replace
 * them by implementing `PaymentProvider`. Whatever the provider, the shop never stores a card
 * number or a CVC: only the brand and the last four digits (decision 005).
 *
 * The interface is what crash recovery needs from any acquirer (decision 021): a charge and a
 * refund that each carry an idempotency key (a retried call never moves money twice), and a look-up
 * of a charge by its key, so that an attempt left `pending` by a crash can be settled: Stripe
 * finds it through the key kept in the PaymentIntent's metadata (search API), Adyen through the
 * merchant reference.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Database } from "~/.server/db/client";
import {
  simulatedAcquirerAuthentications,
  simulatedAcquirerCards,
  simulatedAcquirerCharges,
  simulatedAcquirerRefunds,
} from "~/.server/db/schema";
import {
  cardBrandOf,
  cardDigits,
  isExpired,
  isLuhnValid,
  TEST_CARD_AUTHENTICATION,
  TEST_CARD_DECLINED,
  type CardBrand,
} from "~/domain/checkout/checkout.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { remember } from "~/lib/remember";
import { getEnv, type Env } from "~/.server/env";
import { createStripeProvider } from "./stripe/stripe-provider";

// The interface and its types live in app/domain, so any module (saved cards, payments) and any
// provider's implementation read them without importing this module.
export type * from "~/domain/payments/payment-provider";
import type {
  ChargeRequest,
  ChargeDecline,
  ChargeSuccess,
  ChargeResult,
  AuthenticationResult,
  AuthenticationOutcome,
  TokenizeRequest,
  TokenizeResult,
  RefundRequest,
  ProviderCharge,
  PaymentProvider,
} from "~/domain/payments/payment-provider";

// The messages live in their own file so the Stripe provider reads them without a cycle back here.
import {
  AUTHENTICATION_FAILED_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  PAYMENT_DECLINED_MESSAGE,
  UNKNOWN_TOKEN_MESSAGE,
  WRONG_CVC_MESSAGE,
} from "./payment-messages";
export { AUTHENTICATION_FAILED_MESSAGE, CARD_EXPIRED_MESSAGE, PAYMENT_DECLINED_MESSAGE, UNKNOWN_TOKEN_MESSAGE, WRONG_CVC_MESSAGE };

/** How a card number behaves at the simulated acquirer (the documented test cards, README). */
export function simulatedBehaviourOf(digits: string): "approve" | "decline" | "authenticate" {
  if (digits === cardDigits(TEST_CARD_DECLINED)) return "decline";
  if (digits === cardDigits(TEST_CARD_AUTHENTICATION)) return "authenticate";
  return "approve";
}

function cvcHash(token: string, cvc: string): string {
  return createHash("sha256").update(`${token}:${cvc}`).digest("hex");
}

/** The shop's merchant account at the simulated acquirer. */
export const SIMULATED_ACCOUNT = "aurore";

/** The database, or how to open it (a provider made before the database is ready). */
type DatabaseSource = Database | (() => Promise<Database>);

export type SimulatedCharge = { paymentId: string; idempotencyKey: string; amountCents: number; createdAt: Date };
export type SimulatedRefund = { paymentId: string; refundKey: string; amountCents: number; createdAt: Date };

/**
 * Simulated acquirer: approves every valid card except the documented decline card
 * (4000 0000 0000 0002), and asks for 3-D Secure on every customer-present payment with the
 * documented authentication card (4000 0027 6000 3184). It tokenizes cards (a vault of tokens with
 * brand, last four, expiry and a CVC check, never the number) and charges a token only for the
 * customer it was made for. It keeps its books in the simulated_acquirer_* tables (the bank's system,
 * decision 021), each write its own autocommit statement outside any shop transaction, so a charge
 * made before a `kill -9` is still there after it. Charges are idempotent per (account, key),
 * refunds per (payment, refund key), and never more than what was charged.
 */
export class SimulatedPaymentProvider implements PaymentProvider {
  readonly name = "simulated";
  private readonly source: DatabaseSource;

  /** `account`: the merchant account; tests give each provider its own to read its books alone. */
  constructor(
    database: DatabaseSource,
    readonly account: string = SIMULATED_ACCOUNT,
  ) {
    this.source = database;
  }

  private db(): Promise<Database> {
    return typeof this.source === "function" ? this.source() : Promise.resolve(this.source);
  }

  async tokenize(request: TokenizeRequest): Promise<TokenizeResult> {
    const digits = cardDigits(request.number);
    const brand = isLuhnValid(digits) ? cardBrandOf(digits) : null;
    if (!brand) return { ok: false, code: "invalid_card", message: ACCOUNT_MESSAGES.invalidCardNumber };
    if (isExpired(request.expiry)) return { ok: false, code: "invalid_card", message: CARD_EXPIRED_MESSAGE };
    const db = await this.db();
    const token = `tok_${randomUUID().replaceAll("-", "")}`;
    // The issuer's CVC stands for the first one given; a card saved without one accepts any
    // correct-looking CVC later (as a bank checks its own).
    await db.insert(simulatedAcquirerCards).values({
      token,
      account: this.account,
      customerRef: request.customerRef,
      behaviour: simulatedBehaviourOf(digits),
      cardBrand: brand,
      cardLastFour: digits.slice(-4),
      expMonth: request.expiry.month,
      expYear: request.expiry.year,
      cvcHash: request.cvc ? cvcHash(token, request.cvc) : "",
    });
    return { ok: true, token, brand, lastFour: digits.slice(-4), expMonth: request.expiry.month, expYear: request.expiry.year };
  }

  /** The card behind a source, as the acquirer sees it, or why it cannot pay. */
  private async resolveSource(
    db: Database,
    request: ChargeRequest,
  ): Promise<{ ok: true; brand: CardBrand; lastFour: string; behaviour: string; customerPresent: boolean } | ChargeDecline> {
    if (request.source.type === "card") {
      const digits = cardDigits(request.source.card.number);
      const brand = cardBrandOf(digits);
      if (!brand) return { ok: false, code: "declined", message: PAYMENT_DECLINED_MESSAGE };
      return { ok: true, brand, lastFour: digits.slice(-4), behaviour: simulatedBehaviourOf(digits), customerPresent: true };
    }
    // A payment method made by a real provider's card form in the browser means nothing here.
    if (request.source.type === "payment_method") return { ok: false, code: "declined", message: PAYMENT_DECLINED_MESSAGE };
    const { token, cvc } = request.source;
    const [card] = await db
      .select()
      .from(simulatedAcquirerCards)
      .where(and(eq(simulatedAcquirerCards.token, token), eq(simulatedAcquirerCards.account, this.account)));
    if (!card || card.customerRef !== request.customerRef) return { ok: false, code: "declined", message: UNKNOWN_TOKEN_MESSAGE };
    if (isExpired({ month: card.expMonth, year: card.expYear })) return { ok: false, code: "declined", message: CARD_EXPIRED_MESSAGE };
    if (cvc !== undefined && card.cvcHash !== "" && card.cvcHash !== cvcHash(token, cvc)) {
      return { ok: false, code: "declined", message: WRONG_CVC_MESSAGE };
    }
    return {
      ok: true,
      brand: card.cardBrand as CardBrand,
      lastFour: card.cardLastFour,
      behaviour: card.behaviour,
      customerPresent: cvc !== undefined,
    };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error("invalid charge amount");
    const db = await this.db();
    // The same key again: the first charge's answer (as real acquirers replay an idempotent call).
    const previous = await this.chargeOfKey(db, request.idempotencyKey);
    if (previous) return previous;
    const card = await this.resolveSource(db, request);
    if (!card.ok) return card;
    if (card.behaviour === "decline") return { ok: false, code: "declined", message: PAYMENT_DECLINED_MESSAGE };
    if (card.behaviour === "authenticate" && card.customerPresent) {
      // Strong customer authentication: one authentication per key, pending until the bank's
      // page answers; the charge is made by completeAuthentication.
      await db
        .insert(simulatedAcquirerAuthentications)
        .values({
          id: `auth_${randomUUID().replaceAll("-", "")}`,
          account: this.account,
          idempotencyKey: request.idempotencyKey,
          amountCents: request.amountCents,
          currency: request.currency,
          cardBrand: card.brand,
          cardLastFour: card.lastFour,
          description: request.description.slice(0, 200),
        })
        .onConflictDoNothing();
      const [auth] = await db
        .select()
        .from(simulatedAcquirerAuthentications)
        .where(
          and(
            eq(simulatedAcquirerAuthentications.account, this.account),
            eq(simulatedAcquirerAuthentications.idempotencyKey, request.idempotencyKey),
          ),
        );
      if (!auth) throw new Error("simulated acquirer: authentication vanished");
      if (auth.status === "pending") return { ok: false, code: "authentication_required", authenticationId: auth.id };
      if (auth.status === "failed" || auth.status === "expired") {
        return { ok: false, code: "declined", message: AUTHENTICATION_FAILED_MESSAGE };
      }
      // Succeeded: the charge exists (made in completeAuthentication).
      const charged = await this.chargeOfKey(db, request.idempotencyKey);
      if (!charged) throw new Error("simulated acquirer: authenticated charge missing");
      return charged;
    }
    return this.insertCharge(db, { ...request, brand: card.brand, lastFour: card.lastFour });
  }

  async completeAuthentication(authenticationId: string, result: AuthenticationResult): Promise<AuthenticationOutcome> {
    const db = await this.db();
    const [answered] = await db
      .update(simulatedAcquirerAuthentications)
      .set({ status: result, completedAt: new Date() })
      .where(
        and(
          eq(simulatedAcquirerAuthentications.id, authenticationId),
          eq(simulatedAcquirerAuthentications.account, this.account),
          eq(simulatedAcquirerAuthentications.status, "pending"),
        ),
      )
      .returning();
    if (!answered) {
      const [known] = await db
        .select({ id: simulatedAcquirerAuthentications.id })
        .from(simulatedAcquirerAuthentications)
        .where(and(eq(simulatedAcquirerAuthentications.id, authenticationId), eq(simulatedAcquirerAuthentications.account, this.account)));
      return known ? { status: "already_completed" } : { status: "not_found" };
    }
    if (result === "failed") return { status: "failed", message: AUTHENTICATION_FAILED_MESSAGE };
    const charge = await this.insertCharge(db, {
      amountCents: answered.amountCents,
      currency: "EUR",
      idempotencyKey: answered.idempotencyKey,
      description: answered.description,
      brand: answered.cardBrand as CardBrand,
      lastFour: answered.cardLastFour,
    });
    return { status: "charged", charge };
  }

  private async chargeOfKey(db: Database, idempotencyKey: string): Promise<ChargeSuccess | null> {
    const [previous] = await db
      .select()
      .from(simulatedAcquirerCharges)
      .where(and(eq(simulatedAcquirerCharges.account, this.account), eq(simulatedAcquirerCharges.idempotencyKey, idempotencyKey)));
    return previous ? { ok: true, paymentId: previous.id, brand: previous.cardBrand as CardBrand, lastFour: previous.cardLastFour } : null;
  }

  private async insertCharge(
    db: Database,
    charge: { amountCents: number; currency: "EUR"; idempotencyKey: string; description: string; brand: CardBrand; lastFour: string },
  ): Promise<ChargeSuccess> {
    const [inserted] = await db
      .insert(simulatedAcquirerCharges)
      .values({
        id: `sim_${randomUUID()}`,
        account: this.account,
        idempotencyKey: charge.idempotencyKey,
        amountCents: charge.amountCents,
        currency: charge.currency,
        cardBrand: charge.brand,
        cardLastFour: charge.lastFour,
        description: charge.description.slice(0, 200),
      })
      .onConflictDoNothing()
      .returning({ id: simulatedAcquirerCharges.id });
    if (inserted) return { ok: true, paymentId: inserted.id, brand: charge.brand, lastFour: charge.lastFour };
    const previous = await this.chargeOfKey(db, charge.idempotencyKey);
    if (!previous) throw new Error("simulated acquirer: charge vanished");
    return previous;
  }

  async refund(request: RefundRequest): Promise<void> {
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error("invalid refund amount");
    const db = await this.db();
    // One statement: the refund is written only if the charge is this account's and the refunds
    // so far plus this one stay within the amount charged.
    const inserted = await db.execute<{ id: number }>(sql`
      INSERT INTO ${simulatedAcquirerRefunds} (payment_id, refund_key, amount_cents)
      SELECT c.id, ${request.idempotencyKey}, ${request.amountCents}::int
      FROM ${simulatedAcquirerCharges} c
      WHERE c.id = ${request.paymentId} AND c.account = ${this.account}
        AND c.amount_cents >= ${request.amountCents}::int + coalesce(
          (SELECT sum(r.amount_cents) FROM ${simulatedAcquirerRefunds} r WHERE r.payment_id = c.id), 0)
      ON CONFLICT (payment_id, refund_key) DO NOTHING
      RETURNING id`);
    if (rowsOf(inserted).length > 0) return;
    const [same] = await db
      .select({ amountCents: simulatedAcquirerRefunds.amountCents })
      .from(simulatedAcquirerRefunds)
      .where(
        and(eq(simulatedAcquirerRefunds.paymentId, request.paymentId), eq(simulatedAcquirerRefunds.refundKey, request.idempotencyKey)),
      );
    if (same?.amountCents === request.amountCents) return; // already done: idempotent
    if (same) throw new Error(`simulated acquirer: refund key ${request.idempotencyKey} reused with another amount`);
    throw new Error(`simulated acquirer: refund of ${request.paymentId} refused (unknown payment or more than charged)`);
  }

  async findCharge(idempotencyKey: string): Promise<ProviderCharge | null> {
    const db = await this.db();
    const [row] = await db
      .select({
        paymentId: simulatedAcquirerCharges.id,
        amountCents: simulatedAcquirerCharges.amountCents,
        refundedCents: sql<number>`coalesce(sum(${simulatedAcquirerRefunds.amountCents}), 0)::int`.mapWith(Number),
      })
      .from(simulatedAcquirerCharges)
      .leftJoin(simulatedAcquirerRefunds, eq(simulatedAcquirerRefunds.paymentId, simulatedAcquirerCharges.id))
      .where(and(eq(simulatedAcquirerCharges.account, this.account), eq(simulatedAcquirerCharges.idempotencyKey, idempotencyKey)))
      .groupBy(simulatedAcquirerCharges.id);
    return row ?? null;
  }

  /** This account's charges, oldest first (tests and the chaos check read the bank's books). */
  async listCharges(): Promise<SimulatedCharge[]> {
    const db = await this.db();
    return db
      .select({
        paymentId: simulatedAcquirerCharges.id,
        idempotencyKey: simulatedAcquirerCharges.idempotencyKey,
        amountCents: simulatedAcquirerCharges.amountCents,
        createdAt: simulatedAcquirerCharges.createdAt,
      })
      .from(simulatedAcquirerCharges)
      .where(eq(simulatedAcquirerCharges.account, this.account))
      .orderBy(asc(simulatedAcquirerCharges.createdAt), asc(simulatedAcquirerCharges.id));
  }

  /** This account's refunds, oldest first. */
  async listRefunds(): Promise<SimulatedRefund[]> {
    const db = await this.db();
    const own = db
      .select({ id: simulatedAcquirerCharges.id })
      .from(simulatedAcquirerCharges)
      .where(eq(simulatedAcquirerCharges.account, this.account));
    return db
      .select({
        paymentId: simulatedAcquirerRefunds.paymentId,
        refundKey: simulatedAcquirerRefunds.refundKey,
        amountCents: simulatedAcquirerRefunds.amountCents,
        createdAt: simulatedAcquirerRefunds.createdAt,
      })
      .from(simulatedAcquirerRefunds)
      .where(inArray(simulatedAcquirerRefunds.paymentId, own))
      .orderBy(asc(simulatedAcquirerRefunds.id));
  }
}

/**
 * The shop's provider: Stripe when `PAYMENT_PROVIDER=stripe` (one client per process, decision
 * 059), otherwise the simulated acquirer keeping its books in the database the caller works on
 * (the shop's, or a test's own): the default for `npm start` and every test.
 */
export function getPaymentProvider(db: Database): PaymentProvider {
  const env = getEnv();
  if (env.PAYMENT_PROVIDER === "stripe") return remember("payments:stripe-provider", () => paymentProviderFor(env, db));
  return paymentProviderFor(env, db);
}

/** The provider a configuration names (env.ts has already refused a Stripe one without its keys). */
export function paymentProviderFor(
  env: Pick<Env, "PAYMENT_PROVIDER" | "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">,
  db: Database,
): PaymentProvider {
  if (env.PAYMENT_PROVIDER !== "stripe") return new SimulatedPaymentProvider(db);
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe");
  return createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
}
