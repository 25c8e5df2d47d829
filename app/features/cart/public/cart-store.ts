/**
 * Client-side cart: a tiny external store read with `useSyncExternalStore`, persisted in
 * localStorage. Prices and stock here are a display copy only; the server recomputes
 * both at checkout. A signed-in shopper's cart is also saved on the server (cart-sync.ts); the
 * store tells it about local changes through `setCartChangeListener`.
 */
import { useSyncExternalStore } from "react";
import { isPurchasable, type ProductCardView, type ProductVariantView } from "~/domain/catalog/catalog.types";
import { isUuid } from "~/lib/uuid";
import { computeGiftCardTotals, readStoredGiftCard, type GiftCardConfig } from "~/domain/gift-cards/gift-card.rules";
import { CART_CLEANUP_INTERVAL_MS, CART_LIFETIME_MS, CART_MAX_LINE_QUANTITY } from "~/lib/shop-rules";
import type { CartProductQuote } from "~/domain/cart/cart.types";

export { CART_LIFETIME_MS };
export const CART_STORAGE_KEY = "aurore-cart";
/** Where the shop's previous version kept its cart (an array of lines, no expiry). */
export const LEGACY_CART_STORAGE_KEY = "cart";

/**
 * One line per variant (decision 025). `variant_id` is missing only on lines stored before
 * variants: the next price check resolves them through their (one-variant) product.
 */
export type CartItem = {
  product_id: string;
  variant_id?: string;
  /** The variant's label ("50 ml"); null when unknown or for a product without options. */
  variant_label?: string | null;
  sku?: string | null;
  quantity: number;
  name: string;
  price_cents: number;
  image_url: string | null;
  category_name: string | null;
  stock_quantity: number;
  /** Set when the last price check found the product can no longer be bought. */
  unavailable?: true;
  /** Set when the last price check found a new price: the price the shopper saw before. */
  previous_price_cents?: number;
};

/** The variant the product page adds (a card adds the product's default variant). */
export type CartVariantChoice = Pick<ProductVariantView, "id" | "sku" | "label" | "price_cents" | "stock_quantity" | "image_url">;

/** The key of a line: its variant, or its product for a line stored before variants. */
export function cartLineKey(item: Pick<CartItem, "product_id" | "variant_id">): string {
  return item.variant_id ?? item.product_id;
}

/**
 * A gift card configured on /carte-cadeau: its own line, no stock. Kept in this browser
 * only (the server cart holds products); the order request carries it and the server validates
 * it again with the same schema.
 */
export type GiftCardCartLine = GiftCardConfig & { id: string };

/** `owner`: id of the signed-in shopper whose server cart this copy mirrors (absent for a visitor's cart). */
type StoredCart = { items: CartItem[]; expiresAt: number; owner?: string; giftCards?: GiftCardCartLine[] };

export type CartSnapshot = {
  items: readonly CartItem[];
  /** Gift cards to buy (value plus the premium card fee each). */
  giftCards: readonly GiftCardCartLine[];
  /** Number of articles (sum of quantities) of the lines that can be bought, gift cards included. */
  count: number;
  /** Products only (the delivery fee and its threshold depend on them). */
  subtotalCents: number;
  /** The gift cards' total (value plus fee). */
  giftCardsCents: number;
  /** Epoch ms after which the cart is dropped; null when the cart is empty. */
  expiresAt: number | null;
};

/** What `addToCart` did: `limited` means the stock capped the quantity (possibly nothing added). */
export type AddToCartResult = "added" | "limited" | "unavailable";

/**
 * Local changes the server copy must follow: `lines` (quantities changed), `extend` (6 more
 * hours). Loading, another tab's change, expiry and adopting the server's cart are not reported.
 */
export type CartChange = "lines" | "extend";

const EMPTY_SNAPSHOT: CartSnapshot = Object.freeze({
  items: [],
  giftCards: [],
  count: 0,
  subtotalCents: 0,
  giftCardsCents: 0,
  expiresAt: null,
});

