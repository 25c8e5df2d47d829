import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { requireStaff } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getLastLoginAt } from "~/.server/modules/accounts/login-history.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { ToastRegion } from "~/components/ui/toast";
import { AdminShell } from "~/features/admin/components/admin-shell";
import { SecondFactorDialog } from "~/features/admin/staff/second-factor-dialog";
import { effectivePermissions } from "~/domain/staff/permissions";

/**
 * The back-office frame (sidebar, header): any active staff member. Every page below checks its
 * own permission too: a layout loader alone does not guard a child's data request. The role's
 * effective permissions go to the menu, which lists only what the role may open (decision 066).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaff(request, "staff");
  const { user } = session;
  const lastLoginAt = await getLastLoginAt(await getDb(), user.id, session.sessionId);
  return {
    user: { email: user.email, name: user.name, roleName: user.staff.roleName, permissions: effectivePermissions(user.staff.permissions) },
    lastLoginAt: (lastLoginAt ?? new Date()).toISOString(),
  };
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
      <AdminShell user={loaderData.user} lastLoginAt={loaderData.lastLoginAt}>
        <Outlet />
      </AdminShell>
      {/* Once for every page: a sensitive action refused for a stale second factor asks for a code here. */}
      <SecondFactorDialog />
      <ToastRegion />
    </>
  );
}

/** 401 and 403 explained in French, with a way back. */
export const ErrorBoundary = RouteErrorBoundary;
