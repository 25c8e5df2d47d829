import { Link } from "react-router";
import { useT } from "~/components/ui/i18n";
import type { Route } from "./+types/unsubscribe";
import { getDb } from "~/.server/db";
import { unsubscribe } from "~/.server/modules/newsletter/newsletter.service";
import { InfoPageHeader, primaryLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { metaI18n } from "~/components/ui/meta-i18n";

/** /newsletter/desinscription?token=...: the unsubscribe link of the newsletter mails. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await unsubscribe(await getDb(), token);
  return { unsubscribed: result.ok };
}

export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [
    {
      title: `${t(data?.unsubscribed ? "common.meta.newsletter.unsubscribed" : "common.meta.newsletter.invalid")} | Aurore`,
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function NewsletterUnsubscribePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div>
      {loaderData.unsubscribed ? (
        <InfoPageHeader title={t("shop.newsletter.unsubscribedTitle")}>
          <p>{t("shop.newsletter.unsubscribedText")}</p>
        </InfoPageHeader>
      ) : (
        <InfoPageHeader title={t("shop.newsletter.invalidTitle")}>
          <p>{t("shop.newsletter.invalidUnsubscribeText")}</p>
        </InfoPageHeader>
      )}
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <Link to="/" className={primaryLinkClass}>
          {t("common.error.backHome")}
        </Link>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
