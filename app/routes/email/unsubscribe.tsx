import { Form, Link, data } from "react-router";
import { useT } from "~/components/ui/i18n";
import { Button } from "~/components/ui/button";
import type { Route } from "./+types/unsubscribe";
import { getDb } from "~/.server/db";
import { isValidUnsubscribeToken, unsubscribeFromMarketing } from "~/.server/workflows/marketing-unsubscribe";
import { InfoPageHeader, textLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { metaI18n } from "~/components/ui/meta-i18n";

type PageState = "confirm" | "done" | "invalid";

/**
 * /e-mails/desinscription?token=...: the one-click unsubscribe of marketing e-mails (RFC 8058,
 * docs/decisions/069-forgotten-cart.md). GET only shows a confirmation with a button, so a link
 * scanner opening the URL unsubscribes no one; POST `List-Unsubscribe=One-Click` (the mail
 * client's button, or this page's) turns "Promotions" off without a session and answers 200.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = await isValidUnsubscribeToken(await getDb(), token);
  return data({ state: (valid ? "confirm" : "invalid") as PageState, token: valid ? token : "" }, { status: valid ? 200 : 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const token =
    new URL(request.url).searchParams.get("token") || (typeof form?.get("token") === "string" ? String(form?.get("token")) : "");
  const oneClick = form?.get("List-Unsubscribe") === "One-Click";
  const done = oneClick && (await unsubscribeFromMarketing(await getDb(), token));
  return data({ state: (done ? "done" : "invalid") as PageState }, { status: done ? 200 : 400 });
}

export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  const state = loaderData?.state ?? "invalid";
  const key =
    state === "confirm"
      ? "common.meta.marketingUnsubscribe.confirm"
      : state === "done"
        ? "common.meta.marketingUnsubscribe.done"
        : "common.meta.marketingUnsubscribe.invalid";
  return [{ title: `${t(key)} | Aurore` }, { name: "robots", content: "noindex" }];
}

export default function MarketingUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const state: PageState = actionData?.state ?? loaderData.state;
  return (
    <div>
      {state === "confirm" && (
        <InfoPageHeader title={t("shop.marketingUnsubscribe.confirmTitle")}>
          <p>{t("shop.marketingUnsubscribe.confirmText")}</p>
        </InfoPageHeader>
      )}
      {state === "done" && (
        <InfoPageHeader title={t("shop.marketingUnsubscribe.doneTitle")}>
          <p role="status">{t("shop.marketingUnsubscribe.doneText")}</p>
        </InfoPageHeader>
      )}
      {state === "invalid" && (
        <InfoPageHeader title={t("shop.marketingUnsubscribe.invalidTitle")}>
          <p role="alert">{t("shop.marketingUnsubscribe.invalidText")}</p>
        </InfoPageHeader>
      )}
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-6 px-4 py-10 sm:px-6">
        {state === "confirm" && (
          <Form method="post">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" variant="accent">
              {t("shop.marketingUnsubscribe.button")}
            </Button>
          </Form>
        )}
        <Link to="/dashboard?tab=preferences" className={textLinkClass}>
          {t("shop.marketingUnsubscribe.preferences")}
        </Link>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
