import { redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { getCurrentSession } from "~/.server/auth/session.server";
import { AdminSignInForm } from "~/features/admin/staff/sign-in-form";
import { ADMIN_TWO_FACTOR_PATH, safeAdminReturn, withReturn } from "~/features/admin/staff/sign-in-return";
import { StaffPageErrorBoundary, StaffPageFrame } from "~/features/admin/staff/sign-in-frame";

/**
 * /admin/connexion, the team's sign-in (decision 066), outside the back-office frame. The form
 * talks to the auth endpoints from the browser (without JavaScript the page says it needs it).
 * A staff member already signed in goes on to `retour`, or to the two-factor enrolment first.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const retour = safeAdminReturn(new URL(request.url).searchParams.get("retour"));
  const session = await getCurrentSession(request);
  const staff = session?.user.role === "admin" ? session.user.staff : null;
  if (session && staff?.status === "active") {
    throw redirect(session.user.twoFactorEnabled ? retour : withReturn(ADMIN_TWO_FACTOR_PATH, retour));
  }
  return { retour };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Connexion à l'administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminSignIn({ loaderData }: Route.ComponentProps) {
  return (
    <StaffPageFrame title="Connexion à l'administration">
      <AdminSignInForm retour={loaderData.retour} />
    </StaffPageFrame>
  );
}

/** 403 and unexpected failures, explained in French in the same plain frame. */
export const ErrorBoundary = StaffPageErrorBoundary;
