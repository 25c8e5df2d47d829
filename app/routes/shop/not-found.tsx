import { data } from "react-router";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";

/** Any unknown address inside the shop: a real 404 page with the header and footer. */
export function loader() {
  throw data("Page introuvable", { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
