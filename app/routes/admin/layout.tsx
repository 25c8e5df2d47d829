import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getLastLoginAt } from "~/.server/modules/accounts/login-history.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { ToastRegion } from "~/components/ui/toast";
import { AdminShell } from "~/features/admin/components/admin-shell";

/**
 * The back-office frame (sidebar, header). It checks the role itself, and so does every admin
 * page below it: a layout loader alone does not guard a child's data request.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const lastLoginAt = await getLastLoginAt(await getDb(), session.user.id, session.sessionId);
  return { email: session.user.email, lastLoginAt: (lastLoginAt ?? new Date()).toISOString() };
}

/** The sidebar does not change while the administrator moves between sections. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === undefined || formMethod === "GET" ? false : defaultShouldRevalidate;
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminShell email={loaderData.email} lastLoginAt={loaderData.lastLoginAt}>
        <Outlet />
      </AdminShell>
      <ToastRegion />
    </>
  );
}

/** 401 and 403 explained in French, with a way back. */
export const ErrorBoundary = RouteErrorBoundary;
