/** Shapes shared by the catalogue pages, the JSON API and the components (isomorphic). */

export type CategoryRef = { id: string; name: string; slug: string };

export type CategoryView = CategoryRef & { description: string | null; product_count?: number };

export type ProductAttributesView = {
  size?: string;
  color?: string;
  skin_type?: string;
  usage?: string;
};

/** A variant's option values: a size ("50 ml"), a shade with its swatch colour, or both. */
export type VariantOptions = { size?: string; shade?: string; shade_hex?: string };

/** One sellable size or shade of a product (decision 025). */
export type ProductVariantView = {
  id: string;
  sku: string;
  label: string;
  options: VariantOptions;
  price_cents: number;
  original_price_cents: number | null;
  stock_quantity: number;
  in_stock: boolean;
  /** The 30-day reference price (French rule), set on a discounted variant. */
  lowest_price_30d_cents: number | null;
  /** The variant's first picture, or the product's. */
  image_url: string | null;
  /** The variant's own pictures (empty: the product's). */
  images: string[];
  /** Net content, for the unit price. */
  content_amount: number | null;
  content_unit: "ml" | "g" | null;
  position: number;
};

export type ProductView = {
  id: string;
  name: string;
  description: string | null;
  price_cents: number;
  original_price_cents: number | null;
  category_id: string | null;
  category: CategoryRef | null;
  brand: string | null;
  /** The brand page's slug (/marque/{slug}); null without a brand record. */
  brand_slug: string | null;
  sku: string | null;
  image_url: string | null;
  images: string[];
  rating: number;
  review_count: number;
  stock_quantity: number;
  in_stock: boolean;
  featured: boolean;
  tags: string[];
  attributes: ProductAttributesView;
  /** How many variants the product has (1 for most products). */
  variant_count: number;
  /** The variant a card adds to the cart and a product page shows first. */
  default_variant_id: string | null;
  /** Set by the product page and the product API only; lists leave it out. */
  variants?: ProductVariantView[];
  /** INCI list; set by the product page and the product API only. */
  ingredients?: string | null;
  /** "Conseils d'utilisation"; set by the product page and the product API only. */
  usage_tips?: string | null;
  created_at: string;
  updated_at: string;
};

export type ProductPage = {
  items: ProductView[];
  total: number;
  page: number;
  page_size: number;
  page_count: number;
};

/** A product can be added to the cart when it is in stock (spec: in_stock not false and stock above 0). */
export function isPurchasable(p: Pick<ProductView, "in_stock" | "stock_quantity">): boolean {
  return p.in_stock !== false && p.stock_quantity > 0;
}

/** What a product card shows: lists send only this to the browser (smaller pages). */
export type ProductCardView = {
  /** Set on discounted products: the reference price the French rule asks to show. */
  lowest_price_30d_cents?: number | null;
} & Pick<
  ProductView,
  | "id"
  | "name"
  | "description"
  | "brand"
  | "brand_slug"
  | "category"
  | "featured"
  | "image_url"
  | "price_cents"
  | "original_price_cents"
  | "rating"
  | "review_count"
  | "stock_quantity"
  | "in_stock"
  | "variant_count"
  | "default_variant_id"
>;

const CARD_DESCRIPTION_MAX = 160;

export function toProductCardView(p: ProductView, lowestPrices?: Map<string, number>): ProductCardView {
  const description =
    p.description && p.description.length > CARD_DESCRIPTION_MAX
      ? `${p.description.slice(0, CARD_DESCRIPTION_MAX - 1).trimEnd()}…`
      : p.description;
  return {
    id: p.id,
    name: p.name,
    description,
    brand: p.brand,
    brand_slug: p.brand_slug,
    category: p.category,
    featured: p.featured,
    image_url: p.image_url,
    price_cents: p.price_cents,
    original_price_cents: p.original_price_cents,
    rating: p.rating,
    review_count: p.review_count,
    stock_quantity: p.stock_quantity,
    in_stock: p.in_stock,
    variant_count: p.variant_count,
    default_variant_id: p.default_variant_id,
    lowest_price_30d_cents: lowestPrices?.get(p.id) ?? null,
  };
}

/** A brand as lists and links show it. */
export type BrandRef = { id: string; name: string; slug: string };

/** A brand with its page's text and how many products it has (/marques, GET /api/v1/brands). */
export type BrandView = BrandRef & { description: string | null; logo_url: string | null; product_count: number };

/** The catalogue's facets, in the order the filter panel shows them. */
export const FACET_KEYS = ["category", "brand", "price", "skin", "rating", "in_stock", "on_sale"] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

/** One value of a facet with its count for the current selection (every other filter applied). */
export type FacetValueView = { value: string; label: string; count: number; selected: boolean };

export type CatalogueFacet = { key: FacetKey; label: string; values: FacetValueView[] };

/** One page of the catalogue, category, brand or search listing with its facet counts. */
export type CataloguePage = {
  items: ProductCardView[];
  total: number;
  page: number;
  pageCount: number;
  matchedBy?: "fts" | "fuzzy";
  suggestion?: string;
  facets: CatalogueFacet[];
  /** Offered when nothing matches. */
  bestSellers: ProductCardView[];
};
