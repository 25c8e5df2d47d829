/**
 * The shop's contact details as the root loader sent them (the shop identity edited in Paramètres,
 * decision 046), for the footer. Falls back to the published details where no root data exists
 * (tests, error pages).
 */
import { useRouteLoaderData } from "react-router";
import { CONTACT_EMAIL, CONTACT_PHONE } from "~/content/shop-facts";

export type ShopContact = { address: string; phone: string; email: string };

export const FALLBACK_SHOP_CONTACT: ShopContact = {
  address: "12 rue des Lilas, 75008 Paris",
  phone: CONTACT_PHONE,
  email: CONTACT_EMAIL,
};

export function useShopContact(): ShopContact {
  const root = useRouteLoaderData("root") as { shopContact?: ShopContact } | undefined;
  return root?.shopContact ?? FALLBACK_SHOP_CONTACT;
}