let snapshot: CartSnapshot = EMPTY_SNAPSHOT;
let owner: string | null = null;
let giftCards: GiftCardCartLine[] = [];
let loaded = false;
const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let cleanupTimer: ReturnType<typeof setInterval> | undefined;
let changeListener: ((change: CartChange) => void) | null = null;

function storage(): Storage | null {
  try {
    return typeof globalThis.localStorage === "undefined" ? null : globalThis.localStorage;
  } catch {
    // Some privacy modes throw on access.
    return null;
  }
}

function toSnapshot(items: CartItem[], expiresAt: number | null, cards: GiftCardCartLine[] = []): CartSnapshot {
  if (items.length === 0 && cards.length === 0) return EMPTY_SNAPSHOT;
  let count = cards.length;
  let subtotalCents = 0;
  for (const item of items) {
    if (item.unavailable) continue;
    count += item.quantity;
    subtotalCents += item.price_cents * item.quantity;
  }
  const giftCardsCents = cards.reduce((sum, c) => sum + computeGiftCardTotals(c.amountCents, c.deliveryMode).totalCents, 0);
  return { items, giftCards: cards, count, subtotalCents, giftCardsCents, expiresAt };
}

function readGiftCards(value: unknown): GiftCardCartLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const id = entry && typeof entry === "object" ? (entry as { id?: unknown }).id : undefined;
    const card = readStoredGiftCard(entry);
    return typeof id === "string" && card ? [{ ...card, id }] : [];
  });
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

function cleanItem(item: CartItem): CartItem {
  const line: CartItem = {
    product_id: item.product_id,
    ...(typeof item.variant_id === "string" ? { variant_id: item.variant_id } : {}),
    ...(typeof item.variant_label === "string" ? { variant_label: item.variant_label } : {}),
    ...(typeof item.sku === "string" ? { sku: item.sku } : {}),
    quantity: item.quantity,
    name: item.name,
    price_cents: item.price_cents,
    image_url: typeof item.image_url === "string" ? item.image_url : null,
    category_name: typeof item.category_name === "string" ? item.category_name : null,
    stock_quantity: item.stock_quantity,
  };
  if (item.unavailable === true) line.unavailable = true;
  if (Number.isInteger(item.previous_price_cents)) line.previous_price_cents = item.previous_price_cents;
  return line;
}

function readRaw(store: Storage, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function removeKey(store: Storage, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Ignore: nothing more we can do.
  }
}

/** Reads the stored cart; a missing, malformed or expired cart is removed and reads as empty. */
function readStoredCart(now: number): { snapshot: CartSnapshot; owner: string | null; giftCards: GiftCardCartLine[] } {
  const empty = { snapshot: EMPTY_SNAPSHOT, owner: null, giftCards: [] };
  const store = storage();
  if (!store) return empty;
  const raw = readRaw(store, CART_STORAGE_KEY);
  if (raw === null) return empty;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredCart>;
    const expiresAt = parsed.expiresAt;
    if (typeof expiresAt === "number" && expiresAt > now && Array.isArray(parsed.items)) {
      const items = parsed.items.filter(isCartItem).map(cleanItem);
      const cards = readGiftCards(parsed.giftCards);
      if (items.length > 0 || cards.length > 0) {
        return {
          snapshot: toSnapshot(items, expiresAt, cards),
          owner: typeof parsed.owner === "string" ? parsed.owner : null,
          giftCards: cards,
        };
      }
    }
  } catch {
    // Unreadable JSON: fall through and drop it.
  }
  removeKey(store, CART_STORAGE_KEY);
  return empty;
}

/* ---------------------------------------------------------------------------------------------- */
/* Legacy cart                                                                                      */
/* ---------------------------------------------------------------------------------------------- */

