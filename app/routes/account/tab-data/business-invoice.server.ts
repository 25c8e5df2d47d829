import type { Database } from "~/.server/db/client";
import { getBusinessInvoice } from "~/.server/modules/accounts/business-invoice.service";
import type { BusinessBuyer } from "~/domain/tax/order-tax";
import { log } from "~/.server/logger";

/** Data of the profile tab's "Facturation professionnelle"; `failed` when it could not be read (the section says so). */
export type BusinessInvoiceTabData = { saved: BusinessBuyer | null; failed: boolean };

export async function loadBusinessInvoiceTab(db: Database, userId: string): Promise<BusinessInvoiceTabData> {
  try {
    return { saved: await getBusinessInvoice(db, userId), failed: false };
  } catch (error) {
    log.error({ err: error }, "account: business invoice details failed to load");
    return { saved: null, failed: true };
  }
}
