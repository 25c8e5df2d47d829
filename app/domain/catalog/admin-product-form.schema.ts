/**
 * The back-office product form (create / edit) and the product image limits: one schema,
 * used by the modal in the browser and again by the page's action (isomorphic, imports nothing
 * server-side). Messages are the spec's (back-office §5) where it gives them.
 */
import { IMAGE_UPLOAD_MAX_BYTES } from "~/domain/http/body-limits.mjs";
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { SKIN_TYPES, type SkinType } from "./catalog.constants";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";
import { DEFAULT_TAX_CLASS, TAX_CLASS_LABELS, isTaxClass, type TaxClass } from "~/domain/tax/tax-classes";
import { isOriginCountry, type OriginCountry } from "./origin-countries";

export const PRODUCT_NAME_REQUIRED_MESSAGE = "Le nom du produit est requis";
export const PRODUCT_PRICE_MESSAGE = "Le prix doit être supérieur à 0";
export const PRODUCT_STOCK_NEGATIVE_MESSAGE = "Le stock ne peut pas être négatif";
export const PRODUCT_CATEGORY_MESSAGE = "Veuillez sélectionner une catégorie";
export const PRODUCT_STOCK_INTEGER_MESSAGE = "Le stock doit être un nombre entier";
export const PRODUCT_ORIGINAL_PRICE_MESSAGE = "Le prix d'origine ne peut pas être négatif";
export const PRODUCT_IMAGE_URL_MESSAGE = "Adresse d'image invalide : une URL http(s) ou un chemin du site commençant par /";
export const PRODUCT_SKU_TAKEN_MESSAGE = "Ce SKU est déjà utilisé par un autre produit";
/** A variant's SKU already sold by another variant (of this product or another one). */
export const VARIANT_SKU_TAKEN_MESSAGE = "Cette référence est déjà utilisée";
export const VARIANT_SKU_REQUIRED_MESSAGE = "La référence (SKU) est requise";
export const VARIANT_SHADE_HEX_MESSAGE = "Couleur invalide : un code hexadécimal comme #c8a27c";
export const VARIANT_CONTENT_MESSAGE = "Indiquez une contenance supérieure à 0 avec son unité (ml ou g)";
export const VARIANTS_REQUIRED_MESSAGE = "Ajoutez au moins une variante";
export const VARIANT_NOT_FOUND_MESSAGE = "Cette variante n'existe plus : rechargez le formulaire";
export const PRODUCT_BRAND_MESSAGE = "Veuillez sélectionner une marque de la liste";
export const PRODUCT_NOT_FOUND_MESSAGE = SHOP_MESSAGES.productNotFound;
export const PRODUCT_FORM_INVALID_MESSAGE = "Veuillez corriger les champs signalés";
export const PRODUCT_WEIGHT_MESSAGE = "Le poids doit être un nombre entier de grammes";
export const PRODUCT_WEIGHT_MAX_MESSAGE = "Le poids ne peut pas dépasser 30 000 g";
export const PRODUCT_HS_CODE_MESSAGE = "Code douanier invalide : 6 à 10 chiffres";
export const PRODUCT_ORIGIN_COUNTRY_MESSAGE = "Pays d'origine inconnu";
export const PRODUCT_TAX_CLASS_MESSAGE = "Catégorie fiscale inconnue";

/** Spec back-office §5 (image file), word for word. */
export const IMAGE_TYPE_MESSAGE = "Format d'image non supporté. Utilisez JPG, PNG ou WebP.";
export const PRODUCT_IMAGE_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
export const IMAGE_TOO_LARGE_MESSAGE = `L'image est trop volumineuse. Taille maximale : ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024}MB.`;
export const PRODUCT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The stored image fits inside this box (aspect kept, never enlarged), WebP at quality 80. */
export const PRODUCT_IMAGE_MAX_SIDE = 800;
export const PRODUCT_IMAGE_QUALITY = 80;
export const PRODUCT_IMAGE_UPLOAD_URL = "/api/v1/admin/product-images";

