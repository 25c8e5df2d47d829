import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/checkout-debug";
import { getDb } from "~/.server/db";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { CheckoutFlow } from "~/features/checkout/components/checkout-flow";
import { EventLog, useEventLog } from "~/features/checkout/components/event-log";
import { loadCheckoutAccount, refuseFormUnlessAdmin, requireAdminOr404 } from "./checkout-data.server";
import { metaI18n } from "~/components/ui/meta-i18n";

/** Administrator only; anyone else sees the shop's 404 (the page does not reveal itself). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminOr404(request);
  return { account: await loadCheckoutAccount(await getDb(), session) };
}

export function shouldRevalidate({ formAction, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST" && formAction?.startsWith("/checkout")) return false;
  return defaultShouldRevalidate;
}

/** No form here: 405 for the administrator, the page's 404 for anyone else. */
export async function action({ request }: Route.ActionArgs) {
  return refuseFormUnlessAdmin(request);
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("common.meta.checkoutDebug.title")} | Aurore` }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = RouteErrorBoundary;

/**
 * The checkout with a live log panel, for the administrator. Orders go through the same
 * workflow and API as the real checkout; the confirmation does not redirect.
 */
export default function CheckoutDebugPage({ loaderData }: Route.ComponentProps) {
  const [lines, log, clear] = useEventLog();
  return (
    <div className="grid gap-6 pb-10 xl:grid-cols-[minmax(0,1fr)_24rem] xl:pr-6">
      <div>
        <p className="mx-auto mt-6 max-w-6xl px-4 text-sm font-semibold text-warning sm:px-6">
          Page de débogage réservée à l'administrateur : les commandes passées ici sont de vraies commandes.
        </p>
        <CheckoutFlow account={loaderData.account} onLog={log} />
      </div>
      <div className="px-4 xl:mt-10 xl:px-0">
        <EventLog lines={lines} onClear={clear} />
      </div>
    </div>
  );
}
