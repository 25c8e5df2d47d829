import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { errorIdOf } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import type { TeamMemberView, TeamRoleView } from "~/domain/staff/team-forms";
import { TeamError, useTeamFetcher } from "./team-answer";

const STATUS_LABELS = { active: "Actif", disabled: "Désactivé" } as const;

/** Équipe's members: name, e-mail, role (changeable), two-factor and status, 'Désactiver' / 'Réactiver'. */
export function TeamMembers({ members, roles }: { members: TeamMemberView[]; roles: TeamRoleView[] }) {
  return (
    <section aria-labelledby="team-members" className="space-y-3">
      <h2 id="team-members" className="font-display text-2xl">
        Membres
      </h2>
      {members.length === 0 ? (
        <p className="text-muted">Aucun membre pour l&apos;instant : invitez votre équipe ci-dessous.</p>
      ) : (
        <ul className="space-y-3">
          {members.map((m) => (
            <MemberCard key={m.userId} member={m} roles={roles} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberCard({ member: m, roles }: { member: TeamMemberView; roles: TeamRoleView[] }) {
  const id = useId();
  // The role shown is the one chosen until an answer: a refusal (the last owner) shows the member's again.
  const [chosen, setChosen] = useState(m.roleKey);
  useEffect(() => setChosen(m.roleKey), [m.roleKey]);
  const role = useTeamFetcher(undefined, () => setChosen(m.roleKey));
  const status = useTeamFetcher();
  const [confirming, setConfirming] = useState(false);
  const disable = useTeamFetcher(() => setConfirming(false));
  const roleError = role.fieldErrors.role ?? role.error;
  const nameId = `${id}-name`;
  return (
    <li aria-labelledby={nameId} className="rounded-2xl border border-line p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={nameId} className="font-semibold break-words">
          {m.name || m.email}
          {m.isSelf ? <span className="ml-2 text-sm font-normal text-muted">(vous)</span> : null}
        </h3>
        <p className="text-sm break-all text-muted">{m.email}</p>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted">Double authentification</dt>
        <dd className={m.twoFactorEnabled ? "text-success" : "text-danger"}>{m.twoFactorEnabled ? "Activée" : "Pas encore activée"}</dd>
        <dt className="text-muted">Statut</dt>
        <dd className={m.status === "disabled" ? "font-semibold text-danger" : ""}>{STATUS_LABELS[m.status]}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <role.fetcher.Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="change-role" />
          <input type="hidden" name="userId" value={m.userId} />
          <div className="min-w-0 flex-1 basis-48">
            <label htmlFor={`${id}-role`} className="block text-sm font-medium">
              Rôle
            </label>
            <Select
              id={`${id}-role`}
              name="role"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              aria-label={`Rôle de ${m.name || m.email}`}
              aria-invalid={roleError ? true : undefined}
              aria-describedby={errorIdOf(`${id}-role`, roleError ?? undefined)}
              className="mt-1 w-full"
            >
              {roles.map((r) => (
                <option key={r.key} value={r.key} disabled={!r.grantable && r.key !== m.roleKey}>
                  {r.name}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="ink-outline" disabled={role.busy} aria-label={`Changer le rôle de ${m.name || m.email}`}>
            {role.busy ? "Enregistrement…" : "Changer le rôle"}
          </Button>
        </role.fetcher.Form>
        {m.isSelf ? null : m.status === "active" ? (
          <Button variant="danger-outline" onClick={() => setConfirming(true)} aria-label={`Désactiver ${m.name || m.email}`}>
            Désactiver
          </Button>
        ) : (
          <status.fetcher.Form method="post">
            <input type="hidden" name="intent" value="enable" />
            <input type="hidden" name="userId" value={m.userId} />
            <Button type="submit" variant="ink-outline" disabled={status.busy} aria-label={`Réactiver ${m.name || m.email}`}>
              {status.busy ? "Réactivation…" : "Réactiver"}
            </Button>
          </status.fetcher.Form>
        )}
      </div>
      {roleError ? (
        <p id={`${id}-role-error`} role="alert" className="mt-2 text-sm font-medium text-danger">
          {roleError}
        </p>
      ) : null}
      <div className="mt-2">
        <TeamError message={status.error} />
      </div>
      {confirming ? (
        <ConfirmDialog
          title={`Désactiver ${m.name || m.email}`}
          onClose={() => setConfirming(false)}
          form={disable.fetcher.Form}
          fields={{ intent: "disable", userId: m.userId }}
          confirmLabel={disable.busy ? "Désactivation…" : "Désactiver le compte"}
          busy={disable.busy}
          error={disable.error}
        >
          <p>{m.name || m.email} ne pourra plus se connecter à l&apos;administration ; ses sessions en cours sont fermées immédiatement.</p>
          <p className="mt-2 text-sm text-muted">Son compte et son historique sont conservés : vous pourrez le réactiver.</p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
