import { TAX_REGIMES } from "~/domain/tax/tax-rules";
import { z } from "zod";
import { TRACKING_EVENT_KINDS } from "~/domain/delivery/carrier";
import type { CategoryView, ProductCardView, ProductView } from "~/domain/catalog/catalog.types";
import type { CartView } from "~/domain/cart/cart.types";
import type { OrderView } from "~/domain/orders/order.types";
import { INVOICE_DOCUMENT_KINDS } from "~/domain/invoices/invoice.types";

/** Response shapes of the public API, described in zod so the OpenAPI document is generated. */
export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().describe("Stable machine-readable code"),
      message: z.string().describe("Message in French, fit to show to a shopper"),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: "Error" });

export const CategoryRefSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() }).meta({ id: "CategoryRef" });

export const CategorySchema = CategoryRefSchema.extend({ description: z.string().nullable() }).meta({ id: "Category" });

export const ProductVariantSchema = z
  .object({
    id: z.uuid(),
    sku: z.string().describe("Unique across the shop"),
    label: z.string().describe('What the shopper reads: "50 ml", "Beige rosé 02"'),
    options: z
      .object({
        size: z.string().optional(),
        shade: z.string().optional(),
        shade_hex: z.string().optional().describe('Swatch colour, "#rrggbb"'),
      })
      .describe("The variant's option values"),
    price_cents: z.int().positive().describe("Price including VAT, in euro cents"),
    original_price_cents: z.int().positive().nullable().describe("Crossed-out price in euro cents, when discounted"),
    stock_quantity: z.int().nonnegative(),
    in_stock: z.boolean(),
    lowest_price_30d_cents: z
      .int()
      .positive()
      .nullable()
      .describe("Lowest price of the 30 days before the current price (French rule), set on a discounted variant"),
    image_url: z.string().nullable().describe("The variant's first picture, or the product's"),
    images: z.array(z.string()).describe("The variant's own pictures (empty: the product's)"),
    content_amount: z.number().positive().nullable().describe("Net content, for the unit price"),
    content_unit: z.enum(["ml", "g"]).nullable(),
    position: z.int(),
  })
  .meta({ id: "ProductVariant" });

export const ProductSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    price_cents: z.int().positive().describe("Price including VAT, in euro cents"),
    original_price_cents: z.int().positive().nullable().describe("Crossed-out price in euro cents, when discounted"),
    category_id: z.uuid().nullable(),
    category: CategoryRefSchema.nullable(),
    brand: z.string().nullable(),
    brand_slug: z.string().nullable().describe("The brand page's slug (/marque/{slug}); null without a brand record"),
    sku: z.string().nullable(),
    image_url: z.string().nullable(),
    images: z.array(z.string()),
    rating: z.number().min(0).max(5),
    review_count: z.int().nonnegative(),
    stock_quantity: z.int().nonnegative(),
    in_stock: z.boolean(),
    featured: z.boolean(),
    tags: z.array(z.string()),
    attributes: z.object({
      size: z.string().optional(),
      color: z.string().optional(),
      skin_type: z.string().optional(),
      usage: z.string().optional(),
    }),
    ingredients: z.string().nullable().optional().describe("INCI list (one product only)"),
    usage_tips: z.string().nullable().optional().describe("Conseils d'utilisation (one product only)"),
    variant_count: z.int().nonnegative().describe("How many variants the product has"),
    default_variant_id: z.uuid().nullable().describe("The variant shown first and added by a product card"),
    variants: z
      .array(ProductVariantSchema)
      .optional()
      .describe("What is sold: each size or shade with its SKU, price, stock and reference price, in display order"),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Product" });

export const ProductListSchema = z
  .object({
    data: z.array(ProductSchema),
    pagination: z.object({
      page: z.int().min(1),
      page_size: z.int().min(1),
      total: z.int().nonnegative(),
      page_count: z.int().nonnegative(),
      total_is_lower_bound: z
        .boolean()
        .describe(
          "Vrai quand une recherche trouve plus de 2 000 produits : total vaut alors 2 000 (au moins), et page_count les pages de ces 2 000 premiers. Affinez la recherche pour aller au-delà.",
        ),
    }),
  })
  .meta({ id: "ProductList" });

