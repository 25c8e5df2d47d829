/** Shapes shared by the checkout pages (type-only: nothing here reaches the server or the bundle). */
import type { CheckoutQuote } from "~/domain/checkout/checkout-quote.types";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import type { ActionResult } from "~/domain/http/action-result";
import type { PaymentFormConfig } from "~/domain/payments/payment-form";
import type { BusinessBuyer } from "~/domain/tax/order-tax";
import type { SampleOffer } from "~/domain/samples/samples";

export type { CheckoutQuote };

export type CheckoutAccount = {
  email: string;
  /** Full name proposed for the contact form. */
  name: string;
  phone: string;
  firstName: string;
  lastName: string;
  pointsBalance: number;
  /** Null when they could not be loaded (the selector says so and offers to create one). */
  addresses: SavedAddressView[] | null;
  /** Saved cards, the default first (the usable ones are offered at the payment step). */
  paymentMethods: PaymentMethodView[];
  /** The card form of the configured provider (decision 059). */
  payment: PaymentFormConfig;
  /** The business invoicing details saved in the account, pre-filling the company's fields. */
  businessInvoice: BusinessBuyer | null;
  /** The free samples the shopper may choose (decision 067); none offered when absent. */
  samples?: SampleOffer;
};

/** The quote intent's answer (decision 056): the server's quote, or the French reason there is none. */
export type QuoteResponse = ActionResult<CheckoutQuote>;

export type CheckoutStep = "shipping" | "payment" | "confirmation";

/** The contact form of the order, as typed. */
export type ContactValues = { email: string; name: string; phone: string };
export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

/** A new card, as typed. */
export type CardValues = { holder: string; number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardValues, string>>;

/** What the 3-D Secure dialog shows for the payment the bank asks to authenticate. */
export type AuthenticationChallenge = {
  authenticationId: string;
  amountCents: number;
  /** The card's last four digits, when the page knows them. */
  lastFour: string | null;
  /** With Stripe: what Stripe.js needs to show the bank's own dialog instead of ours. */
  clientSecret?: string;
};

/** Debug pages receive one line per event. */
export type CheckoutLogger = (line: string) => void;
