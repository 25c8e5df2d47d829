/**
 * Brands written through the admin API and the back-office's Marques screen (create, rename or
 * describe, delete): the rules of the categories screen, worded for a brand (isomorphic).
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { PRODUCT_TEXT_MAX } from "./admin-product-form.schema";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** The product form creates a brand from its "new brand" field up to this length: the same bound here. */
export const BRAND_NAME_MAX = PRODUCT_TEXT_MAX;
export const BRAND_DESCRIPTION_MAX = 2000;

export const BRAND_NAME_REQUIRED_MESSAGE = "Le nom de la marque est requis";
export const BRAND_NAME_TOO_LONG_MESSAGE = `Le nom de la marque ne doit pas dépasser ${BRAND_NAME_MAX} caractères`;
export const BRAND_NAME_TAKEN_MESSAGE = "Une marque porte déjà ce nom";
export const BRAND_NAME_UNUSABLE_MESSAGE = "Le nom de la marque doit contenir au moins une lettre ou un chiffre";
export const BRAND_DESCRIPTION_TOO_LONG_MESSAGE = `La description de la marque ne doit pas dépasser ${BRAND_DESCRIPTION_MAX} caractères`;
export const BRAND_NOT_FOUND_MESSAGE = SHOP_MESSAGES.brandNotFound;
export const BRAND_HAS_PRODUCTS_MESSAGE = "Impossible de supprimer une marque utilisée par des produits";

const name = text({ error: BRAND_NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: BRAND_NAME_REQUIRED_MESSAGE })
  .max(BRAND_NAME_MAX, { error: BRAND_NAME_TOO_LONG_MESSAGE });

/** Empty or null clears the description. */
const description = text({ error: BRAND_DESCRIPTION_TOO_LONG_MESSAGE })
  .trim()
  .max(BRAND_DESCRIPTION_MAX, { error: BRAND_DESCRIPTION_TOO_LONG_MESSAGE })
  .nullable()
  .transform((v) => (v ? v : null));

export const BrandCreateSchema = z.object({ name, description: description.optional() });
/** PATCH: only the fields sent change. */
export const BrandUpdateSchema = z.object({ name: name.optional(), description: description.optional() });

/** The back-office's create and rename form: the name alone, checked in the browser and again by the service. */
export const BrandNameSchema = z.object({ name });

export const BrandIdSchema = z.object({
  brandId: text({ error: BRAND_NOT_FOUND_MESSAGE }).min(1, { error: BRAND_NOT_FOUND_MESSAGE }),
});

export type AdminBrandRow = { id: string; name: string; slug: string; product_count: number };

export type BrandCreateInput = z.output<typeof BrandCreateSchema>;
export type BrandUpdateInput = z.output<typeof BrandUpdateSchema>;
