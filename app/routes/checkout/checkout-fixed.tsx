/** Placeholder until issue 4's checkout-fixed redirect lands (replaced in this same issue). */
import { data } from "react-router";

export function loader() {
  throw data("Page introuvable", { status: 404 });
}

export default function Placeholder() {
  return null;
}
