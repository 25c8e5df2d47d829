// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductView } from "~/domain/catalog/catalog.types";
import {
  addToCart,
  CART_LIFETIME_MS,
  CART_STORAGE_KEY,
  cartOrderLines,
  cleanupExpiredCart,
  clearCart,
  extendCart,
  forgetLocalCart,
  getCartOwner,
  getCartSnapshot,
  LEGACY_CART_STORAGE_KEY,
  reloadCart,
  removeFromCart,
  setCartChangeListener,
  setQuantity,
  subscribeToCart,
  type CartChange,
} from "~/features/cart/public/cart-store";
import { cartExpiryLevel, formatCartRemaining } from "~/features/cart/cart-expiry";
import { adoptServerCart, applyCartQuotes } from "~/features/cart/cart-sync";
import { CART_CLEANUP_INTERVAL_MS, CART_MAX_LINE_QUANTITY } from "~/lib/shop-rules";

/** Minimal in-memory Storage, enough for the store. */
class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
}

const storage = new MemoryStorage();
Object.defineProperty(globalThis, "localStorage", { value: storage, configurable: true, writable: true });

const NOW = new Date("2025-03-10T10:00:00Z").getTime();

function product(overrides: Partial<ProductView> = {}): ProductView {
  return {
    id: "p-1",
    name: "Eau de Parfum Aurore",
    description: "Un sillage floral.",
    price_cents: 4_990,
    original_price_cents: null,
    category_id: "c-1",
    category: { id: "c-1", name: "Parfums", slug: "parfums" },
    brand: "Aurore",
    sku: "AUR-1",
    image_url: "/media/art/p-1.svg",
    images: [],
    rating: 4.3,
    review_count: 12,
    stock_quantity: 5,
    variant_count: 1,
    brand_slug: null,
    default_variant_id: null,
    in_stock: true,
    featured: false,
    tags: [],
    attributes: {},
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-01T00:00:00Z",
    ...overrides,
  };
}

function stored() {
  const raw = storage.getItem(CART_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as { items: { product_id: string; quantity: number }[]; expiresAt: number });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  storage.clear();
  reloadCart();
});

afterEach(() => {
  setCartChangeListener(null);
  vi.useRealTimers();
});

describe("cart store", () => {
  it("adds a new line and persists it with a 6-hour lifetime", () => {
    expect(addToCart(product(), 2)).toBe("added");

    const cart = getCartSnapshot();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toEqual({
      product_id: "p-1",
      quantity: 2,
      name: "Eau de Parfum Aurore",
      price_cents: 4_990,
      image_url: "/media/art/p-1.svg",
      category_name: "Parfums",
      stock_quantity: 5,
    });
    expect(cart.count).toBe(2);
    expect(cart.subtotalCents).toBe(9_980);
    expect(stored()).toEqual({ items: [cart.items[0]], expiresAt: NOW + CART_LIFETIME_MS });
    expect(CART_LIFETIME_MS).toBe(21_600_000);
  });

  it("increases the quantity when the product is already in the cart", () => {
    addToCart(product());
    addToCart(product());
    addToCart(product({ id: "p-2", price_cents: 1_000 }), 3);

    const cart = getCartSnapshot();
    expect(cart.items.map((i) => [i.product_id, i.quantity])).toEqual([
      ["p-1", 2],
      ["p-2", 3],
    ]);
    expect(cart.count).toBe(5);
    expect(cart.subtotalCents).toBe(2 * 4_990 + 3 * 1_000);
  });

  it("caps the quantity at the stock", () => {
    expect(addToCart(product({ stock_quantity: 3 }), 2)).toBe("added");
    expect(addToCart(product({ stock_quantity: 3 }), 5)).toBe("limited");
    expect(getCartSnapshot().items[0].quantity).toBe(3);

    setQuantity("p-1", 10);
    expect(getCartSnapshot().items[0].quantity).toBe(3);
    setQuantity("p-1", 1);
    expect(getCartSnapshot().items[0].quantity).toBe(1);
  });

  it("refuses products that cannot be bought", () => {
    expect(addToCart(product({ stock_quantity: 0 }))).toBe("unavailable");
    expect(addToCart(product({ in_stock: false }))).toBe("unavailable");
    expect(addToCart(product(), 0)).toBe("unavailable");
    expect(getCartSnapshot().items).toHaveLength(0);
    expect(stored()).toBeNull();
  });

  it("removes a line with removeFromCart or a quantity of zero or less, and clears the cart", () => {
    addToCart(product());
    addToCart(product({ id: "p-2" }));
    addToCart(product({ id: "p-3" }));

    removeFromCart("p-1");
    setQuantity("p-2", -1);
    expect(getCartSnapshot().items.map((i) => i.product_id)).toEqual(["p-3"]);

    clearCart();
    expect(getCartSnapshot()).toMatchObject({ items: [], count: 0, subtotalCents: 0 });
    expect(stored()).toBeNull();
  });

  it("keeps the cart's deadline when adding to a live cart", () => {
    addToCart(product());
    vi.setSystemTime(NOW + 60_000);
    addToCart(product({ id: "p-2" }));
    expect(stored()?.expiresAt).toBe(NOW + CART_LIFETIME_MS);
  });

  it("reloads a live stored cart", () => {
    storage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...getLine(), quantity: 2 }], expiresAt: NOW + 1_000 }));
    reloadCart();
    expect(getCartSnapshot().count).toBe(2);
  });

  it("clears an expired cart on load", () => {
    storage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [getLine()], expiresAt: NOW - 1 }));
    reloadCart();
    expect(getCartSnapshot().items).toHaveLength(0);
    expect(stored()).toBeNull();
  });

  it("drops a malformed stored cart", () => {
    storage.setItem(CART_STORAGE_KEY, "{not json");
    reloadCart();
    expect(getCartSnapshot().items).toHaveLength(0);
    expect(stored()).toBeNull();
  });

  it("starts a new cart with a fresh lifetime once the previous one has expired", () => {
    addToCart(product(), 2);
    vi.setSystemTime(NOW + CART_LIFETIME_MS + 1);
    addToCart(product({ id: "p-2" }));

    const cart = getCartSnapshot();
    expect(cart.items.map((i) => [i.product_id, i.quantity])).toEqual([["p-2", 1]]);
    expect(stored()?.expiresAt).toBe(NOW + CART_LIFETIME_MS + 1 + CART_LIFETIME_MS);
  });
});

