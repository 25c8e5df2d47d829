/**
 * Client-side cart: a tiny external store read with `useSyncExternalStore`, persisted in
 * localStorage. Prices and stock here are a display copy only; the server recomputes
 * both at checkout.
 */
import { useSyncExternalStore } from "react";
import { isPurchasable, type ProductCardView } from "~/features/catalog/catalog.types";

import { CART_LIFETIME_MS } from "~/lib/shop-rules";

export { CART_LIFETIME_MS };
export const CART_STORAGE_KEY = "aurore-cart";

export type CartItem = {
  product_id: string;
  quantity: number;
  name: string;
  price_cents: number;
  image_url: string | null;
  category_name: string | null;
  stock_quantity: number;
};

type StoredCart = { items: CartItem[]; expiresAt: number };

export type CartSnapshot = {
  items: readonly CartItem[];
  /** Number of articles (sum of quantities). */
  count: number;
  subtotalCents: number;
  /** Epoch ms after which the cart is dropped; null when the cart is empty. */
  expiresAt: number | null;
};

/** What `addToCart` did: `limited` means the stock capped the quantity (possibly nothing added). */
export type AddToCartResult = "added" | "limited" | "unavailable";

const EMPTY_SNAPSHOT: CartSnapshot = Object.freeze({ items: [], count: 0, subtotalCents: 0, expiresAt: null });

let snapshot: CartSnapshot = EMPTY_SNAPSHOT;
let loaded = false;
const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function storage(): Storage | null {
  try {
    return typeof globalThis.localStorage === "undefined" ? null : globalThis.localStorage;
  } catch {
    // Some privacy modes throw on access.
    return null;
  }
}

function toSnapshot(items: CartItem[], expiresAt: number | null): CartSnapshot {
  if (items.length === 0) return EMPTY_SNAPSHOT;
  let count = 0;
  let subtotalCents = 0;
  for (const item of items) {
    count += item.quantity;
    subtotalCents += item.price_cents * item.quantity;
  }
  return { items, count, subtotalCents, expiresAt };
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.product_id === "string" &&
    Number.isInteger(v.quantity) &&
    (v.quantity as number) > 0 &&
    typeof v.name === "string" &&
    Number.isInteger(v.price_cents) &&
    Number.isInteger(v.stock_quantity)
  );
}

/** Reads the stored cart; a missing, malformed or expired cart is removed and reads as empty. */
function readStoredCart(now: number): CartSnapshot {
  const store = storage();
  if (!store) return EMPTY_SNAPSHOT;
  let raw: string | null;
  try {
    raw = store.getItem(CART_STORAGE_KEY);
  } catch {
    return EMPTY_SNAPSHOT;
  }
  if (raw === null) return EMPTY_SNAPSHOT;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredCart>;
    const expiresAt = parsed.expiresAt;
    if (typeof expiresAt === "number" && expiresAt > now && Array.isArray(parsed.items)) {
      const items = parsed.items.filter(isCartItem).map((item) => ({
        ...item,
        image_url: item.image_url ?? null,
        category_name: item.category_name ?? null,
      }));
      if (items.length > 0) return toSnapshot(items, expiresAt);
    }
  } catch {
    // Unreadable JSON: fall through and drop it.
  }
  try {
    store.removeItem(CART_STORAGE_KEY);
  } catch {
    // Ignore: nothing more we can do.
  }
  return EMPTY_SNAPSHOT;
}

function ensureLoaded() {
  if (loaded) return;
  loaded = true;
  snapshot = readStoredCart(Date.now());
}

function emit() {
  for (const listener of listeners) listener();
}

function persist(next: CartSnapshot) {
  const store = storage();
  if (!store) return;
  try {
    if (next.items.length === 0 || next.expiresAt === null) store.removeItem(CART_STORAGE_KEY);
    else {
      const stored: StoredCart = { items: [...next.items], expiresAt: next.expiresAt };
      store.setItem(CART_STORAGE_KEY, JSON.stringify(stored));
    }
  } catch {
    // Quota or privacy mode: the cart still works for this page view.
  }
}

function scheduleExpiry() {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  if (listeners.size === 0 || snapshot.expiresAt === null) return;
  const delay = Math.max(0, snapshot.expiresAt - Date.now());
  expiryTimer = setTimeout(() => {
    expiryTimer = undefined;
    reloadCart();
  }, delay);
}

function commit(items: CartItem[], expiresAt: number | null) {
  snapshot = toSnapshot(items, items.length === 0 ? null : expiresAt);
  persist(snapshot);
  scheduleExpiry();
  emit();
}

/** The current items, or none when the cart has expired meanwhile. */
function liveCart(now: number): { items: CartItem[]; expiresAt: number | null } {
  ensureLoaded();
  if (snapshot.expiresAt !== null && snapshot.expiresAt <= now) return { items: [], expiresAt: null };
  return { items: [...snapshot.items], expiresAt: snapshot.expiresAt };
}

function wholeQuantity(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.floor(value);
}

/** Adds a product (or raises its quantity), never above its stock. Refuses products that cannot be bought. */
export function addToCart(product: ProductCardView, qty = 1): AddToCartResult {
  const wanted = wholeQuantity(qty);
  if (wanted === null || wanted < 1 || !isPurchasable(product)) return "unavailable";

  const now = Date.now();
  const cart = liveCart(now);
  const index = cart.items.findIndex((item) => item.product_id === product.id);
  const current = index === -1 ? 0 : cart.items[index].quantity;
  const quantity = Math.min(current + wanted, product.stock_quantity);
  const line: CartItem = {
    product_id: product.id,
    quantity,
    name: product.name,
    price_cents: product.price_cents,
    image_url: product.image_url,
    category_name: product.category?.name ?? null,
    stock_quantity: product.stock_quantity,
  };
  if (index === -1) cart.items.push(line);
  else cart.items[index] = line;

  // A new cart gets a fresh lifetime; adding to a live cart keeps its deadline.
  commit(cart.items, cart.expiresAt ?? now + CART_LIFETIME_MS);
  return quantity === current + wanted ? "added" : "limited";
}

/** Sets a line's quantity, capped at its stock; zero or less removes the line. */
export function setQuantity(productId: string, quantity: number): void {
  const wanted = wholeQuantity(quantity);
  if (wanted === null) return;
  const cart = liveCart(Date.now());
  const index = cart.items.findIndex((item) => item.product_id === productId);
  if (index === -1) return;
  if (wanted <= 0) cart.items.splice(index, 1);
  else {
    const item = cart.items[index];
    cart.items[index] = { ...item, quantity: Math.min(wanted, item.stock_quantity) };
  }
  commit(cart.items, cart.expiresAt);
}

export function removeFromCart(productId: string): void {
  setQuantity(productId, 0);
}

export function clearCart(): void {
  ensureLoaded();
  commit([], null);
}

/** Re-reads the stored cart (another tab changed it, or it expired). */
export function reloadCart(): void {
  loaded = true;
  snapshot = readStoredCart(Date.now());
  scheduleExpiry();
  emit();
}

export function getCartSnapshot(): CartSnapshot {
  ensureLoaded();
  return snapshot;
}

function getServerSnapshot(): CartSnapshot {
  return EMPTY_SNAPSHOT;
}

function onStorage(event: StorageEvent) {
  if (event.key === CART_STORAGE_KEY || event.key === null) reloadCart();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
    scheduleExpiry();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
      scheduleExpiry();
    }
  };
}

/** The cart for rendering; the server (and hydration) sees an empty cart. */
export function useCart(): CartSnapshot {
  return useSyncExternalStore(subscribe, getCartSnapshot, getServerSnapshot);
}
