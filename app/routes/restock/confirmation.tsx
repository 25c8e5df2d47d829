import { Link } from "react-router";
import { useT } from "~/components/ui/i18n";
import type { Route } from "./+types/confirmation";
import { getDb } from "~/.server/db";
import { confirmRestockAlert } from "~/.server/modules/catalog/restock-alerts.service";
import { RESTOCK_CONFIRMATION_TTL_HOURS } from "~/lib/shop-rules";
import { InfoPageHeader, primaryLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { metaI18n } from "~/components/ui/meta-i18n";

/** The link of the confirmation mail (double opt-in): the restock alert starts waiting here. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmRestockAlert(await getDb(), token);
  if (result.ok || result.reason === "expired") {
    return {
      state: result.ok ? ("confirmed" as const) : ("expired" as const),
      productName: result.productName,
      productUrl: `/product/${result.productId}?variant=${encodeURIComponent(result.sku)}`,
    };
  }
  return { state: "invalid" as const, productName: null, productUrl: "/products" };
}

/** The document's title of each outcome. */
const META_TITLE_KEYS = {
  confirmed: "common.meta.restock.confirmed",
  expired: "common.meta.restock.expired",
  invalid: "common.meta.restock.invalid",
} as const;

// One-time result: never cached nor indexed.
export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t(META_TITLE_KEYS[data?.state ?? "invalid"])} | Aurore` }, { name: "robots", content: "noindex" }];
}

const TITLE_KEYS = {
  confirmed: "shop.restock.confirmedTitle",
  expired: "shop.restock.expiredTitle",
  invalid: "shop.restock.invalidTitle",
} as const;

export default function RestockConfirmationPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const product = loaderData.productName ?? "";
  return (
    <div>
      <InfoPageHeader title={t(TITLE_KEYS[loaderData.state])}>
        {loaderData.state === "confirmed" ? (
          <p>{t("shop.restock.confirmedText", { product })}</p>
        ) : loaderData.state === "expired" ? (
          <p>{t("shop.restock.expiredText", { hours: RESTOCK_CONFIRMATION_TTL_HOURS, product })}</p>
        ) : (
          <p>{t("shop.restock.invalidText")}</p>
        )}
      </InfoPageHeader>
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Link to={loaderData.productUrl} className={primaryLinkClass}>
          {loaderData.state === "confirmed"
            ? t("shop.restock.seeProduct")
            : loaderData.state === "expired"
              ? t("shop.restock.askAgain")
              : t("shop.favorites.discover")}
        </Link>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
