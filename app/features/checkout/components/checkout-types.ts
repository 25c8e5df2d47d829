/** Shapes shared by the checkout pages (type-only: nothing here reaches the server or the bundle). */
import type { CheckoutQuote } from "~/domain/checkout/checkout-quote.types";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";

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
};

export type QuoteResponse = { ok: true; quote: CheckoutQuote } | { ok: false; message: string };

export type CheckoutStep = "shipping" | "payment" | "confirmation";

/** Debug pages receive one line per event. */
export type CheckoutLogger = (line: string) => void;