const UUID_A = "11111111-1111-4111-8111-111111111111";
const UUID_B = "22222222-2222-4222-8222-222222222222";

describe("extension and cleanup", () => {
  it("extends a live cart to 6 hours from now and reports it", () => {
    const changes: CartChange[] = [];
    setCartChangeListener((change) => changes.push(change));
    addToCart(product());
    vi.setSystemTime(NOW + 5 * 3_600_000);
    expect(extendCart()).toBe(true);
    expect(stored()?.expiresAt).toBe(NOW + 5 * 3_600_000 + CART_LIFETIME_MS);
    expect(getCartSnapshot().expiresAt).toBe(NOW + 5 * 3_600_000 + CART_LIFETIME_MS);
    expect(changes).toEqual(["lines", "extend"]);
  });

  it("has nothing to extend when the cart is empty or expired", () => {
    expect(extendCart()).toBe(false);
    addToCart(product());
    vi.setSystemTime(NOW + CART_LIFETIME_MS);
    expect(extendCart()).toBe(false);
  });

  it("cleans up an expired cart, and leaves a live one alone", () => {
    addToCart(product());
    expect(cleanupExpiredCart(NOW + CART_LIFETIME_MS - 1)).toBe(false);
    expect(getCartSnapshot().count).toBe(1);
    expect(cleanupExpiredCart(NOW + CART_LIFETIME_MS)).toBe(true);
    expect(getCartSnapshot().items).toHaveLength(0);
    expect(stored()).toBeNull();
  });

  it("cleans up periodically while the cart is shown", () => {
    // The store's subscription (what useCart uses) starts the periodic cleanup.
    const unsubscribe = subscribeToCart(() => undefined);
    addToCart(product());
    // The wall clock jumps past the deadline (a laptop waking up) while the deadline timer,
    // which counts elapsed time, is still hours away: the periodic cleanup drops the cart.
    vi.setSystemTime(NOW + CART_LIFETIME_MS + 1);
    expect(getCartSnapshot().count).toBe(1);
    vi.advanceTimersByTime(CART_CLEANUP_INTERVAL_MS - 1);
    expect(getCartSnapshot().count).toBe(1);
    vi.advanceTimersByTime(1);
    expect(getCartSnapshot().items).toHaveLength(0);
    expect(stored()).toBeNull();
    unsubscribe();
  });

  it("names the warning levels and formats the time left", () => {
    expect(cartExpiryLevel(31 * 60_000)).toBe("normal");
    expect(cartExpiryLevel(29 * 60_000)).toBe("urgent");
    expect(cartExpiryLevel(9 * 60_000)).toBe("critical");
    expect(cartExpiryLevel(0)).toBe("expired");
    expect(formatCartRemaining(5 * 3_600_000 + 59 * 60_000)).toBe("5h 59min");
    expect(formatCartRemaining(4 * 60_000 + 30_000)).toBe("5min");
    expect(formatCartRemaining(2 * 3_600_000)).toBe("2h 0min");
  });
});

