import { useEffect, useState } from "react";
import { useT } from "~/components/ui/i18n";
import { useRouteLoaderData } from "react-router";
import type { ProductCardView } from "~/domain/catalog/catalog.types";
import { ProductCard } from "~/features/catalog/public/product-card";

/** 'Récemment consultés' is kept in this browser only: the last products opened, newest first. */
export const RECENTLY_VIEWED_KEY = "aurore-recently-viewed";
export const RECENTLY_VIEWED_MAX = 8;

function read(): ProductCardView[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(RECENTLY_VIEWED_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter((p): p is ProductCardView => typeof p?.id === "string" && typeof p?.name === "string")
      : [];
  } catch {
    return [];
  }
}

/** Puts the product first, once; keeps the last 8 (plus the current one, never shown on its own page). */
function remember(product: ProductCardView): void {
  const list = [{ ...product, description: null }, ...read().filter((p) => p.id !== product.id)].slice(0, RECENTLY_VIEWED_MAX + 1);
  try {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused (private browsing): the list is a convenience, nothing to tell.
  }
}

/**
 * The shelf of recently viewed products, without the current one. Rendered after mount only:
 * the server cannot know this browser's list, so the first render matches the server's (none).
 * On a product page, `viewing` is recorded. A signed-in shopper who turned off "recommandations
 * personnalisées" sees no shelf and nothing is recorded; the list kept so far is erased
 * (docs/decisions/043-preferences-that-take-effect.md).
 */
export function RecentlyViewed({ viewing }: { viewing?: ProductCardView }) {
  const root = useRouteLoaderData("root") as { user: unknown; personalRecommendations: boolean } | undefined;
  const personal = !root?.user || root.personalRecommendations;
  const [items, setItems] = useState<ProductCardView[]>([]);
  const t = useT();
  const viewingId = viewing?.id;
  useEffect(() => {
    if (!personal) {
      setItems([]);
      try {
        window.localStorage.removeItem(RECENTLY_VIEWED_KEY);
      } catch {
        // Storage refused: nothing was kept either.
      }
      return;
    }
    const others = read().filter((p) => p.id !== viewingId);
    setItems(others.slice(0, RECENTLY_VIEWED_MAX));
    if (viewing) remember(viewing);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recorded once per product opened, not on each render of its page.
  }, [viewingId, personal]);

  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className="mt-16">
      <h2 id="recently-viewed" className="font-display text-2xl sm:text-3xl">
        {t("shop.product.recentlyViewed")}
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
        {items.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
