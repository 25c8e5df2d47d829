import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { formatDateTime } from "~/lib/paris-time";
import { InviteStaffSchema, fieldErrorsOf, inviteFormValues, type TeamInvitationView, type TeamRoleView } from "~/domain/staff/team-forms";
import { TeamError, useTeamFetcher } from "./team-answer";

/** 'Inviter' (e-mail and role) and the invitations still waiting, each with 'Retirer'. */
export function TeamInvitations({
  invitations,
  roles,
  invitationDays,
}: {
  invitations: TeamInvitationView[];
  roles: TeamRoleView[];
  invitationDays: number;
}) {
  const form = useRef<HTMLFormElement>(null);
  const invite = useTeamFetcher(() => form.current?.reset());
  const revoke = useTeamFetcher();
  const grantable = roles.filter((r) => r.grantable);
  const errors = invite.fieldErrors;

  function check(event: React.FormEvent<HTMLFormElement>) {
    const parsed = InviteStaffSchema.safeParse(inviteFormValues(new FormData(event.currentTarget)));
    if (parsed.success) return;
    event.preventDefault();
    invite.showErrors(fieldErrorsOf(parsed.error) as Record<string, string>);
  }

  return (
    <section aria-labelledby="team-invite" className="space-y-3">
      <h2 id="team-invite" className="font-display text-2xl">
        Inviter un membre
      </h2>
      <p className="text-muted">
        L&apos;invité reçoit un lien valable {invitationDays} jours pour créer son compte d&apos;équipe, distinct de tout compte client ; la
        double authentification lui sera demandée dès sa première connexion.
      </p>
      <invite.fetcher.Form
        ref={form}
        method="post"
        noValidate
        onSubmit={check}
        className="grid gap-4 rounded-2xl border border-line p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value="invite" />
        <FieldShell id="invite-email" label="Adresse e-mail professionnelle" required error={errors.email}>
          <Input
            id="invite-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errorIdOf("invite-email", errors.email)}
            className="mt-1 w-full"
          />
        </FieldShell>
        <FieldShell id="invite-role" label="Rôle" required error={errors.role}>
          <Select
            id="invite-role"
            name="role"
            required
            defaultValue=""
            aria-invalid={errors.role ? true : undefined}
            aria-describedby={errorIdOf("invite-role", errors.role)}
            className="mt-1 w-full"
          >
            <option value="" disabled>
              Choisir un rôle
            </option>
            {grantable.map((r) => (
              <option key={r.key} value={r.key}>
                {r.name}
              </option>
            ))}
          </Select>
        </FieldShell>
        <Button type="submit" variant="ink" disabled={invite.busy} className="sm:mt-6">
          {invite.busy ? "Envoi…" : "Inviter"}
        </Button>
        <div className="sm:col-span-3">
          <TeamError message={invite.error} />
        </div>
      </invite.fetcher.Form>

      <h3 className="pt-2 text-lg font-semibold">Invitations en attente</h3>
      {invitations.length === 0 ? (
        <p className="text-muted">Aucune invitation en attente.</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line">
          {invitations.map((i) => (
            <PendingInvitation key={i.id} invitation={i} revoke={revoke} />
          ))}
        </ul>
      )}
      <TeamError message={revoke.error} />
    </section>
  );
}

/** One row's 'Retirer'; the list holds the fetcher, since the row is gone once the page re-reads its data. */
function PendingInvitation({ invitation: i, revoke }: { invitation: TeamInvitationView; revoke: ReturnType<typeof useTeamFetcher> }) {
  const busy = revoke.busy && revoke.fetcher.formData?.get("invitationId") === i.id;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="font-medium break-all">{i.email}</p>
        <p className="text-sm text-muted">
          {i.roleName} · lien valable jusqu&apos;au {formatDateTime(i.expiresAt)}
        </p>
      </div>
      <revoke.fetcher.Form method="post">
        <input type="hidden" name="intent" value="revoke-invitation" />
        <input type="hidden" name="invitationId" value={i.id} />
        <Button type="submit" variant="danger-outline" size="sm" disabled={revoke.busy} aria-label={`Retirer l'invitation de ${i.email}`}>
          {busy ? "Retrait…" : "Retirer"}
        </Button>
      </revoke.fetcher.Form>
    </li>
  );
}
