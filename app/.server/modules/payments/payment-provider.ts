/**
 * Card payments behind one interface. The shop ships a simulated provider; a real acquirer
 * (Stripe, Adyen, PayPlug...) can replace it by implementing
 * `PaymentProvider`. Whatever the provider, the shop never stores a card number or a CVC: only the
 * brand and the last four digits (decision 005).
 *
 * The interface is what crash recovery needs from any acquirer (decision 021): a charge and a
 * refund that each carry an idempotency key (a retried call never moves money twice), and a look-up
 * of a charge by its key, so that an attempt left `pending` by a crash can be settled: Stripe
 * finds it through the key kept in the PaymentIntent's metadata (search API), Adyen through the
 * merchant reference.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Database } from "~/.server/db/client";
import { simulatedAcquirerCharges, simulatedAcquirerRefunds } from "~/.server/db/schema";
import { cardBrandOf, cardDigits, TEST_CARD_DECLINED, type Card, type CardBrand } from "~/domain/checkout/checkout.schema";

export type ChargeRequest = {
  amountCents: number;
  currency: "EUR";
  card: Card;
  /** The payment attempt's provider key: the provider charges a key once. */
  idempotencyKey: string;
  description: string;
};

export type ChargeResult =
  { ok: true; paymentId: string; brand: CardBrand; lastFour: string } | { ok: false; code: "declined"; message: string };

export type RefundRequest = {
  paymentId: string;
  amountCents: number;
  /** One refund per (payment, key): the same key again changes nothing. */
  idempotencyKey: string;
};

/** A charge the provider holds, found by the idempotency key it was made with. */
export type ProviderCharge = { paymentId: string; amountCents: number; refundedCents: number };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Gives the money back (order not created after all, or cancelled). Throws when the provider cannot. */
  refund(request: RefundRequest): Promise<void>;
  /** The charge made with this idempotency key, or null when the provider never charged it. */
  findCharge(idempotencyKey: string): Promise<ProviderCharge | null>;
}

export const PAYMENT_DECLINED_MESSAGE = "Paiement refusé par votre banque. Veuillez utiliser une autre carte.";

/** The shop's merchant account at the simulated acquirer. */
export const SIMULATED_ACCOUNT = "aurore";

/** The database, or how to open it (a provider made before the database is ready). */
type DatabaseSource = Database | (() => Promise<Database>);

export type SimulatedCharge = { paymentId: string; idempotencyKey: string; amountCents: number; createdAt: Date };
export type SimulatedRefund = { paymentId: string; refundKey: string; amountCents: number; createdAt: Date };

/**
 * Simulated acquirer: approves every valid card except the documented decline card
 * (4000 0000 0000 0002). It keeps its books in the simulated_acquirer_* tables (the bank's system,
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

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const digits = cardDigits(request.card.number);
    const brand = cardBrandOf(digits);
    if (!brand || digits === cardDigits(TEST_CARD_DECLINED)) {
      return { ok: false, code: "declined", message: PAYMENT_DECLINED_MESSAGE };
    }
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error("invalid charge amount");
    const db = await this.db();
    const lastFour = digits.slice(-4);
    const [inserted] = await db
      .insert(simulatedAcquirerCharges)
      .values({
        id: `sim_${randomUUID()}`,
        account: this.account,
        idempotencyKey: request.idempotencyKey,
        amountCents: request.amountCents,
        currency: request.currency,
        cardBrand: brand,
        cardLastFour: lastFour,
        description: request.description.slice(0, 200),
      })
      .onConflictDoNothing()
      .returning({ id: simulatedAcquirerCharges.id });
    if (inserted) return { ok: true, paymentId: inserted.id, brand, lastFour };
    // The same key again: the first charge's answer (as real acquirers replay an idempotent call).
    const [previous] = await db
      .select()
      .from(simulatedAcquirerCharges)
      .where(and(eq(simulatedAcquirerCharges.account, this.account), eq(simulatedAcquirerCharges.idempotencyKey, request.idempotencyKey)));
    if (!previous) throw new Error("simulated acquirer: charge vanished");
    return { ok: true, paymentId: previous.id, brand: previous.cardBrand as CardBrand, lastFour: previous.cardLastFour };
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
 * The shop's provider: the simulated acquirer keeping its books in the database the caller works
 * on (the shop's, or a test's own). A real acquirer, once configured, is chosen here.
 */
export function getPaymentProvider(db: Database): PaymentProvider {
  return new SimulatedPaymentProvider(db);
}
