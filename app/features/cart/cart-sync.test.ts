// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductView } from "~/domain/catalog/catalog.types";
import {
  addToCart,
  CART_STORAGE_KEY,
  clearCart,
  forgetLocalCart,
  getCartOwner,
  getCartSnapshot,
  reloadCart,
  setQuantity,
} from "~/features/cart/public/cart-store";
import { CART_SAVE_DEBOUNCE_MS, extendCartAndSave, refreshCartPrices, startCartSync, stopCartSync } from "./cart-sync";
import type { CartLineView, CartView } from "~/domain/cart/cart.types";

class MemoryStorage {
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

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const NOW = new Date("2025-03-10T10:00:00Z").getTime();

function product(id: string, stock = 10): ProductView {
  return {
    id,
    name: `Produit ${id.slice(0, 4)}`,
    description: null,
    price_cents: 1_000,
    original_price_cents: null,
    category_id: null,
    category: null,
    brand: null,
    sku: null,
    image_url: null,
    images: [],
    rating: 4,
    review_count: 0,
    stock_quantity: stock,
    variant_count: 1,
    brand_slug: null,
    default_variant_id: null,
    in_stock: true,
    featured: false,
    tags: [],
    attributes: {},
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-01T00:00:00Z",
  };
}

function line(id: string, quantity: number, extra: Partial<CartLineView> = {}): CartLineView {
  return {
    product_id: id,
    variant_id: id,
    variant_label: null,
    sku: null,
    quantity,
    name: `Produit ${id.slice(0, 4)}`,
    brand: null,
    price_cents: 1_000,
    image_url: null,
    category_name: null,
    stock_quantity: 10,
    available: true,
    ...extra,
  };
}

function view(items: CartLineView[]): CartView {
  return {
    items,
    expires_at: new Date(NOW + 3_600_000).toISOString(),
    count: items.reduce((n, l) => n + l.quantity, 0),
    subtotal_cents: items.reduce((n, l) => n + l.quantity * l.price_cents, 0),
  };
}

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let answer: (call: Call) => unknown;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  storage.clear();
  reloadCart();
  calls = [];
  answer = () => ({ data: view([]) });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return Response.json(answer(call));
    }),
  );
});

