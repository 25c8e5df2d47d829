/**
 * The admin API's bodies for the catalogue and stock (decision 049). Products are written with
 * the back-office form's schema (ProductFormSchema: same rules, same French messages); the API
 * speaks integer cents, turned into the form's euros before that schema reads them.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { ProductFormSchema, productFieldErrors, type ProductInput } from "./admin-product-form.schema";

export const STOCK_MODES = ["set", "add", "remove"] as const;
export type StockMode = (typeof STOCK_MODES)[number];
/** Same bound as the inventory's adjustments (STOCK_ADJUST_MAX). */
export const API_STOCK_QUANTITY_MAX = 1_000_000;
export const API_STOCK_BULK_MAX = 500;

export const INVALID_QUANTITY_MESSAGE = "Quantité invalide";
export const STOCK_MODE_MESSAGE = "Opération de stock inconnue : set, add ou remove";
export const SKU_REQUIRED_MESSAGE = "La référence (SKU) est requise";
export const SKU_UNKNOWN_MESSAGE = "Référence inconnue";
export const SKU_DUPLICATE_MESSAGE = "Cette référence figure deux fois dans la demande";
export const STOCK_BULK_EMPTY_MESSAGE = "Indiquez au moins une ligne de stock";
export const STOCK_BULK_TOO_MANY_MESSAGE = `${API_STOCK_BULK_MAX} lignes de stock au maximum par demande`;
export const PRICE_CENTS_MESSAGE = "Le prix doit être un nombre entier de centimes";
export const INVALID_PRODUCT_BODY_MESSAGE = "Veuillez corriger les champs signalés";

const quantity = z
  .number({ error: INVALID_QUANTITY_MESSAGE })
  .int({ error: INVALID_QUANTITY_MESSAGE })
  .min(0, { error: INVALID_QUANTITY_MESSAGE })
  .max(API_STOCK_QUANTITY_MAX, { error: INVALID_QUANTITY_MESSAGE });
const mode = z.enum(STOCK_MODES, { error: STOCK_MODE_MESSAGE });

/** POST /api/v1/admin/variants/:id/stock. */
export const VariantStockChangeSchema = z.object({ mode, quantity });

/** POST /api/v1/admin/stock: several variants by SKU, all or nothing. */
export const BulkStockChangeSchema = z.object({
  items: z
    .array(
      z.object({
        sku: text({ error: SKU_REQUIRED_MESSAGE }).trim().min(1, { error: SKU_REQUIRED_MESSAGE }).max(120, { error: SKU_UNKNOWN_MESSAGE }),
        mode,
        quantity,
      }),
      { error: STOCK_BULK_EMPTY_MESSAGE },
    )
    .min(1, { error: STOCK_BULK_EMPTY_MESSAGE })
    .max(API_STOCK_BULK_MAX, { error: STOCK_BULK_TOO_MANY_MESSAGE })
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.sku)) ctx.addIssue({ code: "custom", path: [index, "sku"], message: `${SKU_DUPLICATE_MESSAGE} : ${item.sku}` });
        seen.add(item.sku);
      });
    }),
});

export type BulkStockChange = z.output<typeof BulkStockChangeSchema>["items"][number];

const cents = z.number({ error: PRICE_CENTS_MESSAGE }).int({ error: PRICE_CENTS_MESSAGE });

/**
 * A product body in the API's shape: the form's fields, with `price_cents` and
 * `original_price_cents` on variants instead of the form's euros. Anything else passes through
 * to the form's schema, which judges it.
 */
const ApiVariantPrices = z.looseObject({ price_cents: cents.optional(), original_price_cents: cents.nullable().optional() });

/** The body's variants with their prices in euros, as the form's schema reads them; refused prices as field messages. */
export function productBodyToForm(body: Record<string, unknown>): { form: Record<string, unknown>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!Array.isArray(body.variants)) return { form: body, errors };
  const variants = body.variants.map((raw: unknown, index) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    const parsed = ApiVariantPrices.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[`variants.${index}.${String(issue.path[0])}`] ??= issue.message;
      return raw;
    }
    const { price_cents, original_price_cents, ...rest } = parsed.data;
    return {
      ...rest,
      ...(price_cents === undefined ? {} : { price: price_cents / 100 }),
      ...(original_price_cents === undefined ? {} : { original_price: original_price_cents === null ? 0 : original_price_cents / 100 }),
    };
  });
  return { form: { ...body, variants }, errors };
}

/** A product body read with the form's schema: the input the product service takes, or a message per field. */
export function parseApiProduct(
  body: Record<string, unknown>,
): { ok: true; input: ProductInput } | { ok: false; fieldErrors: Record<string, string> } {
  const { form, errors } = productBodyToForm(body);
  const parsed = ProductFormSchema.safeParse(form);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, input: parsed.data };
  const fieldErrors: Record<string, string> = { ...errors };
  if (!parsed.success)
    for (const [key, message] of Object.entries(productFieldErrors(parsed.error))) if (message) fieldErrors[key] ??= message;
  return { ok: false, fieldErrors };
}