export const CategoryListSchema = z.object({ data: z.array(CategorySchema) }).meta({ id: "CategoryList" });
export const ProductResponseSchema = z.object({ data: ProductSchema }).meta({ id: "ProductResponse" });

// The TypeScript types the services return must stay assignable to the documented shapes.
type Assert<T extends true> = T;
export type _ProductMatches = Assert<ProductView extends z.infer<typeof ProductSchema> ? true : false>;
export type _CategoryMatches = Assert<CategoryView extends z.infer<typeof CategorySchema> ? true : false>;

export const ProfileSchema = z
  .object({
    id: z.string(),
    email: z.email(),
    first_name: z.string(),
    last_name: z.string().nullable(),
    name: z.string(),
    phone: z.string().nullable(),
    date_of_birth: z.iso.date().nullable().describe("AAAA-MM-JJ"),
    loyalty_points: z.int().nonnegative(),
    total_spent_cents: z.int().nonnegative(),
    created_at: z.iso.datetime(),
    role: z.enum(["admin", "user"]).optional(),
  })
  .meta({ id: "Profile" });

export const MeResponseSchema = z.object({ data: ProfileSchema }).meta({ id: "MeResponse" });

export const OrderAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable().optional(),
  street: z.string(),
  additional_info: z.string().nullable().optional(),
  city: z.string(),
  state: z.string().nullable().optional(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
});

export const OrderDocumentSchema = z
  .object({
    kind: z.enum(INVOICE_DOCUMENT_KINDS).describe("invoice : facture ; credit_note : avoir"),
    number: z
      .string()
      .nullable()
      .describe("FA-2026-000001 / AV-2026-000001 ; null : facture d'une commande antérieure, numérotée à son premier téléchargement"),
    issued_at: z.iso.datetime().nullable(),
    url: z.string().describe("Adresse de téléchargement du PDF"),
  })
  .meta({ id: "OrderDocument" });