type LegacyProduct = {
  id?: unknown;
  name?: unknown;
  price?: unknown;
  price_cents?: unknown;
  image_url?: unknown;
  image?: unknown;
  category?: unknown;
  category_name?: unknown;
  stock_quantity?: unknown;
  stock?: unknown;
  in_stock?: unknown;
};

/**
 * One line of the previous version's cart: `{ product: {...}, quantity }` or the product's fields
 * and `quantity` side by side. Prices there were euros (49.9); ours are cents.
 */
function fromLegacyLine(entry: unknown): CartItem | null {
  if (!entry || typeof entry !== "object") return null;
  const e = entry as LegacyProduct & { product?: unknown; quantity?: unknown };
  const p = (e.product && typeof e.product === "object" ? e.product : e) as LegacyProduct;
  const quantity = typeof e.quantity === "number" ? Math.floor(e.quantity) : Number.NaN;
  if (typeof p.id !== "string" || !isUuid(p.id) || typeof p.name !== "string") return null;
  if (!(quantity >= 1)) return null;
  const priceCents =
    typeof p.price_cents === "number" && Number.isInteger(p.price_cents)
      ? p.price_cents
      : typeof p.price === "number" && Number.isFinite(p.price)
        ? Math.round(p.price * 100)
        : Number.NaN;
  if (!(priceCents > 0)) return null;
  const stockValue = typeof p.stock_quantity === "number" ? p.stock_quantity : typeof p.stock === "number" ? p.stock : null;
  // Unknown stock: the next price check caps the line.
  const stock = stockValue === null ? CART_MAX_LINE_QUANTITY : Math.floor(stockValue);
  if (p.in_stock === false || stock < 1) return null;
  const category =
    typeof p.category_name === "string"
      ? p.category_name
      : p.category && typeof p.category === "object" && typeof (p.category as { name?: unknown }).name === "string"
        ? (p.category as { name: string }).name
        : null;
  const image = typeof p.image_url === "string" ? p.image_url : typeof p.image === "string" ? p.image : null;
  return {
    product_id: p.id,
    quantity: Math.min(quantity, stock, CART_MAX_LINE_QUANTITY),
    name: p.name,
    price_cents: priceCents,
    image_url: image,
    category_name: category,
    stock_quantity: stock,
  };
}

/** Adds lines to a list, summing quantities of the same variant, capped at its stock. */
export function mergeLines(items: CartItem[], added: readonly CartItem[]): CartItem[] {
  const result = [...items];
  for (const line of added) {
    const index = result.findIndex((item) => cartLineKey(item) === cartLineKey(line));
    if (index === -1) result.push(line);
    else {
      const current = result[index];
      const stock = Math.min(current.stock_quantity, line.stock_quantity);
      result[index] = { ...current, quantity: Math.min(current.quantity + line.quantity, stock, CART_MAX_LINE_QUANTITY) };
    }
  }
  return result;
}

/**
 * Moves the previous version's cart (key `cart`) into ours, once: its lines join the current cart
 * and the old key is deleted, which marks the migration done (nothing is left to migrate again).
 */
function migrateLegacyCart(now: number): void {
  const store = storage();
  if (!store) return;
  const raw = readRaw(store, LEGACY_CART_STORAGE_KEY);
  if (raw === null) return;
  let lines: CartItem[] = [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (Array.isArray(parsed)) lines = parsed.map(fromLegacyLine).filter((line): line is CartItem => line !== null);
  } catch {
    // Unreadable: nothing to keep.
  }
  if (lines.length > 0) {
    const current = readStoredCart(now);
    const items = mergeLines([...current.snapshot.items], lines);
    const stored: StoredCart = { items, expiresAt: current.snapshot.expiresAt ?? now + CART_LIFETIME_MS };
    if (current.owner) stored.owner = current.owner;
    if (current.giftCards.length > 0) stored.giftCards = current.giftCards;
    try {
      store.setItem(CART_STORAGE_KEY, JSON.stringify(stored));
    } catch {
      return; // Keep the legacy cart for a later page view rather than losing it.
    }
  }
  removeKey(store, LEGACY_CART_STORAGE_KEY);
}

