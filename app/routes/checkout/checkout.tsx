import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/checkout";
import { getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { CheckoutFlow } from "~/features/checkout/components/checkout-flow";
import { SignInRequired } from "~/features/checkout/components/sign-in-required";
import { loadCheckoutAccount, quoteAction } from "./checkout-data.server";
import { metaI18n } from "~/components/ui/meta-i18n";

/** Visitors get the page (401) with a way to sign in; shoppers get their checkout data. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCurrentSession(request);
  if (!session) return data({ account: null }, { status: 401 });
  return { account: await loadCheckoutAccount(await getDb(), session) };
}

/** Intent "quote": the server's figures for the cart, the address and the points. */
export async function action({ request }: Route.ActionArgs) {
  return quoteAction(request, await getDb());
}

/** A quote refresh does not reload the page's data (the form state stays as typed). */
export function shouldRevalidate({ formAction, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST" && formAction?.startsWith("/checkout")) return false;
  return defaultShouldRevalidate;
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("common.meta.checkout.title")} | Aurore` }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.account) return <SignInRequired />;
  return <CheckoutFlow account={loaderData.account} />;
}
