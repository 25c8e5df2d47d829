import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import { BulkStockChangeSchema, VariantStockChangeSchema } from "~/domain/catalog/admin-api.schema";
import { STOCK_LEVEL_FILTERS } from "~/domain/catalog/admin-products.schema";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * The admin API's catalogue and stock in the OpenAPI document (decision 049). Each operation
 * takes an administrator's session or an API key (`Authorization: Bearer aur_live_…`) holding
 * the scope named in its summary.
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
    variants: z.array(VariantBody).min(1),
  })
  .meta({ id: "AdminApiProductBody" });

const CategorySchema = z
  .object({ id: z.uuid(), name: z.string(), slug: z.string(), product_count: z.int(), updated_at: z.string() })
  .meta({ id: "AdminApiCategory" });
const BrandSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string(), updated_at: z.string() }).meta({ id: "AdminApiBrand" });
const BrandDetailSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string().describe("Dérivé du nom à la création, gardé ensuite (adresse /marque/{slug})"),
    description: z.string().nullable(),
    product_count: z.int(),
  })
  .meta({ id: "AdminApiBrandDetail" });
const BrandBody = z
  .object({
    name: z.string().describe("Unique, sans tenir compte des majuscules ni des accents ; 120 caractères au maximum"),
    description: z.string().nullable().optional().describe("2000 caractères au maximum ; vide ou null l'efface"),
  })
  .meta({ id: "AdminApiBrandBody" });
const VariantStockSchema = z
  .object({ id: z.uuid(), product_id: z.uuid(), sku: z.string(), label: z.string(), stock: z.int(), updated_at: z.string() })
  .meta({ id: "AdminApiVariantStock" });
const StockChangeResultSchema = z.object({
  data: z.object({ variants: z.array(z.object({ id: z.uuid(), product_id: z.uuid(), stock: z.int(), delta: z.int() })) }),
});

const guarded = {
  401: { description: "Ni session ni clé API valide (clé inconnue, révoquée ou expirée)", schema: ApiErrorSchema },
  403: { description: "Pas administrateur, ou clé sans l'accès demandé", schema: ApiErrorSchema },
  429: { description: "Trop de requêtes pour cette clé (en-tête Retry-After)", schema: ApiErrorSchema },
};
const invalidBody = { 400: { description: "Données invalides (messages en français, par champ)", schema: ApiErrorSchema } };
const id = z.object({ id: z.uuid() });
const tags = ["Administration : catalogue et stock"];
const auth = "admin_api" as const;