export const PRODUCT_PRICE_MAX_EUROS = 100_000;
export const PRODUCT_STOCK_MAX = 1_000_000;
export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_TEXT_MAX = 120;
export const PRODUCT_TAGS_MAX = 30;
export const PRODUCT_GALLERY_MAX = 12;
export const PRODUCT_URL_MAX = 2000;
export const PRODUCT_LONG_TEXT_MAX = 5000;
export const PRODUCT_VARIANTS_MAX = 100;
/** The packed weight's bounds, the products table's check (decision 062): a parcel weighs 30 kg at most. */
export const PRODUCT_WEIGHT_MIN_GRAMS = 1;
export const PRODUCT_WEIGHT_MAX_GRAMS = 30_000;
export const DEFAULT_VARIANT_LABEL = "Format unique";
export const CONTENT_UNITS = ["ml", "g"] as const;
export type ContentUnit = (typeof CONTENT_UNITS)[number];
export const SHADE_HEX_PATTERN = /^#[0-9a-fA-F]{6}$/;

// The skin types live with the catalogue's constants: the storefront's filters use them too.
export { SKIN_TYPES, SKIN_TYPE_LABELS, type SkinType } from "./catalog.constants";

/** An image address the shop accepts: http(s) URL or a path of this site ("/media/..."), never "//host". */
export function isAcceptableImageUrl(value: string): boolean {
  if (value.length > PRODUCT_URL_MAX) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Spec §5: numeric fields convert to numbers, falling back to 0 (a French decimal comma is read too). */
const numberOrZero = z.preprocess((value) => {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value !== "string" || value.trim() === "") return 0;
  const n = Number(value.trim().replace(",", "."));
  return Number.isFinite(n) ? n : 0;
}, z.number());

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max }) })
    .optional()
    .transform((v) => (v ? v : null));

const imageUrl = text()
  .trim()
  .refine((v) => v === "" || isAcceptableImageUrl(v), { error: PRODUCT_IMAGE_URL_MESSAGE });

/** Trimmed, non-empty, first occurrence kept (spec: a tag is not a duplicate). */
export function normaliseTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** A price in euros as typed ("24,90"), greater than 0. */
const price = numberOrZero.pipe(
  z
    .number()
    .gt(0, { error: PRODUCT_PRICE_MESSAGE })
    .max(PRODUCT_PRICE_MAX_EUROS, { error: `Le prix ne peut pas dépasser ${PRODUCT_PRICE_MAX_EUROS} €` }),
);

/** 0 or empty means "no original price". */
const originalPrice = numberOrZero.pipe(
  z
    .number()
    .min(0, { error: PRODUCT_ORIGINAL_PRICE_MESSAGE })
    .max(PRODUCT_PRICE_MAX_EUROS, {
      error: `Le prix d'origine ne peut pas dépasser ${PRODUCT_PRICE_MAX_EUROS} €`,
    }),
);

const stock = numberOrZero.pipe(
  z
    .number()
    .min(0, { error: PRODUCT_STOCK_NEGATIVE_MESSAGE })
    .int({ error: PRODUCT_STOCK_INTEGER_MESSAGE })
    .max(PRODUCT_STOCK_MAX, { error: `Le stock ne peut pas dépasser ${PRODUCT_STOCK_MAX}` }),
);

const cents = (euros: number) => Math.round(euros * 100);

/**
 * The packed weight of one unit in grams, as typed ("350", "1 200") or sent by the API (350);
 * empty or null: not weighed yet (the parcel then counts a default weight).
 */
const weightGrams = z.unknown().transform((raw, ctx): number | null => {
  if (raw === undefined || raw === null) return null;
  const typed = typeof raw === "string" ? raw.trim().replace(/\s/g, "") : raw;
  if (typed === "") return null;
  const grams = typeof typed === "number" ? typed : typeof typed === "string" && /^\d{1,9}$/.test(typed) ? Number(typed) : NaN;
  if (!Number.isInteger(grams) || grams < PRODUCT_WEIGHT_MIN_GRAMS) {
    ctx.addIssue({ code: "custom", message: PRODUCT_WEIGHT_MESSAGE });
    return z.NEVER;
  }
  if (grams > PRODUCT_WEIGHT_MAX_GRAMS) {
    ctx.addIssue({ code: "custom", message: PRODUCT_WEIGHT_MAX_MESSAGE });
    return z.NEVER;
  }
  return grams;
});

