/** Shapes of the cart API (isomorphic, no zod: the storefront bundle imports these types only). */

/** Current price, stock and availability of a product's variant, read from the catalogue. */
export type CartProductQuote = {
  product_id: string;
  /** The variant sold (decision 025). */
  variant_id: string;
  /** The variant's label ("50 ml", "Beige rosé 02") and SKU. */
  variant_label: string | null;
  sku: string | null;
  name: string;
  brand: string | null;
  price_cents: number;
  image_url: string | null;
  category_name: string | null;
  stock_quantity: number;
  /** False when the variant cannot be bought any more (no stock, or gone). */
  available: boolean;
};

/** One line of a signed-in shopper's server cart, priced from the catalogue. */
export type CartLineView = CartProductQuote & { quantity: number };

export type CartView = {
  items: CartLineView[];
  /** ISO date after which the cart is dropped; null when the cart is empty. */
  expires_at: string | null;
  /** Articles in available lines (sum of quantities). */
  count: number;
  /** Merchandise subtotal of the available lines, in cents. */
  subtotal_cents: number;
};

export const EMPTY_CART_VIEW: CartView = Object.freeze({ items: [], expires_at: null, count: 0, subtotal_cents: 0 }) as CartView;
