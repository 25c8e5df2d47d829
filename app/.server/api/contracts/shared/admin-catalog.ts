import { z } from "zod";
import { ORIGIN_COUNTRY_NAMES } from "~/domain/catalog/origin-countries";
import { TAX_CLASSES } from "~/domain/tax/tax-classes";

/**
 * The admin API's catalogue and stock (decision 049): the shapes its product, category, brand
 * and stock routes share. Each operation takes an administrator's session or an API key
 * (`Authorization: Bearer aur_live_…`) holding the scope named in its summary.
 */
export const AdminApiVariantSchema = z
  .object({
    id: z.uuid(),
    sku: z.string(),
    label: z.string(),
    size: z.string().nullable(),
    shade: z.string().nullable(),
    shade_hex: z.string().nullable(),
    content_amount: z.number().nullable(),
    content_unit: z.enum(["ml", "g"]).nullable(),
    price_cents: z.int(),
    original_price_cents: z.int().nullable(),
    stock: z.int(),
    images: z.array(z.string()),
    position: z.int(),
    updated_at: z.string(),
    /** A set's composition (decision 070): its stock is derived from these components'; null for a plain variant. */
    bundle: z
      .object({
        returnable_by_component: z.boolean(),
        components: z.array(z.object({ variant_id: z.uuid(), sku: z.string(), quantity: z.int().min(1) })),
      })
      .nullable()
      .meta({ description: "Composition du coffret : son stock est calculé à partir de celui de ses composants (null : produit simple)." }),
  })
  .meta({ id: "AdminApiVariant" });

export const AdminApiProductSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    category_id: z.uuid().nullable(),
    brand_id: z.uuid().nullable(),
    brand: z.string().nullable(),
    image_url: z.string().nullable(),
    images: z.array(z.string()),
    tags: z.array(z.string()),
    attributes: z.record(z.string(), z.string()),
    ingredients: z.string().nullable(),
    usage_tips: z.string().nullable(),
    featured: z.boolean(),
    weight_grams: z.int().nullable().describe("Poids emballé d'une unité, en grammes, pour le poids des colis ; null : pas encore pesé"),
    tax_class: z
      .enum(TAX_CLASSES)
      .describe("Catégorie fiscale : la ligne du barème de TVA qui s'applique (standard : parfums, cosmétiques)"),
    hs_code: z.string().nullable().describe("Code douanier (SH) de la déclaration CN23, 6 à 10 chiffres ; null : pas encore renseigné"),
    origin_country: z
      .string()
      .nullable()
      .describe("Pays d'origine (ISO 3166-1 alpha-2) de la déclaration CN23 ; null : pas encore renseigné"),
    price_cents: z.int().describe("Le prix de la variante la moins chère"),
    stock: z.int().describe("La somme des stocks des variantes"),
    in_stock: z.boolean(),
    variant_count: z.int(),
    created_at: z.string(),
    updated_at: z.string(),
    variants: z.array(AdminApiVariantSchema),
  })
  .meta({ id: "AdminApiProduct" });

const VariantBody = z.object({
  id: z.uuid().optional().describe("Une variante existante (absente : une nouvelle variante)"),
  sku: z.string(),
  label: z.string().optional(),
  size: z.string().optional(),
  shade: z.string().optional(),
  shade_hex: z.string().optional(),
  content_amount: z.number().optional(),
  content_unit: z.enum(["ml", "g", ""]).optional(),
  price_cents: z.int(),
  original_price_cents: z.int().nullable().optional(),
  stock: z.int().min(0),
  images: z.array(z.string()).optional(),
});

export const AdminApiProductBodySchema = z
  .object({
    name: z.string(),
    description: z.string().optional(),
    category_id: z.uuid(),
    brand_id: z.uuid().optional(),
    new_brand: z.string().optional().describe("Une marque à créer (ou retrouver par son nom)"),
    image_url: z.string().optional(),
    images: z.array(z.string()).optional(),
    tags: z.array(z.string()).optional(),
    attributes: z.object({ color: z.string(), skin_type: z.string(), usage: z.string() }).partial().optional(),
    ingredients: z.string().optional(),
    usage_tips: z.string().optional(),
    featured: z.boolean().optional(),
    weight_grams: z
      .int()
      .min(1)
      .max(30_000)
      .nullable()
      .optional()
      .describe("Poids emballé d'une unité, en grammes (1 à 30 000), pour le poids des colis ; null l'efface"),
    tax_class: z.enum(TAX_CLASSES).optional().describe("Catégorie fiscale ; standard quand absente à la création"),
    hs_code: z
      .string()
      .nullable()
      .optional()
      .describe("Code douanier (SH), 6 à 10 chiffres (espaces et points ignorés) ; vide ou null l'efface"),
    origin_country: z
      .string()
      .nullable()
      .optional()
      .describe(`Pays d'origine, code ISO 3166-1 alpha-2 parmi ${Object.keys(ORIGIN_COUNTRY_NAMES).join(", ")} ; vide ou null l'efface`),
    variants: z.array(VariantBody).min(1),
  })
  .meta({ id: "AdminApiProductBody" });

export const AdminApiCategorySchema = z
  .object({ id: z.uuid(), name: z.string(), slug: z.string(), product_count: z.int(), updated_at: z.string() })
  .meta({ id: "AdminApiCategory" });

export const BrandDetailSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string().describe("Dérivé du nom à la création, gardé ensuite (adresse /marque/{slug})"),
    description: z.string().nullable(),
    product_count: z.int(),
  })
  .meta({ id: "AdminApiBrandDetail" });

export const BrandBody = z
  .object({
    name: z.string().describe("Unique, sans tenir compte des majuscules ni des accents ; 120 caractères au maximum"),
    description: z.string().nullable().optional().describe("2000 caractères au maximum ; vide ou null l'efface"),
  })
  .meta({ id: "AdminApiBrandBody" });

export const VariantStockSchema = z
  .object({ id: z.uuid(), product_id: z.uuid(), sku: z.string(), label: z.string(), stock: z.int(), updated_at: z.string() })
  .meta({ id: "AdminApiVariantStock" });
