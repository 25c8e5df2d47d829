/**
 * An instalment the bank wants authenticated (docs/decisions/035-instalments.md, "An instalment
 * the bank wants authenticated"): the page its owner opens from the e-mailed link, and its
 * "Confirmer le paiement", a charge with the shopper present (so the bank may show its 3-D Secure
 * dialog through Stripe.js) rather than the daily job's merchant-initiated one.
 *
 * Crash-safe and once only, as the job's tries (decision 021): the claim moves the instalment to
 * `charging` with one more try (a new provider key per try) and commits before the provider is
 * called, so two clicks at once charge once; the settlement is the job's own
 * (`settleInstalmentPaid`: one transaction with the order locked). After the dialog the browser
 * only says it is over: the provider is asked for the outcome, never the browser believed. A try
 * a crash leaves `charging` is settled by the job's recovery, which closes its authentication.
 */
import type { Database } from "~/.server/db/client";
import {
  claimShopperTry,
  instalmentChargeKey,
  instalmentOfAuthenticationToken,
  recordShopperAuthentication,
  releaseShopperTry,
  type ShopperInstalment,
} from "~/.server/modules/payment-schedules/payment-schedules.service";
import {
  AUTHENTICATION_FAILED_MESSAGE,
  getPaymentProvider,
  PAYMENT_DECLINED_MESSAGE,
  type AuthenticationResult,
  type PaymentProvider,
} from "~/.server/modules/payments/payment-provider";
import { conflict, DomainError, notFound } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { InstalmentPaymentStep, InstalmentToConfirm } from "~/domain/payments/instalments";
import { log } from "../logger";
import { countPayment } from "../metrics";
import { settleInstalmentPaid } from "./charge-instalments";

type ShopperInput = { userId: string; token: string; now?: Date; provider?: PaymentProvider };

/** Unknown, expired, or another shopper's link: the same 404, which tells nothing about the others. */
const linkInvalid = () => notFound("instalment_link_invalid", ACCOUNT_MESSAGES.instalmentLinkInvalid);
const noLongerDue = () => conflict("instalment_not_due", ACCOUNT_MESSAGES.instalmentNoLongerDue);
const declined = (message: string) => new DomainError("payment_declined", "payment_declined", message);

function viewOf(row: ShopperInstalment): InstalmentToConfirm {
  return {
    order_number: row.orderNumber,
    seq: row.seq,
    amount_cents: row.amountCents,
    due_date: row.dueDate,
    state: row.status === "paid" ? "paid" : row.status === "charging" ? "processing" : "payable",
  };
}

/** The page: the instalment of a valid link, for its order's owner only (404 otherwise, or once it is no longer due). */
export async function getInstalmentToConfirm(db: Database, input: ShopperInput): Promise<InstalmentToConfirm> {
  const found = await instalmentOfAuthenticationToken(db, { token: input.token, userId: input.userId, now: input.now ?? new Date() });
  if (!found || !["pending", "charging", "paid"].includes(found.status)) throw linkInvalid();
  return viewOf(found);
}

/**
 * "Confirmer le paiement": charges the instalment with the shopper present, under a new key.
 * Answers paid, or the client secret of the bank's dialog; a decline is a 402 in French and the
 * instalment is payable again. A replay of a paid one pays nothing more; a second click while a
 * try is under way gets that try's dialog again, or a 409.
 */
