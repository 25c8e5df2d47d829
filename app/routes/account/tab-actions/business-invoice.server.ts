/** The intents of the profile tab's "Facturation professionnelle": save or clear the company's details. */
import { clearBusinessInvoice, saveBusinessInvoice } from "~/.server/modules/accounts/business-invoice.service";
import { businessInvoiceInputOf, type BusinessInvoiceFormValues } from "~/domain/tax/business-id";
import { reply, type IntentContext, type TabIntents } from "./intent.server";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** The form's three fields as typed; a field missing from the post is empty. */
function businessInvoiceForm(form: IntentContext["form"]): BusinessInvoiceFormValues {
  const read = (name: keyof BusinessInvoiceFormValues) => {
    const value = form[name];
    return typeof value === "string" ? value : "";
  };
  return { company_name: read("company_name"), company_number: read("company_number"), vat_number: read("vat_number") };
}

export const BUSINESS_INVOICE_INTENTS: TabIntents<"save-business-invoice" | "clear-business-invoice"> = {
  "save-business-invoice": {
    failure: ACCOUNT_MESSAGES.businessInvoiceNotSaved,
    handle: async ({ form, actor }) => {
      // The service checks the details with the checkout's schema; its refusal names each field.
      await saveBusinessInvoice(actor.db, actor.userId, businessInvoiceInputOf(businessInvoiceForm(form)));
      return reply({ intent: "save-business-invoice" }, ACCOUNT_MESSAGES.businessInvoiceSaved);
    },
  },
  "clear-business-invoice": {
    failure: ACCOUNT_MESSAGES.businessInvoiceNotSaved,
    handle: async ({ actor }) => {
      await clearBusinessInvoice(actor.db, actor.userId);
      return reply({ intent: "clear-business-invoice" }, ACCOUNT_MESSAGES.businessInvoiceCleared);
    },
  },
};