describe("legacy cart", () => {
  it("migrates the previous version's cart once, then deletes it", () => {
    storage.setItem(
      LEGACY_CART_STORAGE_KEY,
      JSON.stringify([
        {
          product: {
            id: UUID_A,
            name: "Rouge Velours",
            price: 24.9,
            image_url: "/a.svg",
            category: { name: "Maquillage" },
            stock_quantity: 4,
          },
          quantity: 2,
        },
        { id: UUID_B, name: "Sérum Éclat", price: 39, image: "/b.svg", stock: 2, quantity: 5 },
        { product: { id: "pas-un-id", name: "Ancien", price: 10 }, quantity: 1 },
        { product: { id: UUID_A.replace("1111", "3333"), name: "Épuisé", price: 10, in_stock: false }, quantity: 1 },
        { id: UUID_B.replace("2222", "4444"), name: "Sans quantité", price: 10 },
      ]),
    );
    reloadCart();

    expect(storage.getItem(LEGACY_CART_STORAGE_KEY)).toBeNull();
    const cart = getCartSnapshot();
    expect(cart.items).toEqual([
      {
        product_id: UUID_A,
        quantity: 2,
        name: "Rouge Velours",
        price_cents: 2_490,
        image_url: "/a.svg",
        category_name: "Maquillage",
        stock_quantity: 4,
      },
      {
        product_id: UUID_B,
        quantity: 2,
        name: "Sérum Éclat",
        price_cents: 3_900,
        image_url: "/b.svg",
        category_name: null,
        stock_quantity: 2,
      },
    ]);
    expect(stored()?.expiresAt).toBe(NOW + CART_LIFETIME_MS);

    // Already migrated: reloading changes nothing.
    reloadCart();
    expect(getCartSnapshot().count).toBe(4);
  });

  it("adds the legacy lines to a live cart, keeping its deadline", () => {
    addToCart(product({ id: UUID_A, stock_quantity: 3 }), 2);
    vi.setSystemTime(NOW + 60_000);
    storage.setItem(
      LEGACY_CART_STORAGE_KEY,
      JSON.stringify([{ id: UUID_A, name: "Eau de Parfum Aurore", price: 49.9, stock_quantity: 3, quantity: 2 }]),
    );
    reloadCart();
    expect(getCartSnapshot().items.map((i) => [i.product_id, i.quantity])).toEqual([[UUID_A, 3]]);
    expect(stored()?.expiresAt).toBe(NOW + CART_LIFETIME_MS);
    expect(storage.getItem(LEGACY_CART_STORAGE_KEY)).toBeNull();
  });

  it("drops an unreadable legacy entry", () => {
    storage.setItem(LEGACY_CART_STORAGE_KEY, "{oops");
    reloadCart();
    expect(storage.getItem(LEGACY_CART_STORAGE_KEY)).toBeNull();
    expect(getCartSnapshot().items).toHaveLength(0);
  });
});