/**
 * A customs tariff code (Harmonized System, decision 063) as typed: "330300", "3303 00" or
 * "3303.00" give "330300"; empty gives null (not declared yet); anything else is undefined,
 * refused. The products table checks the same 6 to 10 digits.
 */
export function readHsCode(raw: unknown): string | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "string" && typeof raw !== "number") return undefined;
  const typed = String(raw).replace(/[\s.]/g, "");
  if (typed === "") return null;
  return /^[0-9]{6,10}$/.test(typed) ? typed : undefined;
}

/** A country of origin as sent ("FR", "fr", " FR "): its code, null when empty, undefined when not in the list. */
export function readOriginCountry(raw: unknown): OriginCountry | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "string") return undefined;
  const code = raw.trim().toUpperCase();
  if (code === "") return null;
  return isOriginCountry(code) ? code : undefined;
}

/** A tax class as sent: its code or its label, any case; empty is the default (standard); undefined when unknown. */
export function readTaxClass(raw: unknown): TaxClass | undefined {
  if (raw === undefined || raw === null) return DEFAULT_TAX_CLASS;
  if (typeof raw !== "string") return undefined;
  const typed = raw.trim().toLocaleLowerCase("fr-FR");
  if (typed === "") return DEFAULT_TAX_CLASS;
  if (isTaxClass(typed)) return typed;
  const byLabel = (Object.entries(TAX_CLASS_LABELS) as [TaxClass, string][]).find(
    ([, label]) => label.toLocaleLowerCase("fr-FR") === typed,
  );
  return byLabel?.[0];
}

const hsCode = z.unknown().transform((raw, ctx): string | null => {
  const code = readHsCode(raw);
  if (code === undefined) {
    ctx.addIssue({ code: "custom", message: PRODUCT_HS_CODE_MESSAGE });
    return z.NEVER;
  }
  return code;
});

const originCountry = z.unknown().transform((raw, ctx): OriginCountry | null => {
  const code = readOriginCountry(raw);
  if (code === undefined) {
    ctx.addIssue({ code: "custom", message: PRODUCT_ORIGIN_COUNTRY_MESSAGE });
    return z.NEVER;
  }
  return code;
});

const taxClass = z.unknown().transform((raw, ctx): TaxClass => {
  const value = readTaxClass(raw);
  if (value === undefined) {
    ctx.addIssue({ code: "custom", message: PRODUCT_TAX_CLASS_MESSAGE });
    return z.NEVER;
  }
  return value;
});

/**
 * What a shopper reads for a variant left without a label: its size, its shade, or both
 * ("50 ml", "Beige rosé 02", "30 ml · Rose poudré"); "Format unique" with neither.
 */
export function deriveVariantLabel(variant: { label?: string | null; size?: string | null; shade?: string | null }): string {
  const label = variant.label?.trim();
  if (label) return label;
  const parts = [variant.size?.trim(), variant.shade?.trim()].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : DEFAULT_VARIANT_LABEL;
}

/** One variant as the form sends it. `id` is empty for a variant added in this form. */
export const VariantFormSchema = z
  .object({
    id: z.union([z.uuid(), z.literal("")]).default(""),
    label: optionalText(PRODUCT_TEXT_MAX),
    size: optionalText(PRODUCT_TEXT_MAX),
    shade: optionalText(PRODUCT_TEXT_MAX),
    shade_hex: text()
      .trim()
      .refine((v) => v === "" || SHADE_HEX_PATTERN.test(v), { error: VARIANT_SHADE_HEX_MESSAGE })
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null)),
    content_amount: numberOrZero.pipe(
      z.number().min(0, { error: VARIANT_CONTENT_MESSAGE }).max(100_000, { error: VARIANT_CONTENT_MESSAGE }),
    ),
    content_unit: z.union([z.enum(CONTENT_UNITS), z.literal("")], { error: VARIANT_CONTENT_MESSAGE }).default(""),
    sku: text({ error: VARIANT_SKU_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: VARIANT_SKU_REQUIRED_MESSAGE })
      .max(PRODUCT_TEXT_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: PRODUCT_TEXT_MAX }) }),
    price,
    original_price: originalPrice,
    stock,
    images: z
      .array(imageUrl)
      .max(PRODUCT_GALLERY_MAX, { error: `${PRODUCT_GALLERY_MAX} images au maximum par variante` })
      .default([])
      .transform((list) => [...new Set(list.filter(Boolean))]),
  })
  .superRefine((v, ctx) => {
    // An amount needs its unit and a unit its amount: the unit price is computed from both.
    if (v.content_amount > 0 !== (v.content_unit !== "")) {
      ctx.addIssue({ code: "custom", path: ["content_amount"], message: VARIANT_CONTENT_MESSAGE });
    }
  })
  .transform((v) => ({
    id: v.id === "" ? null : v.id,
    sku: v.sku,
    label: deriveVariantLabel(v),
    size: v.size,
    shade: v.shade,
    shadeHex: v.shade_hex,
    contentAmount: v.content_amount > 0 ? v.content_amount : null,
    contentUnit: v.content_unit === "" || v.content_amount <= 0 ? null : v.content_unit,
    priceCents: cents(v.price),
    originalPriceCents: v.original_price > 0 ? cents(v.original_price) : null,
    stock: v.stock,
    images: v.images,
  }));

