import { Link, useNavigation } from "react-router";
import type { TeamView } from "~/domain/staff/team-forms";
import { TeamInvitations } from "./team-invitations";
import { TeamMembers } from "./team-members";
import { TeamRefundLimit } from "./team-refund-limit";
import { TeamRoles } from "./team-roles";

/**
 * Paramètres > Équipe (decision 066): the members, the invitations, the roles and the refund
 * limit. Every change asks for the second factor again when the last check is older than a few
 * minutes; the page re-reads its data after each answer.
 */
export function TeamPage({ view }: { view: TeamView }) {
  const loading = useNavigation().state === "loading";
  return (
    <div className="max-w-4xl space-y-10" aria-busy={loading || undefined}>
      <div>
        <Link to="/admin/parametres" className="text-sm underline">
          Paramètres
        </Link>
        <h1 className="font-display text-3xl">Équipe</h1>
        <p className="mt-1 text-muted">
          Chaque membre a son propre compte, un rôle qui fixe ce qu&apos;il peut faire, et la double authentification obligatoire.
        </p>
      </div>
      <TeamMembers members={view.members} roles={view.roles} />
      <TeamInvitations invitations={view.invitations} roles={view.roles} invitationDays={view.invitationDays} />
      <TeamRoles roles={view.roles} />
      <TeamRefundLimit refundLimit={view.refundLimit} refundLimitCents={view.refundLimitCents} />
    </div>
  );
}