export const OrderSchema = z
  .object({
    id: z.uuid(),
    number: z.string().describe("Numéro de la commande, le même partout (AUR-2026-000123)"),
    reference: z.string().describe("Identique à number (ancien nom du champ)"),
    order_number: z.string().describe("Identique à number (ancien nom du champ)"),
    status: z.enum(["pending", "confirmed", "processing", "shipped", "delivered", "cancelled", "returned"]),
    payment_status: z
      .string()
      .describe("pending, paid, failed, refunded ; instalments (paiement en 3 fois en cours), instalment_unpaid (échéance impayée)"),
    subtotal_cents: z.int(),
    shipping_cents: z.int(),
    discount_cents: z.int(),
    tax_cents: z.int(),
    total_cents: z.int(),
    points_used: z.int(),
    promo_code: z.string().nullable().describe("Code promo utilisé (normalisé), ou null"),
    promo_discount_cents: z.int().describe("Réduction du code promo, en centimes"),
    currency: z.string(),
    shipping_method: z.enum(["standard", "free_shipping"]),
    carrier: z.string().nullable().describe("Carrier of the parcel once shipped (Colissimo, Chronopost, UPS)"),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable().describe("The carrier's public tracking page"),
    shipped_at: z.iso.datetime().nullable(),
    delivered_at: z.iso.datetime().nullable().describe("When the order was delivered"),
    returnable: z.boolean().describe("Whether items can be returned now (delivered less than 30 days ago)"),
    delivery_method: z.enum(["standard", "relay", "express"]).describe("The delivery method chosen at checkout"),
    delivery_method_label: z.string(),
    relay_point: z
      .object({
        id: z.string(),
        name: z.string(),
        street: z.string(),
        postal_code: z.string(),
        city: z.string(),
        opening_hours: z.string(),
      })
      .nullable()
      .describe("The relay point the parcel goes to (relay method)"),
    estimated_delivery_date: z.string().nullable().describe("Earliest delivery day promised at checkout, YYYY-MM-DD (Paris)"),
    express_perk: z.enum(["vip", "expert_monthly"]).nullable().describe("The Beauty Pass perk that made express free"),
    shipping_address: OrderAddressSchema,
    metadata: z.record(z.string(), z.unknown()),
    created_at: z.iso.datetime(),
    cancellable: z.boolean(),
    items: z.array(
      z.object({
        id: z.uuid(),
        product_id: z.uuid().nullable(),
        variant_id: z.uuid().nullable().describe("La variante achetée (null si elle a été supprimée du catalogue)"),
        quantity: z.int().positive(),
        unit_price_cents: z.int(),
        total_price_cents: z.int(),
        product_snapshot: z.object({
          name: z.string(),
          price_cents: z.int(),
          brand: z.string().nullable(),
          image_url: z.string().nullable(),
          variant_label: z.string().nullable().optional().describe("Libellé de la variante achetée (« 50 ml », « Beige rosé 02 »)"),
          sku: z.string().nullable().optional().describe("Référence (SKU) de la variante achetée"),
          bundle: z
            .object({
              returnable_by_component: z.boolean().describe("Les articles du coffret peuvent-ils être retournés un par un"),
              components: z.array(
                z.object({
                  variant_id: z.uuid(),
                  product_id: z.uuid(),
                  name: z.string(),
                  variant_label: z.string().nullable(),
                  sku: z.string(),
                  quantity: z.int().positive().describe("Unités de cet article dans UN coffret"),
                  catalogue_price_cents: z.int().nonnegative().describe("Prix catalogue unitaire de l'article à la vente"),
                  share_cents: z.int().nonnegative().describe("Sa part du prix d'UN coffret, au centime"),
                }),
              ),
            })
            .optional()
            .describe("Un coffret : sa composition figée à la commande"),
        }),
      }),
    ),
    /* Gift cards */
    gift_card_cents: z.int().nonnegative().describe("Part du total payée par cartes cadeaux (le reste par carte bancaire)"),
    gift_card_payments: z.array(z.object({ last4: z.string(), amount_cents: z.int() })),
    gift_cards: z
      .array(
        z.object({
          last4: z.string(),
          amount_cents: z.int(),
          delivery_mode: z.enum(["email", "physical"]),
          recipient_email: z.string(),
          status: z.enum(["active", "disabled", "cancelled"]),
          expires_at: z.iso.datetime(),
        }),
      )
      .describe("Cartes cadeaux achetées dans cette commande (4 derniers caractères du code)"),
    documents: z.array(OrderDocumentSchema).describe("La facture puis les avoirs de la commande (PDF)"),
    vat_treatment: z
      .object({
        regime: z.enum(TAX_REGIMES),
        prices_include_french_vat: z.boolean(),
        notice: z.enum(["duties_recipient", "duties_paid", "reverse_charge", "destination_vat"]).nullable(),
      })
      .nullable()
      .describe(
        "Régime de TVA de la commande (domestic, distance_fr, oss, intra_eu_b2b, export, overseas) ; null : commande antérieure, TVA française",
      ),
    payment_schedule: z
      .array(
        z.object({
          seq: z.int().min(1).max(3),
          due_date: z.string().describe("Jour d'échéance, YYYY-MM-DD (Paris)"),
          amount_cents: z.int().nonnegative(),
          status: z.enum(["paid", "pending", "charging", "failed", "cancelled"]),
          awaiting_authentication: z
            .boolean()
            .optional()
            .describe("true : échéance due, en attente de l'authentification du client (lien envoyé par e-mail)"),
        }),
      )
      .describe("Paiement en 3 fois sans frais : les échéances (vide pour un paiement en une fois)"),
    tracking_events: z
      .array(
        z.object({
          kind: z.enum(TRACKING_EVENT_KINDS),
          label: z.string().describe("Le libellé du transporteur"),
          location: z.string().nullable(),
          occurred_at: z.iso.datetime({ offset: true }),
        }),
      )
      .describe("Les événements du colis donnés par le transporteur, du plus ancien au plus récent"),
    samples: z
      .array(z.object({ name: z.string(), brand: z.string(), added: z.boolean().describe("false : épuisé avant le paiement, non ajouté") }))
      .optional()
      .describe("Les échantillons offerts choisis à la commande (0 €)"),
    gift: z
      .object({
        wrap: z.boolean().describe("Emballage cadeau choisi"),
        wrap_cents: z.int().nonnegative().describe("Prix de l'emballage cadeau compris dans le total (0 : offert)"),
        message: z.string().nullable().describe("Message cadeau imprimé sur le bon de livraison (jamais sur la facture)"),
        hide_prices: z.boolean().describe("Prix masqués pour le destinataire : ticket cadeau sans prix"),
      })
      .nullable()
      .optional()
      .describe("Options cadeau de la commande (null : aucune)"),
  })
  .meta({ id: "Order" });