export type VariantInput = z.output<typeof VariantFormSchema>;

/** What the form sends (strings as typed, or numbers). */
export const ProductFormSchema = z
  .object({
    name: text({ error: PRODUCT_NAME_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: PRODUCT_NAME_REQUIRED_MESSAGE })
      .max(PRODUCT_NAME_MAX, {
        error: formatMessage(SHOP_MESSAGES.nameMaxLength, { max: PRODUCT_NAME_MAX }),
      }),
    description: optionalText(PRODUCT_DESCRIPTION_MAX),
    category_id: z.uuid({ error: PRODUCT_CATEGORY_MESSAGE }),
    brand_id: z
      .string({ error: PRODUCT_BRAND_MESSAGE })
      .refine((v) => v === "" || z.uuid().safeParse(v).success, { error: PRODUCT_BRAND_MESSAGE })
      .default(""),
    /** A brand to create (or find by its name) when the list does not have it yet. */
    new_brand: optionalText(PRODUCT_TEXT_MAX),
    image_url: imageUrl.optional().transform((v) => (v ? v : null)),
    images: z
      .array(imageUrl)
      .max(PRODUCT_GALLERY_MAX, { error: `${PRODUCT_GALLERY_MAX} images au maximum dans la galerie` })
      .default([])
      .transform((list) => [...new Set(list.filter(Boolean))]),
    tags: z
      .array(text().max(PRODUCT_TEXT_MAX, { error: `Un tag ne doit pas dépasser ${PRODUCT_TEXT_MAX} caractères` }))
      .max(PRODUCT_TAGS_MAX, { error: `${PRODUCT_TAGS_MAX} tags au maximum` })
      .default([])
      .transform(normaliseTags),
    attributes: z
      .object({
        color: optionalText(PRODUCT_TEXT_MAX),
        skin_type: z.union([z.enum(SKIN_TYPES), z.literal("")], { error: SHOP_MESSAGES.unknownSkinType }).optional(),
        usage: optionalText(PRODUCT_TEXT_MAX * 4),
      })
      .default({ color: null, usage: null }),
    ingredients: optionalText(PRODUCT_LONG_TEXT_MAX),
    usage_tips: optionalText(PRODUCT_LONG_TEXT_MAX),
    featured: z.boolean().default(false),
    weight_grams: weightGrams.optional(),
    tax_class: taxClass.optional(),
    hs_code: hsCode.optional(),
    origin_country: originCountry.optional(),
    variants: z
      .array(VariantFormSchema)
      .min(1, { error: VARIANTS_REQUIRED_MESSAGE })
      .max(PRODUCT_VARIANTS_MAX, { error: `${PRODUCT_VARIANTS_MAX} variantes au maximum` }),
  })
  .superRefine((v, ctx) => {
    // The same SKU twice in one form: the later rows carry the message, as the database would refuse them.
    const seen = new Set<string>();
    v.variants.forEach((variant, index) => {
      const key = variant.sku;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["variants", index, "sku"], message: VARIANT_SKU_TAKEN_MESSAGE });
      seen.add(key);
    });
  })
  .transform((v) => ({
    name: v.name,
    description: v.description,
    categoryId: v.category_id,
    brandId: v.brand_id === "" ? null : v.brand_id,
    newBrand: v.new_brand,
    imageUrl: v.image_url,
    images: v.images,
    tags: v.tags,
    attributes: {
      ...(v.attributes.color ? { color: v.attributes.color } : {}),
      ...(v.attributes.skin_type ? { skin_type: v.attributes.skin_type } : {}),
      ...(v.attributes.usage ? { usage: v.attributes.usage } : {}),
    },
    ingredients: v.ingredients,
    usageTips: v.usage_tips,
    featured: v.featured,
    weightGrams: v.weight_grams ?? null,
    taxClass: v.tax_class ?? DEFAULT_TAX_CLASS,
    hsCode: v.hs_code ?? null,
    originCountry: v.origin_country ?? null,
    variants: v.variants,
  }));

