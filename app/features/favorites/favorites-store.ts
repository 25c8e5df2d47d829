/**
 * Which products the signed-in shopper has in their favourites, for the hearts and the header
 * badge. The root loader sends the ids with the page (signed-in requests only: anonymous pages
 * are shared-cached); toggles made on this page are applied on top at once (optimistically) and
 * saved through /api/v1/favorites. No zod here: product cards import it.
 */
import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { showToast } from "~/components/ui/toast";
import * as COMMON_MESSAGES from "~/domain/messages/common";

export const FAVORITE_SIGN_IN_TOAST = COMMON_MESSAGES.signAddFavourites;
export const FAVORITE_ERROR_TOAST = COMMON_MESSAGES.favouritesCouldNotUpdatedTry;

type RootData = { user: { id: string } | null; favoriteIds?: string[] };

/** Toggles made on this page, per user: product id -> favourite or not. */
type Overrides = { userId: string | null; byProduct: ReadonlyMap<string, boolean> };

const NO_OVERRIDES: Overrides = Object.freeze({ userId: null, byProduct: new Map() });
let overrides: Overrides = NO_OVERRIDES;
const listeners = new Set<() => void>();

function setOverride(userId: string, productId: string, favorite: boolean) {
  const byProduct = new Map(overrides.userId === userId ? overrides.byProduct : []);
  byProduct.set(productId, favorite);
  overrides = { userId, byProduct };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type FavoritesState = {
  /** The signed-in user's id, or null for a visitor. */
  userId: string | null;
  ids: ReadonlySet<string>;
};

// One combined set per (loader ids, overrides, user): every heart on the page shares it.
let cache: { base: readonly string[] | undefined; overrides: Overrides; userId: string | null; state: FavoritesState } | null = null;

function combine(base: readonly string[] | undefined, current: Overrides, userId: string | null): FavoritesState {
  if (cache && cache.base === base && cache.overrides === current && cache.userId === userId) return cache.state;
  const ids = new Set(userId ? (base ?? []) : []);
  if (userId && current.userId === userId) {
    for (const [productId, favorite] of current.byProduct) {
      if (favorite) ids.add(productId);
      else ids.delete(productId);
    }
  }
  const state = { userId, ids };
  cache = { base, overrides: current, userId, state };
  return state;
}

/** The shopper's favourite ids (empty for a visitor), with this page's toggles applied. */
export function useFavorites(): FavoritesState {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const current = useSyncExternalStore(
    subscribe,
    () => overrides,
    () => NO_OVERRIDES,
  );
  return combine(root?.favoriteIds, current, root?.user?.id ?? null);
}

/** Adds or removes a favourite, shown at once; reverted with a message if the server refuses. */
export async function setFavorite(userId: string, productId: string, favorite: boolean): Promise<boolean> {
  const before = overrides.userId === userId ? overrides.byProduct.get(productId) : undefined;
  setOverride(userId, productId, favorite);
  try {
    const res = favorite
      ? await fetch("/api/v1/favorites", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ product_id: productId }),
        })
      : await fetch(`/api/v1/favorites/${encodeURIComponent(productId)}`, { method: "DELETE" });
    if (!res.ok) throw new Error(`favourite ${favorite ? "add" : "remove"} answered ${res.status}`);
    return true;
  } catch (error) {
    console.error(error);
    if (before === undefined) {
      const byProduct = new Map(overrides.byProduct);
      byProduct.delete(productId);
      overrides = { userId, byProduct };
      for (const listener of listeners) listener();
    } else setOverride(userId, productId, before);
    showToast(FAVORITE_ERROR_TOAST);
    return false;
  }
}