export const OrderResponseSchema = z.object({ data: OrderSchema }).meta({ id: "OrderResponse" });

export const OrderListSchema = z.object({ data: z.array(OrderSchema) }).meta({ id: "OrderList" });
export type _OrderMatches = Assert<OrderView extends z.infer<typeof OrderSchema> ? true : false>;

/* Cart and favourites. */

export const CartProductQuoteSchema = z
  .object({
    product_id: z.uuid(),
    variant_id: z.uuid().describe("The variant (size or shade) sold"),
    variant_label: z.string().nullable().describe("The variant's label (« 50 ml », « Beige rosé 02 »)"),
    sku: z.string().nullable().describe("The variant's SKU"),
    name: z.string(),
    brand: z.string().nullable(),
    price_cents: z.int().positive().describe("Current price of the variant including VAT, in euro cents"),
    image_url: z.string().nullable(),
    category_name: z.string().nullable(),
    stock_quantity: z.int().nonnegative(),
    available: z.boolean().describe("False when the variant can no longer be bought"),
  })
  .meta({ id: "CartProductQuote" });

export const CartSchema = z
  .object({
    items: z.array(CartProductQuoteSchema.extend({ quantity: z.int().positive() })),
    expires_at: z.iso.datetime().nullable().describe("When the cart is dropped (6 hours after creation or last extension)"),
    count: z.int().nonnegative().describe("Articles in the lines that can be bought"),
    subtotal_cents: z.int().nonnegative(),
  })
  .meta({ id: "Cart" });

export const CartResponseSchema = z.object({ data: CartSchema }).meta({ id: "CartResponse" });
export const CartQuoteResponseSchema = z
  .object({ data: z.object({ products: z.array(CartProductQuoteSchema) }) })
  .meta({ id: "CartQuoteResponse" });

export const ProductCardSchema = ProductSchema.pick({
  id: true,
  name: true,
  description: true,
  brand: true,
  brand_slug: true,
  category: true,
  featured: true,
  image_url: true,
  price_cents: true,
  original_price_cents: true,
  rating: true,
  review_count: true,
  stock_quantity: true,
  in_stock: true,
  variant_count: true,
  default_variant_id: true,
})
  .extend({ lowest_price_30d_cents: z.int().positive().nullable().optional() })
  .meta({ id: "ProductCard" });

export const FavoriteListSchema = z.object({ data: z.array(ProductCardSchema) }).meta({ id: "FavoriteList" });
export const FavoriteStateSchema = z
  .object({ data: z.object({ product_id: z.uuid(), favorite: z.boolean() }) })
  .meta({ id: "FavoriteState" });

export type _CartMatches = Assert<CartView extends z.infer<typeof CartSchema> ? true : false>;
export type _ProductCardMatches = Assert<ProductCardView extends z.infer<typeof ProductCardSchema> ? true : false>;
