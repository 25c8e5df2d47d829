import { redirect } from "react-router";

/** Old links to /checkout-fixed still reach the checkout: a permanent redirect (docs/decisions/006-cart-favourites-addresses.md). */
export function loader() {
  return redirect("/checkout", 301);
}

export default function CheckoutFixed() {
  return null;
}
