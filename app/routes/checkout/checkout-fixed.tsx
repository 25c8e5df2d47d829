import { redirect } from "react-router";

/** The old app's "fixed" checkout is the checkout now: a permanent redirect. */
export function loader() {
  return redirect("/checkout", 301);
}

export default function CheckoutFixed() {
  return null;
}
