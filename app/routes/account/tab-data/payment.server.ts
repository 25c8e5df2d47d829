import type { Database } from "~/.server/db/client";
import { getEnv } from "~/.server/env";
import { listPaymentMethods } from "~/.server/modules/payment-methods/payment-methods.service";
import { paymentFormOf } from "~/.server/modules/payments/payment-form";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import type { PaymentFormConfig } from "~/domain/payments/payment-form";
import { log } from "~/.server/logger";

/**
 * paymentMethods is null when they could not be read: the tab then shows the spec's load error.
 * paymentForm says which add-card form the tab shows (Stripe's, with its publishable key only).
 */
export type PaymentTabData = { paymentMethods: PaymentMethodView[] | null; paymentForm: PaymentFormConfig };

/** Data of the dashboard's "Moyens de Paiement" tab: saved cards, the default first. */
export async function loadPaymentTab(db: Database, userId: string): Promise<PaymentTabData> {
  const paymentForm = paymentFormOf(getEnv());
  try {
    return { paymentMethods: await listPaymentMethods(db, userId), paymentForm };
  } catch (error) {
    log.error({ err: error }, "dashboard: payment methods could not be loaded");
    return { paymentMethods: null, paymentForm };
  }
}
