import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/favorites";
import { getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { listFavorites } from "~/.server/workflows/favorites";
import { FavoritesView, type FavoritesViewState } from "~/features/favorites/components/favorites-view";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { buildMeta } from "~/lib/seo";
import { metaI18n } from "~/components/ui/meta-i18n";

/** The shopper's favourites, rendered on the server (a visitor gets the sign-in prompt). */
export async function loader({ request }: Route.LoaderArgs) {
  const canonical = absoluteUrl("/favorites");
  const session = await getCurrentSession(request);
  if (!session) return { signedIn: false as const, favorites: [], canonical };
  return { signedIn: true as const, favorites: await listFavorites(await getDb(), session.user.id), canonical };
}

/** A personal page: never stored by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  return buildMeta({
    title: t("common.meta.favorites.title"),
    description: t("common.meta.favorites.description"),
    url: data?.canonical ?? "/favorites",
    noindex: true,
    ogLocale,
  });
}

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { user: { id: string } | null } | undefined;
  // Signed in on this page a moment ago: the list is on its way (the loaders are revalidating).
  const state: FavoritesViewState = !root?.user ? "signed-out" : loaderData.signedIn ? "ready" : "loading";

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <FavoritesView state={state} favorites={loaderData.favorites} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