export function adminCatalogOperations(): ApiOperation[] {
  return [
    {
      method: "get",
      path: "/api/v1/admin/products",
      summary: "Produits avec variantes et images, filtrés comme au back-office (accès catalog:read)",
      tags,
      auth,
      query: z.object({
        search: z.string().optional(),
        category: z.string().optional().describe("Un id de catégorie, ou `none`"),
        stock: z.enum(STOCK_LEVEL_FILTERS).optional(),
        ...ListWindowQuerySchema.shape,
      }),
      responses: {
        200: { description: "Une page de produits", schema: listResponse(AdminApiProductSchema, { id: "AdminApiProductPage" }) },
        ...invalidBody,
        ...guarded,
      },
    },
    {
      method: "post",
      path: "/api/v1/admin/products",
      summary: "Créer un produit et ses variantes (accès catalog:write)",
      tags,
      auth,
      body: AdminApiProductBodySchema,
      responses: {
        201: { description: "Produit créé", schema: z.object({ data: AdminApiProductSchema }) },
        ...invalidBody,
        ...guarded,
        409: { description: "Référence (SKU) déjà utilisée", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/products/{id}",
      summary: "Un produit (accès catalog:read)",
      tags,
      auth,
      pathParams: id,
      responses: {
        200: { description: "Produit", schema: z.object({ data: AdminApiProductSchema }) },
        ...guarded,
        404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
      },
    },
    {
      method: "patch",
      path: "/api/v1/admin/products/{id}",
      summary: "Modifier les champs envoyés ; `variants`, si envoyé, est la liste complète (accès catalog:write)",
      tags,
      auth,
      pathParams: id,
      body: AdminApiProductBodySchema.partial(),
      responses: {
        200: { description: "Produit modifié", schema: z.object({ data: AdminApiProductSchema }) },
        ...invalidBody,
        ...guarded,
        404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
        409: { description: "Référence (SKU) déjà utilisée", schema: ApiErrorSchema },
      },
    },
    {
      method: "delete",
      path: "/api/v1/admin/products/{id}",
      summary: "Supprimer un produit (accès catalog:write)",
      tags,
      auth,
      pathParams: id,
      responses: {
        200: { description: "Produit supprimé" },
        ...guarded,
        404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/categories",
      summary: "Catégories avec leur nombre de produits (accès catalog:read)",
      tags,
      auth,
      query: ListWindowQuerySchema,
      responses: {
        200: { description: "Une page de catégories", schema: listResponse(CategorySchema, { id: "AdminApiCategoryPage" }) },
        ...invalidBody,
        ...guarded,
      },
    },
    {
      method: "post",
      path: "/api/v1/admin/categories",
      summary: "Créer une catégorie : { name } (accès catalog:write)",
      tags,
      auth,
      body: z.object({ name: z.string() }),
      responses: {
        201: { description: "Catégorie créée", schema: z.object({ data: CategorySchema }) },
        ...invalidBody,
        ...guarded,
        409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/categories/{id}",
      summary: "Une catégorie (accès catalog:read)",
      tags,
      auth,
      pathParams: id,
      responses: {
        200: { description: "Catégorie", schema: z.object({ data: CategorySchema }) },
        ...guarded,
        404: { description: "Catégorie introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "patch",
      path: "/api/v1/admin/categories/{id}",
      summary: "Renommer une catégorie : { name } (accès catalog:write)",
      tags,
      auth,
      pathParams: id,
      body: z.object({ name: z.string() }),
      responses: {
        200: { description: "Catégorie renommée", schema: z.object({ data: CategorySchema }) },
        ...invalidBody,
        ...guarded,
        404: { description: "Catégorie introuvable", schema: ApiErrorSchema },
        409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
      },
    },
    {
      method: "delete",
      path: "/api/v1/admin/categories/{id}",
      summary: "Supprimer une catégorie sans produit (accès catalog:write)",
      tags,
      auth,
      pathParams: id,
      responses: {
        200: { description: "Catégorie supprimée" },
        ...guarded,
        404: { description: "Catégorie introuvable", schema: ApiErrorSchema },
        409: { description: "Des produits y sont classés", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/brands",
      summary: "Marques (accès catalog:read)",
      tags,
      auth,
      query: ListWindowQuerySchema,
      responses: {
        200: { description: "Une page de marques", schema: listResponse(BrandSchema, { id: "AdminApiBrandPage" }) },
        ...invalidBody,
        ...guarded,
      },
    },
    {
      method: "post",
      path: "/api/v1/admin/brands",
      summary: "Créer une marque : { name, description? } (accès catalog:write)",
      tags,
      auth,
      body: BrandBody,
      responses: {
        201: { description: "Marque créée", schema: z.object({ data: BrandDetailSchema }) },
        ...invalidBody,
        ...guarded,
        409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/brands/{id}",
      summary: "Une marque avec son nombre de produits (accès catalog:read)",
      tags,
      auth,
      pathParams: id,
      responses: {
        200: { description: "Marque", schema: z.object({ data: BrandDetailSchema }) },
        ...guarded,
        404: { description: SHOP_MESSAGES.brandNotFound, schema: ApiErrorSchema },
      },
    },
    {
      method: "patch",
      path: "/api/v1/admin/brands/{id}",
      summary:
        "Renommer ou décrire une marque : { name?, description? } ; un nouveau nom passe sur ses produits (webhook product.updated) (accès catalog:write)",
      tags,
      auth,
      pathParams: id,
      body: BrandBody.partial(),
      responses: {
        200: { description: "Marque modifiée", schema: z.object({ data: BrandDetailSchema }) },
        ...invalidBody,
        ...guarded,
        404: { description: SHOP_MESSAGES.brandNotFound, schema: ApiErrorSchema },
        409: { description: "Nom déjà utilisé", schema: ApiErrorSchema },
      },
    },
    {
      method: "delete",
      path: "/api/v1/admin/brands/{id}",
      summary: "Supprimer une marque qu'aucun produit n'utilise (accès catalog:write)",
      tags,
      auth,
      pathParams: id,
      responses: {
        200: { description: "Marque supprimée" },
        ...guarded,
        404: { description: SHOP_MESSAGES.brandNotFound, schema: ApiErrorSchema },
        409: { description: "Des produits l'utilisent", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/stock",
      summary: "Stock de chaque variante, par SKU (accès stock:read)",
      tags,
      auth,
      query: ListWindowQuerySchema,
      responses: {
        200: { description: "Une page de stocks", schema: listResponse(VariantStockSchema, { id: "AdminApiStockPage" }) },
        ...invalidBody,
        ...guarded,
      },
    },
    {
      method: "post",
      path: "/api/v1/admin/stock",
      summary: "Mouvements de stock par SKU (set, add, remove), tout ou rien (accès stock:write)",
      tags,
      auth,
      body: BulkStockChangeSchema,
      responses: {
        200: { description: "Stocks modifiés", schema: StockChangeResultSchema },
        ...invalidBody,
        ...guarded,
        404: { description: "Référence inconnue", schema: ApiErrorSchema },
        409: { description: CHECKOUT_MESSAGES.notEnoughStock, schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/variants/{id}/stock",
      summary: "Stock d'une variante (accès stock:read)",
      tags,
      auth,
      pathParams: id,
      responses: {
        200: { description: "Stock", schema: z.object({ data: VariantStockSchema }) },
        ...guarded,
        404: { description: "Variante introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "post",
      path: "/api/v1/admin/variants/{id}/stock",
      summary: "Un mouvement de stock : { mode: set | add | remove, quantity } (accès stock:write)",
      tags,
      auth,
      pathParams: id,
      body: VariantStockChangeSchema,
      responses: {
        200: { description: "Stock modifié", schema: z.object({ data: VariantStockSchema }) },
        ...invalidBody,
        ...guarded,
        404: { description: "Variante introuvable", schema: ApiErrorSchema },
        409: { description: CHECKOUT_MESSAGES.notEnoughStock, schema: ApiErrorSchema },
      },
    },
  ];
}
