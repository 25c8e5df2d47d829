/**
 * Stripe.js in the browser (decision 059), loaded from Stripe by `loadStripe` once per
 * publishable key and page, for every form that uses Stripe's Elements (the checkout, the saved
 * cards). Import it only from code loaded on its own (a dynamic import): pages without Stripe
 * never download it.
 */
import { useEffect, useMemo, useState } from "react";
import { loadStripe, type Stripe } from "@stripe/stripe-js";

const loading = new Map<string, Promise<Stripe | null>>();

export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loading.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    // A failed load may be tried again by the next form (a reload, the network back).
    promise.catch(() => loading.delete(publishableKey));
    loading.set(publishableKey, promise);
  }
  return promise;
}

/**
 * Stripe.js for a form using Elements, and whether it could not load (the script unreachable, or
 * the Element itself failing: `markUnavailable`), so the form can say so instead of staying empty.
 */
export function useStripeJs(publishableKey: string) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    stripe.then(
      (loaded) => current && !loaded && setUnavailable(true),
      () => current && setUnavailable(true),
    );
    return () => {
      current = false;
    };
  }, [stripe]);
  return { stripe, unavailable, markUnavailable: () => setUnavailable(true) };
}

/** The shop's look inside Stripe's frames (the palette of app.css; no web font: the shop loads none). */
export const STRIPE_APPEARANCE = {
  theme: "stripe",
  variables: { colorPrimary: "#9f1239", colorText: "#1c1917", colorDanger: "#b91c1c", borderRadius: "12px", spacingUnit: "4px" },
} as const;
