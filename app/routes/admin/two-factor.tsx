import { data, redirect } from "react-router";
import type { Route } from "./+types/two-factor";
import { getCurrentSession } from "~/.server/auth/session.server";
import { STAFF_DISABLED_MESSAGE, STAFF_ONLY_MESSAGE } from "~/domain/staff/staff-messages";
import { StaffPageErrorBoundary, StaffPageFrame } from "~/features/admin/staff/sign-in-frame";
import { ADMIN_SIGN_IN_PATH, safeAdminReturn, withReturn } from "~/features/admin/staff/sign-in-return";
import { TwoFactorEnrolment } from "~/features/admin/staff/two-factor-enrolment";

/**
 * /admin/double-authentification: a staff member without two-factor (an invitee, the owner of a
 * shop from before it was required) enrols here before the back-office opens (decision 066).
 * Signed out: the sign-in first, which comes back here when needed; a shopper: 403; already
 * enrolled: straight on to `retour`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const retour = safeAdminReturn(new URL(request.url).searchParams.get("retour"));
  const session = await getCurrentSession(request);
  if (!session) throw redirect(withReturn(ADMIN_SIGN_IN_PATH, retour));
  const staff = session.user.role === "admin" ? session.user.staff : null;
  if (!staff) throw data(STAFF_ONLY_MESSAGE, { status: 403 });
  if (staff.status !== "active") throw data(STAFF_DISABLED_MESSAGE, { status: 403 });
  if (session.user.twoFactorEnabled) throw redirect(retour);
  return { email: session.user.email, retour };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Activer la double authentification | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminTwoFactor({ loaderData }: Route.ComponentProps) {
  return (
    <StaffPageFrame title="Activez la double authentification" wide>
      <TwoFactorEnrolment email={loaderData.email} retour={loaderData.retour} />
    </StaffPageFrame>
  );
}

/** 403 and unexpected failures, explained in French in the same plain frame. */
export const ErrorBoundary = StaffPageErrorBoundary;
