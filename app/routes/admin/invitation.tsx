import { data, redirect, useActionData } from "react-router";
import type { Route } from "./+types/invitation";
import { refused } from "~/.server/action-result";
import { getAuth } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { statusOf } from "~/.server/error-responses";
import { readFormData } from "~/.server/forms";
import { acceptInvitation, invitationForLink } from "~/.server/workflows/staff";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { InvitationForm, InvitationRefused } from "~/features/admin/staff/invitation-form";
import { isDomainError } from "~/domain/errors";
import { AFTER_INVITATION_PATH, acceptFormValues } from "~/domain/staff/team-forms";

/**
 * /admin/invitation?token=… (decision 066), public: the invitation a team member was mailed.
 * The page shows the address and the role, or why the link no longer works; the form creates
 * the account, signs it in and sends it to two-factor enrolment before anything else.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const invitation = await invitationForLink(await getDb(), token);
    return { token, invitation, refusal: null };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ token: "", invitation: null, refusal: error.message }, { status: statusOf(error) });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const token = form.get("token");
  const values = acceptFormValues(form);
  let email: string;
  try {
    ({ email } = await acceptInvitation(await getDb(), typeof token === "string" ? token : "", values));
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // The names come back to the form; the passwords never do.
    return refused(error, { firstName: values.firstName, lastName: values.lastName });
  }
  const auth = await getAuth();
  const signedIn = await auth.api.signInEmail({ body: { email, password: values.password }, headers: request.headers, asResponse: true });
  // The account exists either way; should the sign-in be refused (too many attempts from this
  // address), the new member signs in by hand and is sent to the same enrolment.
  if (!signedIn.ok) return redirect(`/admin/connexion?retour=${encodeURIComponent("/admin")}`);
  const headers = new Headers();
  for (const cookie of signedIn.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(AFTER_INVITATION_PATH, { headers });
}

export const headers = () => ({ "Cache-Control": "no-store" });

export function meta() {
  return [{ title: "Invitation | Équipe | Aurore" }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

export default function Invitation({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const refusal = answer && !answer.ok ? answer : null;
  if (!loaderData.invitation) return <InvitationRefused message={loaderData.refusal ?? ""} />;
  return <InvitationForm token={loaderData.token} invitation={loaderData.invitation} refusal={refusal} />;
}

export const ErrorBoundary = RouteErrorBoundary;
