import type { Database } from "~/.server/db/client";
import { listPaymentMethods } from "~/.server/modules/payment-methods/payment-methods.service";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import { log } from "~/.server/logger";

/** paymentMethods is null when they could not be read: the tab then shows the spec's load error. */
export type PaymentTabData = { paymentMethods: PaymentMethodView[] | null };

/** Data of the dashboard's "Moyens de Paiement" tab: saved cards, the default first. */
export async function loadPaymentTab(db: Database, userId: string): Promise<PaymentTabData> {
  try {
    return { paymentMethods: await listPaymentMethods(db, userId) };
  } catch (error) {
    log.error({ err: error }, "dashboard: payment methods could not be loaded");
    return { paymentMethods: null };
  }
}
