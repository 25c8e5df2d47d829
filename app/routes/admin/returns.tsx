import type { Route } from "./+types/returns";
import { requireStaffPage } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { listAdminReturns } from "~/.server/modules/returns/returns.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { readAdminReturnQuery } from "~/domain/returns/returns";
import { AdminReturnsView } from "~/features/admin/components/admin-returns-view";

/** Retours: returns asked from the accounts; the reception dialog posts to the admin API. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/retours");
  // The page offers only what the role may do (the admin API checks each call again).
  const may = { receive: staffMay(session, "returns.receive") };
  const query = readAdminReturnQuery(new URL(request.url).searchParams);
  return { status: query.status, page: await listAdminReturns(await getDb(), query), may };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Retours | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  return <AdminReturnsView status={loaderData.status} page={loaderData.page} may={loaderData.may} />;
}

export const ErrorBoundary = RouteErrorBoundary;
