/**
 * Keeps a signed-in shopper's cart on the server, so it follows them to another device:
 * - at sign-in (or on a page load with a visitor's cart in the browser) the browser's lines are
 *   merged into the server cart once, and the browser adopts the result;
 * - otherwise, on load, the browser adopts the server cart (changed elsewhere meanwhile);
 * - then every local change is saved (debounced PUT), and "Prolonger" extends the server copy;
 * - a change whose save had not been answered when the page went away (a click, then at once a
 *   link: the last save goes with `keepalive`, and the next page's first request may reach the
 *   server before it) is saved again by the next page instead of being replaced by the server's
 *   older copy. A marker in localStorage says a change is waiting for its save. Likewise the
 *   sign-in merge carries an id kept until its answer is adopted: sent again by the next page,
 *   the server recognises it and does not add the visitor's lines twice.
 * Visitors keep the browser's cart only. The server re-checks every quantity and price.
 */
import { isUuid } from "~/lib/uuid";
import {
  cartLineKey,
  currentCartLines,
  extendCart,
  getCartOwner,
  getCartSnapshot,
  mergeLines,
  setCartChangeListener,
  toOrderLine,
  writeCartLines,
  type CartChange,
  type CartItem,
  type CartSnapshot,
} from "~/features/cart/public/cart-store";
import type { CartProductQuote, CartView } from "~/domain/cart/cart.types";
import { CART_LIFETIME_MS, CART_MAX_LINE_QUANTITY } from "~/lib/shop-rules";

const CART_API = "/api/v1/cart";
/** The account whose last local change has not been answered as saved yet. */
const UNSAVED_KEY = "aurore-cart-unsaved";

