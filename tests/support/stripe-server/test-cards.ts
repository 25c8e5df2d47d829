/**
 * Stripe's documented test payment methods and card numbers (https://docs.stripe.com/testing), and
 * how each behaves at the local server. A `pm_card_…` id used in a request stands for a new
 * PaymentMethod made from that card, as at Stripe; a number is what the Payment Element would
 * send to Stripe (never to the shop) when the shopper types it.
 */
import { cardDigits, isLuhnValid } from "~/domain/checkout/checkout.schema";

export type CardBehaviour =
  | "succeed"
  | "decline"
  | "insufficient_funds"
  | "expired_card"
  | "incorrect_cvc"
  | "processing_error"
  /** 3-D Secure on every payment, even off session once saved (4000 0027 6000 3184). */
  | "authenticate_always"
  /** 3-D Secure on a one-off payment; none off session once saved with a SetupIntent (4000 0025 0000 3155). */
  | "authenticate_unless_set_up"
  /** 3-D Secure, then declined for insufficient funds (4000 0082 6000 3178). */
  | "authenticate_then_decline";

export type TestCard = {
  number: string;
  brand: string;
  /** The networks the card runs on: a Cartes Bancaires card also runs on Visa or Mastercard. */
  networks: string[];
  /** For a co-badged card, the network shown (and chosen) by default. */
  displayBrand?: string;
  country: string;
  funding: "credit" | "debit";
  behaviour: CardBehaviour;
};

const visa = (number: string, behaviour: CardBehaviour): TestCard => ({
  number,
  brand: "visa",
  networks: ["visa"],
  country: "US",
  funding: "credit",
  behaviour,
});

const CARTES_BANCAIRES_VISA: TestCard = {
  number: "4000002500001001",
  brand: "visa",
  networks: ["cartes_bancaires", "visa"],
  displayBrand: "cartes_bancaires",
  country: "FR",
  funding: "credit",
  behaviour: "succeed",
};

/** The test PaymentMethods by id (https://docs.stripe.com/testing?testing-method=payment-methods). */
export const TEST_PAYMENT_METHODS: Record<string, TestCard> = {
  pm_card_visa: visa("4242424242424242", "succeed"),
  pm_card_visa_debit: { ...visa("4000056655665556", "succeed"), funding: "debit" },
  pm_card_mastercard: {
    number: "5555555555554444",
    brand: "mastercard",
    networks: ["mastercard"],
    country: "US",
    funding: "credit",
    behaviour: "succeed",
  },
  pm_card_amex: { number: "378282246310005", brand: "amex", networks: ["amex"], country: "US", funding: "credit", behaviour: "succeed" },
  pm_card_discover: {
    number: "6011111111111117",
    brand: "discover",
    networks: ["discover"],
    country: "US",
    funding: "credit",
    behaviour: "succeed",
  },
  pm_card_fr: { ...visa("4000002500000003", "succeed"), country: "FR" },
  // Co-badged Cartes Bancaires cards (Visa: 4000 0025 0000 1001, Mastercard: 5555 5525 0000 1001).
  pm_card_cartesBancaires: CARTES_BANCAIRES_VISA,
  pm_card_visa_cartesBancaires: CARTES_BANCAIRES_VISA,
  pm_card_mastercard_cartesBancaires: {
    number: "5555552500001001",
    brand: "mastercard",
    networks: ["cartes_bancaires", "mastercard"],
    displayBrand: "cartes_bancaires",
    country: "FR",
    funding: "credit",
    behaviour: "succeed",
  },
  pm_card_chargeDeclined: visa("4000000000000002", "decline"),
  pm_card_visa_chargeDeclined: visa("4000000000000002", "decline"),
  pm_card_chargeDeclinedInsufficientFunds: visa("4000000000009995", "insufficient_funds"),
  pm_card_visa_chargeDeclinedInsufficientFunds: visa("4000000000009995", "insufficient_funds"),
  pm_card_chargeDeclinedExpiredCard: visa("4000000000000069", "expired_card"),
  pm_card_chargeDeclinedIncorrectCvc: visa("4000000000000127", "incorrect_cvc"),
  pm_card_chargeDeclinedProcessingError: visa("4000000000000119", "processing_error"),
  pm_card_authenticationRequired: { ...visa("4000002760003184", "authenticate_always"), country: "DE" },
  pm_card_threeDSecure2Required: visa("4000000000003220", "authenticate_always"),
  pm_card_authenticationRequiredOnSetup: { ...visa("4000002500003155", "authenticate_unless_set_up"), country: "IE" },
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: {
    ...visa("4000008260003178", "authenticate_then_decline"),
    country: "GB",
  },
};

const BY_NUMBER = new Map(Object.values(TEST_PAYMENT_METHODS).map((card) => [card.number, card]));

/** The test card a typed number stands for; any other valid number approves. Null when the number is wrong. */
export function testCardOfNumber(number: string): TestCard | null {
  const digits = cardDigits(number);
  // 12 to 19 digits with a valid Luhn checksum, as the shop itself checks.
  if (!isLuhnValid(digits)) return null;
  const known = BY_NUMBER.get(digits);
  if (known) return known;
  const brand = /^4/.test(digits)
    ? "visa"
    : /^(5[1-5]|2[2-7])/.test(digits)
      ? "mastercard"
      : /^3[47]/.test(digits)
        ? "amex"
        : /^6(011|5)/.test(digits)
          ? "discover"
          : "unknown";
  return { number: digits, brand, networks: [brand], country: "US", funding: "credit", behaviour: "succeed" };
}