export async function confirmInstalmentPayment(db: Database, input: ShopperInput): Promise<InstalmentPaymentStep> {
  const now = input.now ?? new Date();
  const provider = input.provider ?? getPaymentProvider(db);
  const claim = await claimShopperTry(db, { token: input.token, userId: input.userId, now });
  if (!claim) throw linkInvalid();
  const row = claim.instalment;
  switch (claim.kind) {
    case "paid":
      return { status: "paid" };
    case "closed":
      throw noLongerDue();
    case "busy": {
      const secret =
        row.authenticationId && provider.authenticationSecretOf ? await provider.authenticationSecretOf(row.authenticationId) : null;
      if (secret) return { status: "authentication_required", client_secret: secret };
      throw conflict("instalment_payment_in_progress", ACCOUNT_MESSAGES.instalmentPaymentInProgress);
    }
    case "claimed":
      break;
  }
  const ref = { id: row.id, tries: row.tries, now };
  if (!row.providerToken) {
    await releaseShopperTry(db, { ...ref, message: PAYMENT_DECLINED_MESSAGE });
    throw declined(PAYMENT_DECLINED_MESSAGE);
  }
  let charged;
  try {
    charged = await provider.charge({
      amountCents: row.amountCents,
      currency: "EUR",
      source: { type: "token", token: row.providerToken, present: true },
      customerRef: input.userId,
      idempotencyKey: instalmentChargeKey(row),
      description: `Aurore, échéance ${row.seq}/3`,
    });
  } catch (error) {
    // Outcome unknown: the try stays `charging` and the job's recovery asks the provider.
    log.error({ err: error, instalmentId: row.id }, "instalments: shopper's charge failed");
    throw new DomainError("unavailable", "payment_unavailable", ACCOUNT_MESSAGES.instalmentPaymentUnavailable);
  }
  countPayment(charged.ok ? "succeeded" : charged.code === "authentication_required" ? "authentication_required" : "declined");
  if (charged.ok) return settled(await settleInstalmentPaid(db, provider, row, charged.paymentId, now));
  if (charged.code === "declined") {
    await releaseShopperTry(db, { ...ref, message: charged.message });
    throw declined(charged.message);
  }
  // The bank's dialog: without a secret for the browser it cannot be shown, so it is closed.
  if (!charged.clientSecret || !(await recordShopperAuthentication(db, { ...ref, authenticationId: charged.authenticationId }))) {
    const closed = await provider.completeAuthentication(charged.authenticationId, "failed");
    if (closed.status === "charged") return settled(await settleInstalmentPaid(db, provider, row, closed.charge.paymentId, now));
    if (!(await releaseShopperTry(db, { ...ref, message: AUTHENTICATION_FAILED_MESSAGE }))) throw noLongerDue();
    throw declined(AUTHENTICATION_FAILED_MESSAGE);
  }
  return { status: "authentication_required", client_secret: charged.clientSecret };
}

/**
 * The bank's dialog is over (passed, failed or closed): the provider says whether it paid
 * (Stripe: `completeAuthentication` reads the PaymentIntent, and cancels one not paid). Paid is
 * settled once however often the browser says so; otherwise the instalment is payable again.
 */
export async function completeInstalmentAuthentication(
  db: Database,
  input: ShopperInput & { result: AuthenticationResult },
): Promise<InstalmentPaymentStep> {
  const now = input.now ?? new Date();
  const provider = input.provider ?? getPaymentProvider(db);
  const row = await instalmentOfAuthenticationToken(db, { token: input.token, userId: input.userId, now });
  if (!row) throw linkInvalid();
  if (row.status === "paid") return { status: "paid" };
  if (row.status !== "pending" && row.status !== "charging") throw noLongerDue();
  // Settled already (declined, or closed by the job's recovery): nothing waits to be completed.
  if (row.status !== "charging" || !row.authenticationId) throw declined(ACCOUNT_MESSAGES.instalmentPaymentNotCompleted);
  const ref = { id: row.id, tries: row.tries, now };
  const outcome = await provider.completeAuthentication(row.authenticationId, input.result);
  if (outcome.status === "charged") return settled(await settleInstalmentPaid(db, provider, row, outcome.charge.paymentId, now));
  if (outcome.status === "already_completed") {
    const found = await provider.findCharge(instalmentChargeKey(row));
    if (found) return settled(await settleInstalmentPaid(db, provider, row, found.paymentId, now));
  }
  const message = outcome.status === "failed" ? outcome.message : ACCOUNT_MESSAGES.instalmentPaymentNotCompleted;
  await releaseShopperTry(db, { ...ref, message });
  throw declined(message);
}

/** A charge settled: paid, or given back because the instalment was cancelled meanwhile. */
function settled(outcome: "paid" | "refunded"): InstalmentPaymentStep {
  if (outcome === "refunded") throw noLongerDue();
  return { status: "paid" };
}
