import type { Route } from "./+types/team";
import { answerAction } from "~/.server/action-result";
import { requireRecentSecondFactor, requireStaff } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getEnv } from "~/.server/env";
import { readFormData } from "~/.server/forms";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import {
  changeStaffRole,
  createRole,
  deleteRole,
  disableStaff,
  enableStaff,
  inviteStaff,
  revokeStaffInvitation,
  setRefundLimit,
  teamOverview,
  updateRole,
} from "~/.server/workflows/staff";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { TeamPage } from "~/features/admin/staff/team-page";
import { invalid } from "~/domain/errors";
import { formatPrice } from "~/lib/money";
import { TEAM_MESSAGES, isTeamIntent, roleFormValues, teamDone, type TeamChange, type TeamIntent } from "~/domain/staff/team-forms";

/** Paramètres > Équipe (decision 066): the owner's page for the team, its roles and invitations. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaff(request, "team.manage");
  return { view: await teamOverview(await getDb(), { userId: session.user.id, permissions: session.user.staff.permissions }) };
}

/**
 * Every intent changes who may do what: `team.manage`, then a second factor passed within the
 * last minutes (else `second_factor_required`, and the page asks for a code).
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaff(request, "team.manage");
  const form = await readFormData(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = form.get("intent");
  const actor = adminActorOf(session);
  return answerAction<TeamChange>(async () => {
    if (!isTeamIntent(intent)) throw invalid("unknown_intent", TEAM_MESSAGES.unknownIntent);
    await requireRecentSecondFactor(session);
    const db = await getDb();
    const done = (message: string) => ({ data: { intent } satisfies { intent: TeamIntent }, message });
    switch (intent) {
      case "invite": {
        const invited = await inviteStaff(db, { email: field("email"), roleKey: field("role") }, actor, getEnv().publicUrl);
        return done(teamDone.invited(invited.email));
      }
      case "revoke-invitation":
        return done(teamDone.invitationRevoked((await revokeStaffInvitation(db, field("invitationId"), actor)).email));
      case "change-role": {
        const changed = await changeStaffRole(db, { userId: field("userId"), roleKey: field("role") }, actor);
        return done(changed.changed ? teamDone.roleChanged(changed.name, changed.roleName) : teamDone.roleUnchanged(changed.name));
      }
      case "disable":
        return done(teamDone.disabled((await disableStaff(db, field("userId"), actor)).name));
      case "enable":
        return done(teamDone.enabled((await enableStaff(db, field("userId"), actor)).name));
      case "role-create":
        return done(teamDone.roleCreated((await createRole(db, roleFormValues(form), actor)).name));
      case "role-update":
        return done(teamDone.roleUpdated((await updateRole(db, field("key"), roleFormValues(form), actor)).name));
      case "role-delete":
        return done(teamDone.roleDeleted((await deleteRole(db, field("key"), actor)).name));
      case "refund-limit":
        return done(teamDone.refundLimitSaved(formatPrice((await setRefundLimit(db, field("refundLimit"), actor)).cents)));
    }
  });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Équipe | Paramètres | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  return <TeamPage view={loaderData.view} />;
}

export const ErrorBoundary = RouteErrorBoundary;
