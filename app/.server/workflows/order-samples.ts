/**
 * Free samples in the checkout and the order (docs/decisions/067-samples.md), where the samples
 * module meets the Beauty Pass tier, the settings and the order's transaction. place-order.ts
 * calls these from one-line hooks: the choice is checked before any payment (a refusal in French
 * names the problem), and reserved inside the order's transaction. A sample that runs out between
 * the check and the commit never fails the order: the order goes on without it and says so.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { userProfiles } from "~/.server/db/schema";
import type { MailWording } from "~/.server/mail/templates";
import {
  activeSamplesByIds,
  listOfferedSamples,
  reserveOrderSamples,
  restockOrderSamples,
  retakeOrderSamples,
} from "~/.server/modules/samples/samples.service";
import { getSampleAllowances } from "~/.server/modules/settings/sample-settings.service";
import { DomainError } from "~/domain/errors";
import { tierFor } from "~/domain/loyalty/loyalty.rules";
import { sampleAllowanceFor, sampleChoiceProblem, type SampleOffer } from "~/domain/samples/samples";

/** The shopper's Beauty Pass tier now, from their points balance (the tier the pages show). */
async function tierOf(db: Executor, userId: string | null) {
  if (!userId) return tierFor(0);
  const [row] = await db.select({ points: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, userId));
  return tierFor(row?.points ?? 0);
}

/** How many samples this shopper may choose: the base number for a visitor or a Beauty Lover. */
export async function sampleAllowanceOf(db: Executor, userId: string | null): Promise<number> {
  const [allowances, tier] = await Promise.all([getSampleAllowances(db), tierOf(db, userId)]);
  return sampleAllowanceFor(allowances, tier.id);
}

/** The checkout's choice: the allowance and the samples offered now (active, in stock). */
export async function sampleOfferFor(db: Executor, userId: string): Promise<SampleOffer> {
  const [allowance, samples] = await Promise.all([sampleAllowanceOf(db, userId), listOfferedSamples(db)]);
  return { allowance, samples };
}

/**
 * Before any payment: each chosen sample exists and is offered, none twice, no more than the
 * allowance, each in stock now. Refused as `invalid` with the field `sample_ids` (a 400, never a 500).
 */
export async function checkOrderSamples(db: Executor, userId: string, sampleIds: readonly string[]): Promise<void> {
  if (sampleIds.length === 0) return;
  const [allowance, offered] = await Promise.all([sampleAllowanceOf(db, userId), activeSamplesByIds(db, sampleIds)]);
  const problem = sampleChoiceProblem(sampleIds, offered, allowance);
  if (problem) throw new DomainError("invalid", problem.code, problem.message, { field: "sample_ids", details: { field: "sample_ids" } });
}

/**
 * In the order's transaction: one unit of each chosen sample and the order's rows. Returns the
 * confirmation e-mail's lines: the samples added at 0 €, and those that ran out meanwhile.
 */
export async function reserveSamplesForOrder(
  tx: Executor,
  input: { orderId: string; sampleIds: readonly string[]; now: Date; wording: MailWording },
): Promise<string[]> {
  if (input.sampleIds.length === 0) return [];
  const { added, missed } = await reserveOrderSamples(tx, input.orderId, input.sampleIds, input.now);
  const m = input.wording;
  return [
    "",
    ...(added.length > 0 ? [m.t("emails.orderConfirmation.samples", { names: added.join(", "), price: m.price(0) })] : []),
    ...(missed.length > 0 ? [m.t("emails.orderConfirmation.samplesNotAdded", { names: missed.join(", ") })] : []),
  ];
}

/** A cancelled order's samples go back to their stock (a returned order's were used: they stay out). */
export async function releaseOrderSamples(tx: Executor, orderId: string, to: string, now: Date): Promise<void> {
  if (to === "cancelled") await restockOrderSamples(tx, orderId, now);
}

/** An order held again after a cancellation takes its samples again, those still in stock. */
export async function holdOrderSamplesAgain(tx: Executor, orderId: string, now: Date): Promise<void> {
  await retakeOrderSamples(tx, orderId, now);
}