export type ProductFormInput = z.input<typeof ProductFormSchema>;
export type ProductInput = z.output<typeof ProductFormSchema>;
/**
 * The first message per field: a product field's key ("name", "images"...), a variant field's
 * "variants.<index>.<field>" ("variants.1.sku"), "variants" for the list itself.
 */
export type ProductFieldErrors = Partial<Record<string, string>>;

/** The key a variant field's message is filed under. */
export const variantErrorKey = (index: number, field: string) => `variants.${index}.${field}`;

export function productFieldErrors(error: z.ZodError): ProductFieldErrors {
  const out: ProductFieldErrors = {};
  for (const issue of error.issues) {
    const [head, index, field] = issue.path;
    const key =
      head === "variants" && typeof index === "number" && field !== undefined
        ? variantErrorKey(index, String(field))
        : String(head ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** The JSON body the modal posts to /admin/produits. */
export const SaveProductRequestSchema = z.object({
  intent: z.literal("save-product"),
  id: text().optional(),
  product: z.record(z.string(), z.unknown()),
});

/** A variant as the form edits it (prices in euros as text). `key` only tells React's rows apart. */
export type VariantFormValues = {
  key: string;
  id: string;
  label: string;
  size: string;
  shade: string;
  shade_hex: string;
  content_amount: string;
  content_unit: ContentUnit | "";
  sku: string;
  price: string;
  original_price: string;
  stock: string;
  images: string[];
};

/** A product as the form edits it (prices in euros as text, as the inputs hold them). */
export type ProductFormValues = {
  name: string;
  description: string;
  category_id: string;
  brand_id: string;
  new_brand: string;
  image_url: string;
  images: string[];
  tags: string[];
  attributes: { color: string; skin_type: SkinType | ""; usage: string };
  ingredients: string;
  usage_tips: string;
  featured: boolean;
  /** Grams as typed; "" while not weighed. */
  weight_grams: string;
  tax_class: TaxClass;
  /** Digits as typed; "" while not declared (a parcel leaving the EU then cannot be prepared). */
  hs_code: string;
  /** ISO alpha-2 code; "" while not declared. */
  origin_country: OriginCountry | "";
  variants: VariantFormValues[];
};

export const emptyVariant = (key: string): VariantFormValues => ({
  key,
  id: "",
  label: "",
  size: "",
  shade: "",
  shade_hex: "",
  content_amount: "",
  content_unit: "",
  sku: "",
  price: "",
  original_price: "",
  stock: "0",
  images: [],
});

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  description: "",
  category_id: "",
  brand_id: "",
  new_brand: "",
  image_url: "",
  images: [],
  tags: [],
  attributes: { color: "", skin_type: "", usage: "" },
  ingredients: "",
  usage_tips: "",
  featured: false,
  weight_grams: "",
  tax_class: DEFAULT_TAX_CLASS,
  hs_code: "",
  origin_country: "",
  variants: [emptyVariant("new-0")],
};

/** The product being edited, as the page's loader gives it to the modal. */
export type AdminProductDetail = {
  id: string;
  in_stock: boolean;
  values: ProductFormValues;
  /** The variants that are sets (decision 070): their stock is computed, shown read-only. */
  bundle_variant_ids?: string[];
};

/** A brand the form's select offers. */
export type BrandOption = { id: string; name: string };

/** The data of the product form's ActionResult (decision 056): the product saved. */
export type SavedProductData = { productId: string };

/** The image stored by POST /api/v1/admin/product-images (the `data` of its 201). */
export type UploadedProductImage = { url: string; width: number; height: number; bytes: number };