function storage(): Storage | null {
  try {
    return typeof globalThis.localStorage === "undefined" ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

function markUnsaved(userId: string): void {
  try {
    storage()?.setItem(UNSAVED_KEY, userId);
  } catch {
    // A full or refused storage: the next page adopts the server's copy, as before.
  }
}

function unsavedOf(): string | null {
  try {
    return storage()?.getItem(UNSAVED_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The id of the visitor cart's merge under way: sent again as is if the page goes away before its answer. */
const MERGE_KEY = "aurore-cart-merge";

function mergeIdOf(): string {
  try {
    const known = storage()?.getItem(MERGE_KEY);
    if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
    const id = `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
    storage()?.setItem(MERGE_KEY, id);
    return id;
  } catch {
    return `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  }
}

function clearMergeId(): void {
  try {
    storage()?.removeItem(MERGE_KEY);
  } catch {
    // Nothing to undo.
  }
}

function clearUnsaved(): void {
  try {
    storage()?.removeItem(UNSAVED_KEY);
  } catch {
    // Nothing to undo.
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* Applying server data to the browser's cart                                                       */
/* ---------------------------------------------------------------------------------------------- */

function fromServerLine(line: CartView["items"][number]): CartItem {
  const item: CartItem = {
    product_id: line.product_id,
    variant_id: line.variant_id,
    variant_label: line.variant_label,
    sku: line.sku,
    quantity: line.quantity,
    name: line.name,
    price_cents: line.price_cents,
    image_url: line.image_url,
    category_name: line.category_name,
    stock_quantity: line.stock_quantity,
  };
  if (!line.available) item.unavailable = true;
  return item;
}

/** Replaces the browser's cart with the shopper's server cart (sign-in, page load, another device). */
export function adoptServerCart(view: CartView, ownerId: string): void {
  const expiresAt = view.expires_at ? Date.parse(view.expires_at) : null;
  writeCartLines(view.items.map(fromServerLine), Number.isFinite(expiresAt) ? expiresAt : null, {
    change: null,
    owner: ownerId,
  });
}

/** Adds lines (e.g. added while the server cart was loading), capped at their stock. */
export function addCartLines(lines: readonly CartItem[]): void {
  if (lines.length === 0) return;
  const now = Date.now();
  const cart = currentCartLines(now);
  writeCartLines(mergeLines(cart.items, lines), cart.expiresAt ?? now + CART_LIFETIME_MS, { change: "lines" });
}

/**
 * Applies current prices and stock from the catalogue: a changed price replaces the stored one
 * and remembers the old one for the "Prix modifié" notice; a product that cannot be bought (or no
 * longer exists) is flagged unavailable; quantities above the new stock are lowered.
 */
export function applyCartQuotes(quotes: readonly CartProductQuote[]): void {
  const cart = currentCartLines();
  if (cart.items.length === 0) return;
  const byVariant = new Map(quotes.map((quote) => [quote.variant_id, quote]));
  // Lines stored before variants are resolved through their product (one-variant products only).
  const byProduct = new Map(quotes.map((quote) => [quote.product_id, quote]));
  let changed = false;
  let quantitiesChanged = false;
  // Lines stored before variants that resolve to a variant already in the cart (a line added
  // since, or an earlier old line of the same product) add their quantity to it and go.
  const kept = new Map<string, CartItem>();
  for (const item of cart.items) if (item.variant_id && !kept.has(item.variant_id)) kept.set(item.variant_id, item);
  const joining = new Map<CartItem, number>();
  const joined = new Set<CartItem>();
  for (const item of cart.items) {
    const quote = item.variant_id ? undefined : byProduct.get(item.product_id);
    if (!quote) continue;
    const target = kept.get(quote.variant_id);
    if (!target) {
      kept.set(quote.variant_id, item);
      continue;
    }
    joining.set(target, (joining.get(target) ?? 0) + item.quantity);
    joined.add(item);
  }
  const items = cart.items.flatMap((item) => {
    if (joined.has(item)) {
      changed = true;
      quantitiesChanged = true;
      return [];
    }
    const quote = item.variant_id ? byVariant.get(item.variant_id) : byProduct.get(item.product_id);
    if (!item.variant_id && quote) quantitiesChanged = true;
    // Capped like any line: the per-line maximum, and the stock when the variant can be bought.
    const quantity = Math.min(item.quantity + (joining.get(item) ?? 0), CART_MAX_LINE_QUANTITY);
    const next: CartItem = quote
      ? {
          product_id: quote.product_id,
          variant_id: quote.variant_id,
          variant_label: quote.variant_label,
          sku: quote.sku,
          quantity: quote.available ? Math.min(quantity, quote.stock_quantity) : quantity,
          name: quote.name,
          price_cents: quote.price_cents,
          image_url: quote.image_url,
          category_name: quote.category_name,
          stock_quantity: quote.stock_quantity,
        }
      : { ...item, quantity };
    if (!quote || !quote.available) next.unavailable = true;
    else delete next.unavailable;
    if (quote && quote.price_cents !== item.price_cents) next.previous_price_cents = item.price_cents;
    else delete next.previous_price_cents;
    if (next.quantity !== item.quantity) quantitiesChanged = true;
    if (JSON.stringify(next) !== JSON.stringify(item)) changed = true;
    return [next];
  });
  if (changed) writeCartLines(items, cart.expiresAt, { change: quantitiesChanged ? "lines" : null });
}

/* ---------------------------------------------------------------------------------------------- */
/* Server copy                                                                                      */
/* ---------------------------------------------------------------------------------------------- */
/** Several clicks on "+" are saved as one request. */
export const CART_SAVE_DEBOUNCE_MS = 300;

let syncedUser: string | null = null;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped on every start/stop so a late answer for a previous session is ignored. */
let generation = 0;
let pendingExtend: Promise<unknown> | null = null;

function linesOf(cart: CartSnapshot) {
  return cart.items.filter((item) => isUuid(item.product_id)).map(toOrderLine);
}

async function requestCart(method: "GET" | "PUT" | "PATCH", body?: unknown, keepalive = false): Promise<CartView | null> {
  try {
    const res = await fetch(CART_API, {
      method,
      keepalive,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) return null;
    return ((await res.json()) as { data: CartView }).data;
  } catch {
    return null;
  }
}

function saveNow(keepalive = false): void {
  if (saveTimer !== undefined) clearTimeout(saveTimer);
  saveTimer = undefined;
  if (!syncedUser) return;
  const saving = getCartSnapshot();
  void requestCart("PUT", { lines: linesOf(saving), mode: "replace" }, keepalive).then((saved) => {
    // Saved, and nothing changed since: no change waits for its save any more.
    if (saved && getCartSnapshot() === saving && saveTimer === undefined) clearUnsaved();
  });
}

function onLocalChange(change: CartChange): void {
  if (!syncedUser) return;
  if (change === "extend") {
    pendingExtend = requestCart("PATCH");
    return;
  }
  markUnsaved(syncedUser);
  if (saveTimer !== undefined) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => saveNow(), CART_SAVE_DEBOUNCE_MS);
}

/** A save still waiting when the page goes away is sent at once (keepalive outlives the page). */
function onPageHide(): void {
  if (saveTimer !== undefined) saveNow(true);
}

/** Lines added locally between two snapshots (what a shopper added while the server cart loaded). */
function addedSince(before: CartSnapshot, after: CartSnapshot): CartItem[] {
  if (before === after) return [];
  const previous = new Map(before.items.map((item) => [cartLineKey(item), item.quantity]));
  return after.items.flatMap((item) => {
    const extra = item.quantity - (previous.get(cartLineKey(item)) ?? 0);
    return extra > 0 ? [{ ...item, quantity: extra }] : [];
  });
}

/** Starts syncing for this shopper: merge (visitor's lines) or adopt (server's lines), then save changes. */
export async function startCartSync(userId: string): Promise<void> {
  stopCartSync();
  const run = ++generation;
  const before = getCartSnapshot();
  const owner = getCartOwner();
  const mergeVisitorCart = owner === null && before.items.length > 0;
  // The account's copy here holds a change the server may not have yet: it is saved, not replaced.
  const unsaved = owner === userId && unsavedOf() === userId;
  const server = mergeVisitorCart
    ? await requestCart("PUT", { lines: linesOf(before), mode: "merge", merge_id: mergeIdOf() })
    : unsaved
      ? await requestCart("PUT", { lines: linesOf(before), mode: "replace" })
      : await requestCart("GET");
  if (run !== generation) return;
  // The server did not answer: keep the browser's cart as it is; the next page load tries again
  // (saving it now could replace the account's cart with lines that were never merged).
  if (!server) return;
  const added = addedSince(before, getCartSnapshot());
  if (unsaved && added.length === 0) clearUnsaved();
  // Merged and adopted: the next visitor cart gets a merge of its own.
  if (mergeVisitorCart) clearMergeId();
  adoptServerCart(server, userId);
  syncedUser = userId;
  setCartChangeListener(onLocalChange);
  if (typeof window !== "undefined") window.addEventListener("pagehide", onPageHide);
  // Lines added while the server answered are not lost: they join the adopted cart (and are saved).
  addCartLines(added);
}

/** Stops syncing (sign-out, or the component unmounts); a pending save is sent first. */
export function stopCartSync(): void {
  generation++;
  if (saveTimer !== undefined) saveNow();
  syncedUser = null;
  setCartChangeListener(null);
  if (typeof window !== "undefined") window.removeEventListener("pagehide", onPageHide);
}

/** Refreshes prices, stock and availability of the cart's lines from the catalogue (anyone). */
export async function refreshCartPrices(): Promise<void> {
  const items = getCartSnapshot().items;
  const variants = items.flatMap((item) => (item.variant_id && isUuid(item.variant_id) ? [item.variant_id] : []));
  const ids = items.flatMap((item) => (!item.variant_id && isUuid(item.product_id) ? [item.product_id] : []));
  if (variants.length === 0 && ids.length === 0) return;
  const query = new URLSearchParams();
  if (variants.length > 0) query.set("variants", variants.join(","));
  if (ids.length > 0) query.set("ids", ids.join(","));
  try {
    const res = await fetch(`${CART_API}?${query}`, { headers: { accept: "application/json" } });
    if (!res.ok) return;
    const { data } = (await res.json()) as { data: { products: CartProductQuote[] } };
    applyCartQuotes(data.products);
  } catch {
    // Offline: the stored prices stay; the server checks them again at checkout anyway.
  }
}

/** "Prolonger": 6 more hours for the browser's cart and, once saved, for the server copy. */
export async function extendCartAndSave(): Promise<boolean> {
  pendingExtend = null;
  const extended = extendCart();
  const saving = pendingExtend as Promise<unknown> | null;
  pendingExtend = null;
  if (saving) await saving;
  return extended;
}
