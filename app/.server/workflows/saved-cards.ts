/**
 * Saving a card from Moyens de paiement when the provider's own form takes cards (Stripe,
 * docs/decisions/059-stripe-provider.md, "Saved cards"). The card number never reaches the shop:
 *
 * 1. `startCardSetup`: the shopper's Stripe Customer (made once) and a SetupIntent for it; the
 *    browser gets the SetupIntent's client secret and confirms it with Stripe.js's `confirmSetup`
 *    (the bank's 3-D Secure dialog included), which attaches the card to that Customer;
 * 2. `saveCardFromSetup`: the card that SetupIntent attached, once Stripe says it succeeded for this
 *    shopper, goes into the saved cards with the module's rules (size limit, the same card again).
 *
 * The provider is called outside any transaction (decision 021). With the simulated acquirer
 * (the demonstration) neither exists: the account's form sends the card to `addPaymentMethod`.
 */
import type { Database } from "~/.server/db/client";
import { log } from "~/.server/logger";
import { assertRoomForPaymentMethod, savePaymentMethodFromSetup } from "~/.server/modules/payment-methods/payment-methods.service";
import { DomainError, invalid, isDomainError, notFound } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import {
  CardSetupSaveSchema,
  SETUP_INTENT_ID_PATTERN,
  paymentMethodFieldErrors,
  type PaymentMethodView,
} from "~/domain/payment-methods/payment-method.schema";
import { savedCardProviderOf, type PaymentProvider, type SavedCardProvider } from "~/domain/payments/payment-provider";

/** What the browser needs to confirm the setup with Stripe.js (never a secret key). */
export type CardSetupStart = { setup_intent_id: string; client_secret: string };

/** The provider's saved-card side; a shop without one (the simulated acquirer) has no such endpoint: 404. */
function setupProviderOf(provider: PaymentProvider): SavedCardProvider {
  const cards = savedCardProviderOf(provider);
  if (!cards) throw notFound("not_found", ACCOUNT_MESSAGES.cardSetupUnavailable);
  return cards;
}

/** A provider call whose failure (Stripe unreachable, a timeout) the shopper reads as "try again" (502). */
async function atProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    log.error({ err: error }, `saved-cards: ${what} failed`);
    throw new DomainError("unavailable", "payment_unavailable", ACCOUNT_MESSAGES.cardSetupProviderUnavailable);
  }
}

/** Starts saving a card: refused when the list is already full, before anything is asked of Stripe. */
export async function startCardSetup(
  db: Database,
  provider: PaymentProvider,
  shopper: { userId: string; email: string },
): Promise<CardSetupStart> {
  const cards = setupProviderOf(provider);
  await assertRoomForPaymentMethod(db, shopper.userId);
  const customerId = await atProvider("customer", () => cards.ensureCustomer(shopper.userId, shopper.email));
  const intent = await atProvider("setup intent", () => cards.createSetupIntent(customerId));
  return { setup_intent_id: intent.id, client_secret: intent.clientSecret };
}

const setupRefused = () => invalid("card_setup_refused", ACCOUNT_MESSAGES.cardSetupNotConfirmed);

/**
 * Saves the card a confirmed SetupIntent attached. Someone else's SetupIntent, an unknown one and
 * one not succeeded (the bank's dialog left unanswered) read alike: refused, nothing stored. A card
 * that cannot be kept after all (the list filled up meanwhile) is detached again at Stripe.
 */
export async function saveCardFromSetup(
  db: Database,
  provider: PaymentProvider,
  userId: string,
  setupIntentId: string,
  input: unknown,
): Promise<PaymentMethodView> {
  const cards = setupProviderOf(provider);
  const body = input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if ("number" in body) throw invalid("card_number_refused", ACCOUNT_MESSAGES.cardNumberInStripeForm);
  const parsed = CardSetupSaveSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors = paymentMethodFieldErrors(parsed.error);
    throw invalid("invalid_payment_method", Object.values(fieldErrors).join(" ; ") || ACCOUNT_MESSAGES.cardSetupNotConfirmed, {
      fieldErrors,
    });
  }
  if (!SETUP_INTENT_ID_PATTERN.test(setupIntentId)) throw setupRefused();
  const made = await atProvider("setup intent", () => cards.savedCardOfSetupIntent(setupIntentId, userId));
  if (!made.ok) {
    // A brand the shop does not take says so; every other refusal reads "not confirmed".
    if (made.message === ACCOUNT_MESSAGES.cardNotAcceptedVisaMastercard) throw invalid("invalid_card", made.message);
    throw setupRefused();
  }
  try {
    return await savePaymentMethodFromSetup(db, userId, {
      token: made.token,
      brand: made.brand,
      lastFour: made.lastFour,
      expMonth: made.expMonth,
      expYear: made.expYear,
      holder: parsed.data.holder,
      isDefault: parsed.data.is_default,
    });
  } catch (error) {
    if (isDomainError(error)) {
      // Not kept after all: the card goes back to being nobody's, so it cannot be charged.
      await cards.detachPaymentMethod(made.token).catch((e) => log.warn({ err: e }, "saved-cards: detach of a card not kept failed"));
    }
    throw error;
  }
}