/* ---------------------------------------------------------------------------------------------- */
/* Store                                                                                            */
/* ---------------------------------------------------------------------------------------------- */

function load(now: number) {
  migrateLegacyCart(now);
  const read = readStoredCart(now);
  snapshot = read.snapshot;
  owner = read.owner;
  giftCards = read.giftCards;
}

function ensureLoaded() {
  if (loaded) return;
  loaded = true;
  load(Date.now());
}

function emit() {
  for (const listener of listeners) listener();
}

function persist(next: CartSnapshot) {
  const store = storage();
  if (!store) return;
  try {
    if ((next.items.length === 0 && next.giftCards.length === 0) || next.expiresAt === null) store.removeItem(CART_STORAGE_KEY);
    else {
      const stored: StoredCart = { items: [...next.items], expiresAt: next.expiresAt };
      if (owner) stored.owner = owner;
      if (next.giftCards.length > 0) stored.giftCards = [...next.giftCards];
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
  // setTimeout cannot wait longer than ~24.8 days; carts live hours.
  const delay = Math.min(Math.max(0, snapshot.expiresAt - Date.now()), 2 ** 31 - 1);
  expiryTimer = setTimeout(() => {
    expiryTimer = undefined;
    reloadCart();
  }, delay);
}

function commit(items: CartItem[], expiresAt: number | null, change: CartChange | null = "lines") {
  // Gift cards stay in the browser: an empty server cart (no deadline) keeps the local deadline.
  const deadline = expiresAt ?? (giftCards.length > 0 ? (snapshot.expiresAt ?? Date.now() + CART_LIFETIME_MS) : null);
  snapshot = toSnapshot(items, items.length === 0 && giftCards.length === 0 ? null : deadline, giftCards);
  // The owner stays while the cart is empty: lines added next still mirror the same account.
  persist(snapshot);
  scheduleExpiry();
  emit();
  if (change) changeListener?.(change);
}

/** The current items, or none when the cart has expired meanwhile. */
function liveCart(now: number): { items: CartItem[]; expiresAt: number | null } {
  ensureLoaded();
  if (snapshot.expiresAt !== null && snapshot.expiresAt <= now) {
    giftCards = [];
    return { items: [], expiresAt: null };
  }
  return { items: [...snapshot.items], expiresAt: snapshot.expiresAt };
}

function wholeQuantity(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.floor(value);
}

/**
 * Adds a variant of a product (or raises its quantity), never above its stock. Without a variant,
 * the product's default variant (a card's button: one-variant products). Refuses what cannot be bought.
 */
export function addToCart(product: ProductCardView, qty = 1, variant?: CartVariantChoice): AddToCartResult {
  const wanted = wholeQuantity(qty);
  if (wanted === null || wanted < 1) return "unavailable";
  const variantId = variant?.id ?? product.default_variant_id ?? undefined;
  const stock = variant ? variant.stock_quantity : product.stock_quantity;
  if (variant ? stock < 1 : !isPurchasable(product)) return "unavailable";

  const now = Date.now();
  const cart = liveCart(now);
  const key = variantId ?? product.id;
  const index = cart.items.findIndex((item) => cartLineKey(item) === key);
  const current = index === -1 ? 0 : cart.items[index].quantity;
  const max = Math.min(stock, CART_MAX_LINE_QUANTITY);
  const quantity = Math.min(current + wanted, max);
  const line: CartItem = {
    product_id: product.id,
    ...(variantId ? { variant_id: variantId } : {}),
    quantity,
    name: product.name,
    price_cents: variant ? variant.price_cents : product.price_cents,
    image_url: variant ? (variant.image_url ?? product.image_url) : product.image_url,
    category_name: product.category?.name ?? null,
    stock_quantity: stock,
  };
  // The label and SKU: the chosen variant's, or those a price check already filled in.
  const label = variant?.label ?? (index === -1 ? undefined : cart.items[index].variant_label);
  const sku = variant?.sku ?? (index === -1 ? undefined : cart.items[index].sku);
  if (label) line.variant_label = label;
  if (sku) line.sku = sku;
  if (index === -1) cart.items.push(line);
  else cart.items[index] = line;

  // A new cart gets a fresh lifetime; adding to a live cart keeps its deadline.
  commit(cart.items, cart.expiresAt ?? now + CART_LIFETIME_MS);
  return quantity === current + wanted ? "added" : "limited";
}

/**
 * Adds lines priced by the server (GET /api/v1/cart?variants=…), summed with what the cart holds
 * and capped at each variant's stock: 'Commander à nouveau'.
 */
export function addQuotedLines(lines: readonly { quote: CartProductQuote; quantity: number }[]): void {
  const added: CartItem[] = lines
    .filter((l) => l.quote.available && l.quantity > 0)
    .map(({ quote, quantity }) => ({
      product_id: quote.product_id,
      variant_id: quote.variant_id,
      variant_label: quote.variant_label,
      sku: quote.sku,
      quantity: Math.min(quantity, quote.stock_quantity, CART_MAX_LINE_QUANTITY),
      name: quote.name,
      price_cents: quote.price_cents,
      image_url: quote.image_url,
      category_name: quote.category_name,
      stock_quantity: quote.stock_quantity,
    }));
  if (added.length === 0) return;
  const now = Date.now();
  const cart = liveCart(now);
  commit(mergeLines(cart.items, added), cart.expiresAt ?? now + CART_LIFETIME_MS);
}

/** Sets a line's quantity (the line's key: cartLineKey), capped at its stock; zero or less removes the line. */
export function setQuantity(lineKey: string, quantity: number): void {
  const wanted = wholeQuantity(quantity);
  if (wanted === null) return;
  const cart = liveCart(Date.now());
  const index = cart.items.findIndex((item) => cartLineKey(item) === lineKey);
  if (index === -1) return;
  if (wanted <= 0) cart.items.splice(index, 1);
  else {
    const item = cart.items[index];
    cart.items[index] = { ...item, quantity: Math.min(wanted, item.stock_quantity, CART_MAX_LINE_QUANTITY) };
  }
  commit(cart.items, cart.expiresAt);
}

export function removeFromCart(lineKey: string): void {
  setQuantity(lineKey, 0);
}

/** Empties the cart (the checkout calls it once the order is placed). */
export function clearCart(): void {
  ensureLoaded();
  giftCards = [];
  commit([], null);
}

/** Adds a configured gift card as its own line (no stock: any number of cards may be bought). */
export function addGiftCardToCart(card: GiftCardConfig): GiftCardCartLine {
  const now = Date.now();
  const cart = liveCart(now);
  const id = typeof crypto !== "undefined" && typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${now}-${giftCards.length}`;
  const line: GiftCardCartLine = { ...card, id };
  giftCards = [...giftCards, line];
  // Only the browser holds gift cards: the server copy does not change.
  commit(cart.items, cart.expiresAt ?? now + CART_LIFETIME_MS, null);
  return line;
}

export function removeGiftCardFromCart(id: string): void {
  const cart = liveCart(Date.now());
  giftCards = giftCards.filter((card) => card.id !== id);
  commit(cart.items, cart.expiresAt, null);
}

/** Gives a live cart 6 hours from now (spec §4). Returns false when there is nothing to extend. */
export function extendCart(): boolean {
  const now = Date.now();
  const cart = liveCart(now);
  if (cart.items.length === 0 && giftCards.length === 0) return false;
  commit(cart.items, now + CART_LIFETIME_MS, "extend");
  return true;
}

/** Drops the cart once its deadline has passed (also run every CART_CLEANUP_INTERVAL_MS). */
export function cleanupExpiredCart(now = Date.now()): boolean {
  ensureLoaded();
  if (snapshot.expiresAt === null || snapshot.expiresAt > now) return false;
  // The server drops its own copy at the same deadline: nothing to report.
  giftCards = [];
  commit([], null, null);
  return true;
}

/** Re-reads the stored cart (another tab changed it, or it expired). */
export function reloadCart(): void {
  loaded = true;
  load(Date.now());
  scheduleExpiry();
  emit();
}

export function getCartSnapshot(): CartSnapshot {
  ensureLoaded();
  return snapshot;
}

/** One line of an order or of the server cart: the variant (when known), its product and a quantity. */
export type CartOrderLine = { product_id: string; variant_id?: string; quantity: number };

/** A line as the server takes it (a line stored before variants goes by its product). */
export function toOrderLine(item: CartItem): CartOrderLine {
  return item.variant_id
    ? { product_id: item.product_id, variant_id: item.variant_id, quantity: item.quantity }
    : { product_id: item.product_id, quantity: item.quantity };
}

/** The lines an order is made of: those that can still be bought. */
export function cartOrderLines(cart: CartSnapshot = getCartSnapshot()): CartOrderLine[] {
  return cart.items.filter((item) => !item.unavailable).map(toOrderLine);
}

/* ---------------------------------------------------------------------------------------------- */
/* Hooks for cart-sync.ts (server copy of a signed-in shopper, price checks)                      */
/* ---------------------------------------------------------------------------------------------- */

/** Id of the shopper whose server cart the local cart mirrors, or null for a visitor's cart. */
export function getCartOwner(): string | null {
  ensureLoaded();
  return owner;
}

/** The sync module listens to local changes (one listener; null stops). */
export function setCartChangeListener(listener: ((change: CartChange) => void) | null): void {
  changeListener = listener;
}

/** Forgets a signed-in shopper's cart in this browser (sign-out): it stays on the server. */
export function forgetLocalCart(): void {
  ensureLoaded();
  owner = null;
  giftCards = [];
  commit([], null, null);
}

/**
 * For cart-sync.ts only: replaces the lines (and optionally the owner) in one step. `change` says
 * whether the server copy must follow (null: the lines came from the server or change nothing).
 */
export function writeCartLines(
  items: CartItem[],
  expiresAt: number | null,
  options: { change: CartChange | null; owner?: string | null },
): void {
  ensureLoaded();
  if (options.owner !== undefined) owner = options.owner;
  commit(items, expiresAt, options.change);
}

/** The current lines, or none when the cart has expired meanwhile (a copy: safe to change). */
export function currentCartLines(now = Date.now()): { items: CartItem[]; expiresAt: number | null } {
  return liveCart(now);
}

/* ---------------------------------------------------------------------------------------------- */
/* React                                                                                            */
/* ---------------------------------------------------------------------------------------------- */

function getServerSnapshot(): CartSnapshot {
  return EMPTY_SNAPSHOT;
}

function onStorage(event: StorageEvent) {
  if (event.key === CART_STORAGE_KEY || event.key === null) reloadCart();
}

/** Calls `listener` on every change; the periodic cleanup and the expiry timer run while anyone listens. */
export function subscribeToCart(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
    cleanupTimer = setInterval(() => cleanupExpiredCart(), CART_CLEANUP_INTERVAL_MS);
    scheduleExpiry();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
      if (cleanupTimer !== undefined) clearInterval(cleanupTimer);
      cleanupTimer = undefined;
      scheduleExpiry();
    }
  };
}

/** The cart for rendering; the server (and hydration) sees an empty cart. */
export function useCart(): CartSnapshot {
  return useSyncExternalStore(subscribeToCart, getCartSnapshot, getServerSnapshot);
}