describe("server copy and price checks", () => {
  const serverLine = {
    product_id: UUID_A,
    variant_id: UUID_A,
    variant_label: null,
    sku: null,
    quantity: 3,
    name: "Rouge Velours",
    brand: null,
    price_cents: 2_490,
    image_url: null,
    category_name: "Maquillage",
    stock_quantity: 8,
    available: true,
  };

  it("adopts the server cart without reporting it back, and remembers whose it is", () => {
    const changes: CartChange[] = [];
    setCartChangeListener((change) => changes.push(change));
    const expiresAt = new Date(NOW + 3_600_000).toISOString();
    adoptServerCart(
      {
        items: [serverLine, { ...serverLine, product_id: UUID_B, available: false }],
        expires_at: expiresAt,
        count: 3,
        subtotal_cents: 7_470,
      },
      "user-1",
    );
    expect(changes).toEqual([]);
    const cart = getCartSnapshot();
    expect(cart.count).toBe(3);
    expect(cart.subtotalCents).toBe(7_470);
    expect(cart.expiresAt).toBe(NOW + 3_600_000);
    expect(cart.items[1].unavailable).toBe(true);
    expect(cartOrderLines()).toEqual([{ product_id: UUID_A, variant_id: UUID_A, quantity: 3 }]);
    expect(getCartOwner()).toBe("user-1");
    reloadCart();
    expect(getCartOwner()).toBe("user-1");

    forgetLocalCart();
    expect(getCartOwner()).toBeNull();
    expect(stored()).toBeNull();
    expect(changes).toEqual([]);
  });

  it("flags changed prices and unavailable products, and lowers quantities above the stock", () => {
    const changes: CartChange[] = [];
    addToCart(product({ id: UUID_A, price_cents: 1_200, stock_quantity: 10 }), 5);
    addToCart(product({ id: UUID_B, price_cents: 3_000 }), 1);
    addToCart(product({ id: "33333333-3333-4333-8333-333333333333" }), 1);
    setCartChangeListener((change) => changes.push(change));

    applyCartQuotes([
      {
        product_id: UUID_A,
        variant_id: UUID_A,
        variant_label: null,
        sku: null,
        name: "Nouveau nom",
        brand: null,
        price_cents: 1_400,
        image_url: null,
        category_name: "Parfums",
        stock_quantity: 2,
        available: true,
      },
      {
        product_id: UUID_B,
        variant_id: UUID_B,
        variant_label: null,
        sku: null,
        name: "Eau de Parfum Aurore",
        brand: null,
        price_cents: 3_000,
        image_url: null,
        category_name: "Parfums",
        stock_quantity: 0,
        available: false,
      },
    ]);
    const [a, b, gone] = getCartSnapshot().items;
    expect(a).toMatchObject({ name: "Nouveau nom", price_cents: 1_400, previous_price_cents: 1_200, quantity: 2, stock_quantity: 2 });
    expect(a.unavailable).toBeUndefined();
    expect(b.unavailable).toBe(true);
    // A product missing from the answer no longer exists.
    expect(gone.unavailable).toBe(true);
    expect(getCartSnapshot().count).toBe(2);
    expect(getCartSnapshot().subtotalCents).toBe(2_800);
    expect(changes).toEqual(["lines"]);

    // The next check with the same price clears the notice.
    applyCartQuotes([
      {
        product_id: UUID_A,
        variant_id: UUID_A,
        variant_label: null,
        sku: null,
        name: "Nouveau nom",
        brand: null,
        price_cents: 1_400,
        image_url: null,
        category_name: "Parfums",
        stock_quantity: 2,
        available: true,
      },
    ]);
    expect(getCartSnapshot().items[0].previous_price_cents).toBeUndefined();
  });

  it("adds an old line's quantity to the line of the variant it resolves to, capped at the stock and the per-line maximum", () => {
    const variantId = "55555555-5555-4555-8555-555555555555";
    const quote = (stock: number) => ({
      product_id: UUID_A,
      variant_id: variantId,
      variant_label: null,
      sku: "AUR-1",
      name: "Eau de Parfum Aurore",
      brand: null,
      price_cents: 4_990,
      image_url: null,
      category_name: "Parfums",
      stock_quantity: stock,
      available: true,
    });
    // A line kept from before variants (product only), then the same product added through its variant.
    addToCart(product({ id: UUID_A, stock_quantity: 500 }), 2);
    addToCart(product({ id: UUID_A, stock_quantity: 500, default_variant_id: variantId }), 3);
    expect(getCartSnapshot().items).toHaveLength(2);
    const changes: CartChange[] = [];
    setCartChangeListener((change) => changes.push(change));

    applyCartQuotes([quote(10)]);
    expect(getCartSnapshot().items.map((i) => [i.variant_id, i.quantity])).toEqual([[variantId, 5]]);
    expect(changes).toEqual(["lines"]);

    // The sum is capped: at the stock...
    clearCart();
    addToCart(product({ id: UUID_A, stock_quantity: 500 }), 4);
    addToCart(product({ id: UUID_A, stock_quantity: 500, default_variant_id: variantId }), 4);
    applyCartQuotes([quote(6)]);
    expect(getCartSnapshot().items.map((i) => [i.variant_id, i.quantity])).toEqual([[variantId, 6]]);
    // ...and at the per-line maximum.
    clearCart();
    addToCart(product({ id: UUID_A, stock_quantity: 500 }), 60);
    addToCart(product({ id: UUID_A, stock_quantity: 500, default_variant_id: variantId }), 60);
    applyCartQuotes([quote(500)]);
    expect(getCartSnapshot().items.map((i) => [i.variant_id, i.quantity])).toEqual([[variantId, CART_MAX_LINE_QUANTITY]]);
  });

  it("never lets a line go above the per-line maximum", () => {
    addToCart(product({ stock_quantity: 500 }), 500);
    expect(getCartSnapshot().items[0].quantity).toBe(CART_MAX_LINE_QUANTITY);
  });
});

function getLine() {
  return {
    product_id: "p-9",
    quantity: 1,
    name: "Crème Aurore",
    price_cents: 2_500,
    image_url: null,
    category_name: "Soins Visage",
    stock_quantity: 4,
  };
}