afterEach(() => {
  stopCartSync();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("cart sync", () => {
  it("merges a visitor's cart into the server cart at sign-in and adopts the result", async () => {
    addToCart(product(A), 2);
    answer = () => ({ data: view([line(B, 1), line(A, 2)]) });
    await startCartSync("user-1");
    expect(calls).toEqual([
      {
        method: "PUT",
        url: "/api/v1/cart",
        body: { lines: [{ product_id: A, quantity: 2 }], mode: "merge", merge_id: expect.stringMatching(/^m-/) },
      },
    ]);
    expect(getCartSnapshot().items.map((i) => [i.product_id, i.quantity])).toEqual([
      [B, 1],
      [A, 2],
    ]);
    expect(getCartOwner()).toBe("user-1");
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!).owner).toBe("user-1");
  });

  it("adopts the server cart on load when the browser's copy is already the shopper's (no second merge)", async () => {
    addToCart(product(A), 2);
    answer = () => ({ data: view([line(A, 2)]) });
    await startCartSync("user-1");
    stopCartSync();
    reloadCart();

    calls = [];
    answer = () => ({ data: view([line(A, 2), line(B, 3)]) });
    await startCartSync("user-1");
    expect(calls.map((c) => c.method)).toEqual(["GET"]);
    expect(getCartSnapshot().count).toBe(5);
  });

  it("saves local changes once they settle, then stops saving after sign-out", async () => {
    answer = () => ({ data: view([line(A, 1)]) });
    await startCartSync("user-1");
    calls = [];
    setQuantity(A, 2);
    setQuantity(A, 3);
    addToCart(product(B), 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS);
    expect(calls).toEqual([
      {
        method: "PUT",
        url: "/api/v1/cart",
        body: {
          lines: [
            { product_id: A, variant_id: A, quantity: 3 },
            { product_id: B, quantity: 1 },
          ],
          mode: "replace",
        },
      },
    ]);

    stopCartSync();
    calls = [];
    setQuantity(A, 1);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS * 2);
    expect(calls).toEqual([]);
  });

  it("sends the same merge id again when the page went away before the merge's answer, and a new one next time", async () => {
    addToCart(product(A), 1);
    answer = () => {
      throw new Error("the page went away");
    };
    await startCartSync("user-1");
    const firstId = (calls[0].body as { merge_id: string }).merge_id;
    stopCartSync();
    reloadCart();

    calls = [];
    answer = () => ({ data: view([line(A, 1)]) });
    await startCartSync("user-1");
    expect(calls).toEqual([
      { method: "PUT", url: "/api/v1/cart", body: { lines: [{ product_id: A, quantity: 1 }], mode: "merge", merge_id: firstId } },
    ]);
    expect(getCartSnapshot().count).toBe(1);

    // Signed out, a new visitor cart, signed in again: a merge of its own.
    forgetLocalCart();
    addToCart(product(B), 1);
    calls = [];
    await startCartSync("user-1");
    expect((calls[0].body as { merge_id: string }).merge_id).not.toBe(firstId);
  });

  it("saves on the next page a change whose save was not answered before the page went away", async () => {
    answer = () => ({ data: view([]) });
    await startCartSync("user-1");
    // The click, then at once a link: the save (sent with keepalive) gets no answer on this page.
    answer = (call) => {
      if (call.method === "PUT") throw new Error("the page went away");
      return { data: view([]) };
    };
    addToCart(product(A), 1);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS);
    stopCartSync();
    reloadCart();

    // The next page: the server's copy may still be the empty one; the browser's line is saved again.
    calls = [];
    answer = (call) => ({ data: view(call.method === "PUT" ? [line(A, 1)] : []) });
    await startCartSync("user-1");
    expect(calls).toEqual([{ method: "PUT", url: "/api/v1/cart", body: { lines: [{ product_id: A, quantity: 1 }], mode: "replace" } }]);
    expect(getCartSnapshot().count).toBe(1);

    // Saved: the page after that adopts the server's copy again.
    stopCartSync();
    reloadCart();
    calls = [];
    await startCartSync("user-1");
    expect(calls.map((c) => c.method)).toEqual(["GET"]);
  });

  it("keeps the cart the account's after it was emptied, so a later page load does not merge it twice", async () => {
    answer = () => ({ data: view([line(A, 1)]) });
    await startCartSync("user-1");
    clearCart();
    addToCart(product(B), 2);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS);
    stopCartSync();
    reloadCart();
    expect(getCartOwner()).toBe("user-1");

    calls = [];
    answer = () => ({ data: view([line(B, 2)]) });
    await startCartSync("user-1");
    expect(calls.map((c) => c.method)).toEqual(["GET"]);
    expect(getCartSnapshot().count).toBe(2);
  });

  it("leaves the browser's cart alone and saves nothing when the server does not answer", async () => {
    addToCart(product(A), 2);
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ method: init.method ?? "GET", url, body: undefined });
        return Response.json({ error: { code: "down", message: "Indisponible" } }, { status: 503 });
      }),
    );
    await startCartSync("user-1");
    expect(getCartOwner()).toBeNull();
    setQuantity(A, 1);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS * 2);
    expect(calls.map((c) => c.method)).toEqual(["PUT"]);
    expect(getCartSnapshot().count).toBe(1);
  });

  it("forgets the account's cart in this browser at sign-out", async () => {
    answer = () => ({ data: view([line(A, 3)]) });
    await startCartSync("user-1");
    stopCartSync();
    forgetLocalCart();
    expect(getCartSnapshot().items).toEqual([]);
    expect(getCartOwner()).toBeNull();
    expect(storage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("extends the server copy too", async () => {
    answer = () => ({ data: view([line(A, 1)]) });
    await startCartSync("user-1");
    calls = [];
    vi.setSystemTime(NOW + 60_000);
    expect(await extendCartAndSave()).toBe(true);
    expect(calls.map((c) => c.method)).toEqual(["PATCH"]);
  });

  it("keeps lines added while the server cart was loading", async () => {
    let release: () => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if ((init.method ?? "GET") === "GET") await new Promise<void>((r) => (release = r));
        return Response.json({ data: view([line(A, 1)]) });
      }),
    );
    const started = startCartSync("user-1");
    addToCart(product(B), 2);
    release();
    await started;
    expect(getCartSnapshot().items.map((i) => [i.product_id, i.quantity])).toEqual([
      [A, 1],
      [B, 2],
    ]);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DEBOUNCE_MS);
    expect(calls.at(-1)?.body).toEqual({
      lines: [
        { product_id: A, variant_id: A, quantity: 1 },
        { product_id: B, quantity: 2 },
      ],
      mode: "replace",
    });
  });

  it("refreshes prices for visitors through the public quote", async () => {
    addToCart(product(A), 1);
    answer = () => ({
      data: { products: [{ ...line(A, 0), price_cents: 1_250 }].map(({ quantity: _q, ...quote }) => quote) },
    });
    await refreshCartPrices();
    expect(calls[0].url).toBe(`/api/v1/cart?ids=${A}`);
    expect(getCartSnapshot().items[0]).toMatchObject({ price_cents: 1_250, previous_price_cents: 1_000 });
  });
});
