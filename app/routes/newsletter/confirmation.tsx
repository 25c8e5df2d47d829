import { Link } from "react-router";
import { useT } from "~/components/ui/i18n";
import type { Route } from "./+types/confirmation";
import { getDb } from "~/.server/db";
import { confirmSubscription } from "~/.server/modules/newsletter/newsletter.service";
import { InfoPageHeader, primaryLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { metaI18n } from "~/components/ui/meta-i18n";

/** The link of the confirmation mail (double opt-in): the subscription becomes active here. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmSubscription(await getDb(), token);
  return { confirmed: result.ok };
}

// One-time result: never cached nor indexed.
export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [
    {
      title: `${t(data?.confirmed ? "common.meta.newsletter.confirmed" : "common.meta.newsletter.invalid")} | Aurore`,
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function NewsletterConfirmationPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div>
      {loaderData.confirmed ? (
        <InfoPageHeader title={t("shop.newsletter.confirmedTitle")}>
          <p>{t("shop.newsletter.confirmedText", { offer: t("common.footer.newsletterOffer") })}</p>
        </InfoPageHeader>
      ) : (
        <InfoPageHeader title={t("shop.newsletter.invalidTitle")}>
          <p>{t("shop.newsletter.invalidConfirmText")}</p>
        </InfoPageHeader>
      )}
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Link to={loaderData.confirmed ? "/products" : "/about"} className={primaryLinkClass}>
          {loaderData.confirmed ? t("shop.favorites.discover") : t("shop.newsletter.subscribeAgain")}
        </Link>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
