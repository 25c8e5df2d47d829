/**
 * The business invoicing details a shopper keeps in their account (user_profiles.business_invoice,
 * decision 063): they pre-fill the checkout's "Je souhaite une facture au nom de mon entreprise".
 * An order keeps its own copy (orders.tax), so changing or clearing them never touches an invoice.
 */
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { userProfiles } from "../../db/schema";
import { invalid, notFound } from "~/domain/errors";
import { BusinessInvoiceSchema, businessInvoiceFieldErrors, type BusinessInvoiceInput } from "~/domain/tax/business-id";
import type { BusinessBuyer } from "~/domain/tax/order-tax";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export async function getBusinessInvoice(db: Executor, userId: string): Promise<BusinessBuyer | null> {
  const [row] = await db
    .select({ businessInvoice: userProfiles.businessInvoice })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId))
    .limit(1);
  return row?.businessInvoice ?? null;
}

/**
 * Checks the details with the checkout's own schema and saves them normalised. A refusal names
 * each field's problem (`fieldErrors` under the form's fields: company_name, company_number,
 * vat_number) and saves nothing.
 */
export async function saveBusinessInvoice(db: Executor, userId: string, input: BusinessInvoiceInput): Promise<BusinessBuyer> {
  const parsed = BusinessInvoiceSchema.safeParse(input);
  if (!parsed.success) {
    throw invalid("invalid_business_invoice", parsed.error.issues[0]?.message ?? SHOP_MESSAGES.invalidRequest2, {
      fieldErrors: businessInvoiceFieldErrors(parsed.error),
    });
  }
  const saved = await db
    .update(userProfiles)
    .set({ businessInvoice: parsed.data, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId))
    .returning({ id: userProfiles.id });
  if (saved.length === 0) throw notFound("profile_not_found", SHOP_MESSAGES.profileNotFound);
  return parsed.data;
}

export async function clearBusinessInvoice(db: Executor, userId: string): Promise<void> {
  await db
    .update(userProfiles)
    .set({ businessInvoice: null, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
}
