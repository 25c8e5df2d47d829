import {
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { getCurrentSession } from "./.server/auth/session.server";
import { getDb } from "./.server/db";
import { requestIdOf } from "./.server/request-id";
import { getPagePreferences } from "./.server/modules/accounts/preferences.service";
import { getIndicativeCurrency } from "./.server/modules/exchange-rates/exchange-rates.service";
import { listFavoriteIds } from "./.server/modules/favorites/favorites.service";
import { getShippingSettings } from "./.server/modules/delivery/shipping-settings.service";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { getSampleAllowances } from "~/.server/modules/settings/sample-settings.service";
import type { Theme } from "./domain/account/preferences.schema";
import type { IndicativeCurrency } from "./domain/currency/indicative-price";
import { IndicativeCurrencyProvider } from "./components/ui/indicative-price";
import { TimeZoneProvider } from "./components/ui/time-zone";
import { SHOP_TIME_ZONE } from "./lib/paris-time";
import { useCspNonce } from "./lib/csp-nonce";
import { useRouteErrorView } from "./components/layout/route-error-boundary";
import { I18nMessagesPreload, I18nPayloadScript, useLanguage, useT } from "./components/ui/i18n";
import { resolvePageLanguage } from "./.server/i18n/request-language";
import "./app.css";
import "./styles/theme.css";

/**
 * The signed-in user (or null) for the header, the theme they chose and their favourite product
 * ids (hearts and the header badge), on every page; and the shop's delivery fee and free-delivery
 * threshold (Paramètres) for the cart drawer and the banners. Those settings are the same for
 * everyone and cached in-process for a few seconds, so visitors cost no query on most requests;
 * their pages are shared-cached, so nothing user-specific may appear in them: the indicative
 * currency and the personalised blocks (decision 043) exist for signed-in shoppers only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  // Shown by the error boundaries ("Référence : …") and logged with the error's detail.
  const requestId = requestIdOf(request);
  const db = await getDb();
  const [session, shippingSettings, identity, sampleAllowances] = await Promise.all([
    getCurrentSession(request),
    getShippingSettings(db),
    getShopIdentity(db),
    // The free samples every page promises (Paramètres, decision 067).
    getSampleAllowances(db),
  ]);
  // The footer's contact details (Paramètres, decision 046).
  const shopContact = { address: identity.address, phone: identity.contactPhone, email: identity.contactEmail };
  if (!session) {
    return {
      user: null,
      theme: "light" as Theme,
      favoriteIds: [] as string[],
      shippingSettings,
      sampleAllowances,
      shopContact,
      requestId,
      indicativeCurrency: null as IndicativeCurrency,
      personalRecommendations: false,
      pushNotifications: false,
      timeZone: SHOP_TIME_ZONE as string,
      language: resolvePageLanguage(request, null),
    };
  }
  // The back-office shows no product hearts: its pages skip the favourites query.
  const inBackOffice = isBackOfficePath(new URL(request.url).pathname);
  const [preferences, favoriteIds] = await Promise.all([
    getPagePreferences(db, session.user.id),
    inBackOffice ? ([] as string[]) : listFavoriteIds(db, session.user.id),
  ]);
  // The back-office counts in euros only.
  const indicativeCurrency = inBackOffice ? null : await getIndicativeCurrency(db, preferences.currency);
  return {
    user: session.user,
    theme: preferences.theme,
    favoriteIds,
    shippingSettings,
    sampleAllowances,
    shopContact,
    requestId,
    indicativeCurrency,
    personalRecommendations: preferences.privacySettings.allow_product_recommendations,
    pushNotifications: preferences.pushNotifications,
    timeZone: preferences.timezone as string,
    language: resolvePageLanguage(request, preferences.language),
  };
}

const isBackOfficePath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/**
 * Moving between back-office pages (a section, a filter, a search, a page of a list) changes
 * nothing this loader reads, so it is not asked again; the back-office's forms (Paramètres saves
 * the delivery fee) and every storefront navigation still revalidate it.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const withinBackOffice = isBackOfficePath(currentUrl.pathname) && isBackOfficePath(nextUrl.pathname);
  if (withinBackOffice && (formMethod === undefined || formMethod === "GET")) return false;
  return defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  // "auto" follows the device's light or dark setting (styles/theme.css).
  const theme = useRouteLoaderData<typeof loader>("root")?.theme ?? "light";
  const nonce = useCspNonce() || undefined;
  // The language the page was rendered in (entry.server.tsx), the same at hydration.
  const language = useLanguage();
  return (
    <html lang={language} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#9f1239" />
        <Meta />
        <Links />
        <I18nMessagesPreload />
      </head>
      <body className="min-h-screen bg-white text-ink antialiased">
        {children}
        <I18nPayloadScript />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const language = useLanguage();
  // The language changed (Préférences saved, or another tab chose it): the messages in this
  // document are the old language's, so the page is loaded again in the new one.
  useEffect(() => {
    if (loaderData.language !== language) window.location.reload();
  }, [loaderData.language, language]);
  return (
    <IndicativeCurrencyProvider value={loaderData.indicativeCurrency}>
      <TimeZoneProvider value={loaderData.timeZone}>
        <Outlet />
      </TimeZoneProvider>
    </IndicativeCurrencyProvider>
  );
}

/** Last-resort boundary: a message in the page's language and the request's reference, never an exception's own text. */
export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRouteLoaderData<typeof loader>("root")?.requestId;
  const { title, text, reference } = useRouteErrorView(error);
  const t = useT();
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | Aurore`}</title>
      <h1 className="font-display text-3xl">{title}</h1>
      <p className="mt-4 text-muted">{text}</p>
      {reference && requestId ? <p className="mt-2 text-sm text-muted">{t("common.error.reference", { requestId })}</p> : null}
      <a href="/" className="mt-8 inline-block rounded-full bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-dark">
        {t("common.error.backHome")}
      </a>
    </main>
  );
}
