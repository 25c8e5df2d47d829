import { data } from "react-router";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import * as COMMON_MESSAGES from "~/domain/messages/common";

/** Any unknown address inside the shop: a real 404 page with the header and footer. */
export function loader() {
  throw data(COMMON_MESSAGES.pageNotFound, { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
