/**
 * The shop's delivery settings as the root loader sent them (edited in Paramètres), for the cart
 * drawer and the banners. Falls back to the published rules where no root data exists (tests,
 * error pages).
 */
import { useRouteLoaderData } from "react-router";
import { DEFAULT_SHIPPING_SETTINGS, type ShippingSettings } from "~/domain/checkout/shipping.rules";

export function useShippingSettings(): ShippingSettings {
  const root = useRouteLoaderData("root") as { shippingSettings?: ShippingSettings } | undefined;
  return root?.shippingSettings ?? DEFAULT_SHIPPING_SETTINGS;
}
