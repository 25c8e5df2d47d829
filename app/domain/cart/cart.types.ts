/** Shapes of the cart API (isomorphic, no zod: the storefront bundle imports these types only). */

/** Current price, stock and availability of a product, read from the catalogue. */
export type CartProductQuote = {
  product_id: string;
  name: string;
  brand: string | null;
  price_cents: number;
  image_url: string | null;
  category_name: string | null;
  stock_quantity: number;
  /** False when the product cannot be bought any more (in_stock false or no stock). */
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
