// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductView } from "../catalog/catalog.types";
import {
  addToCart,
  CART_LIFETIME_MS,
  CART_STORAGE_KEY,
  clearCart,
  getCartSnapshot,
  reloadCart,
  removeFromCart,
  setQuantity,
} from "./cart-store";

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
    storage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ items: [{ ...getLine(), quantity: 2 }], expiresAt: NOW + 1_000 }),
    );
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
