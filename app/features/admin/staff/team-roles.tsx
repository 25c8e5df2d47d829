import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { PERMISSIONS, permissionLabel } from "~/domain/staff/permissions";
import { PERMISSION_GROUPS, RoleFormSchema, fieldErrorsOf, roleFormValues, type TeamRoleView } from "~/domain/staff/team-forms";
import { TeamError, useTeamFetcher } from "./team-answer";

/**
 * The roles: the built-in ones (fixed, their permissions shown), the owner's custom ones with
 * 'Modifier' and 'Supprimer', and 'Créer un rôle' from the permissions grouped by area.
 */
export function TeamRoles({ roles }: { roles: TeamRoleView[] }) {
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TeamRoleView | null>(null);
  const remove = useTeamFetcher(() => setDeleting(null));
  const builtin = roles.filter((r) => r.builtin);
  const custom = roles.filter((r) => !r.builtin);
  return (
    <section aria-labelledby="team-roles" className="space-y-3">
      <h2 id="team-roles" className="font-display text-2xl">
        Rôles
      </h2>
      <p className="text-muted">
        Les rôles prédéfinis ne se modifient pas. Créez un rôle personnalisé pour un besoin précis : une permission de modification comprend
        la consultation de son domaine.
      </p>
      <h3 className="text-lg font-semibold">Rôles personnalisés</h3>
      {custom.length === 0 ? (
        <p className="text-muted">Aucun rôle personnalisé pour l&apos;instant.</p>
      ) : (
        <ul className="space-y-2">
          {custom.map((r) => (
            <CustomRole key={r.key} role={r} onDelete={() => setDeleting(r)} />
          ))}
        </ul>
      )}
      <Button variant="ink" onClick={() => setCreating(true)}>
        Créer un rôle
      </Button>
      {creating ? <RoleDialog title="Créer un rôle" onClose={() => setCreating(false)} /> : null}
      {deleting ? <DeleteRoleDialog role={deleting} remove={remove} onClose={() => setDeleting(null)} /> : null}
      <h3 className="pt-2 text-lg font-semibold">Rôles prédéfinis</h3>
      <ul className="space-y-2">
        {builtin.map((r) => (
          <li key={r.key} className="rounded-2xl border border-line p-4">
            <RoleSummary role={r} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function membersLabel(count: number): string {
  return count === 0 ? "aucun membre" : count === 1 ? "1 membre" : `${count} membres`;
}

function RoleSummary({ role }: { role: TeamRoleView }) {
  return (
    <details>
      {/* A block, not a flex box: the disclosure triangle says the permissions unfold. */}
      <summary className="min-h-11 cursor-pointer py-2">
        <span className="font-semibold">{role.name}</span>{" "}
        <span className="ml-2 text-sm text-muted">
          {membersLabel(role.members)} · {role.permissions.length} permission{role.permissions.length > 1 ? "s" : ""}
        </span>
      </summary>
      <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm">
        {role.permissions.map((p) => (
          <li key={p}>{permissionLabel(p)}</li>
        ))}
      </ul>
    </details>
  );
}

function CustomRole({ role, onDelete }: { role: TeamRoleView; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="space-y-2 rounded-2xl border border-line p-4">
      <RoleSummary role={role} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="ink-outline" onClick={() => setEditing(true)} aria-label={`Modifier le rôle ${role.name}`}>
          Modifier
        </Button>
        <Button size="sm" variant="danger-outline" onClick={onDelete} aria-label={`Supprimer le rôle ${role.name}`}>
          Supprimer
        </Button>
      </div>
      {editing ? <RoleDialog title={`Modifier le rôle ${role.name}`} role={role} onClose={() => setEditing(false)} /> : null}
    </li>
  );
}

/**
 * 'Supprimer' and its confirmation. Held by the list, not the role's row: the row is gone once
 * the page re-reads its data, and its answer (the toast) must still be told.
 */
function DeleteRoleDialog({
  role,
  remove,
  onClose,
}: {
  role: TeamRoleView;
  remove: ReturnType<typeof useTeamFetcher>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Supprimer le rôle ${role.name}`}
      onClose={onClose}
      form={remove.fetcher.Form}
      fields={{ intent: "role-delete", key: role.key }}
      confirmLabel={remove.busy ? "Suppression…" : "Supprimer le rôle"}
      busy={remove.busy}
      error={remove.error}
    >
      <p>Le rôle « {role.name} » sera supprimé, et les invitations en attente qui le donnent ne fonctionneront plus.</p>
      {role.members > 0 ? (
        <p className="mt-2 text-sm text-muted">
          Il est attribué à {membersLabel(role.members)} : changez d&apos;abord leur rôle dans la liste des membres.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

/** The create and edit form: the name and the permissions, each area a group of checkboxes. */
function RoleDialog({ title, role, onClose }: { title: string; role?: TeamRoleView; onClose: () => void }) {
  const id = useId();
  const save = useTeamFetcher(onClose);
  const errors = save.fieldErrors;
  const chosen = new Set<string>(role?.permissions ?? []);

  function check(event: React.FormEvent<HTMLFormElement>) {
    const parsed = RoleFormSchema.safeParse(roleFormValues(new FormData(event.currentTarget)));
    if (parsed.success) return;
    event.preventDefault();
    save.showErrors(fieldErrorsOf(parsed.error) as Record<string, string>);
  }

  const permissionsError = `${id}-permissions-error`;
  return (
    <Modal title={title} onClose={onClose} wide>
      <save.fetcher.Form method="post" noValidate onSubmit={check} className="space-y-4">
        <input type="hidden" name="intent" value={role ? "role-update" : "role-create"} />
        {role ? <input type="hidden" name="key" value={role.key} /> : null}
        <FieldShell id={`${id}-name`} label="Nom du rôle" required error={errors.name}>
          <Input
            id={`${id}-name`}
            name="name"
            defaultValue={role?.name ?? ""}
            maxLength={60}
            required
            data-autofocus
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errorIdOf(`${id}-name`, errors.name)}
            className="mt-1 w-full"
          />
        </FieldShell>
        <fieldset aria-describedby={errors.permissions ? permissionsError : undefined} className="space-y-3">
          <legend className="text-sm font-medium">Permissions</legend>
          {errors.permissions ? (
            <p id={permissionsError} role="alert" className="text-sm font-medium text-danger">
              {errors.permissions}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            {PERMISSION_GROUPS.map((group) => (
              <fieldset key={group.area} className="rounded-xl border border-line p-3">
                <legend className="px-1 text-sm font-semibold">{group.label}</legend>
                <ul>
                  {group.permissions.map((p) => (
                    <li key={p}>
                      <label className="flex min-h-11 items-center gap-2 text-sm">
                        <input type="checkbox" name="permissions" value={p} defaultChecked={chosen.has(p)} className="h-5 w-5 shrink-0" />
                        {/* The area is part of the name a screen reader and the tests hear: "Commandes : consulter". */}
                        <span>
                          <span className="sr-only">{group.label} : </span>
                          {PERMISSIONS[p]}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
        </fieldset>
        <TeamError message={save.error} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="ink" disabled={save.busy}>
            {save.busy ? "Enregistrement…" : role ? "Enregistrer le rôle" : "Créer le rôle"}
          </Button>
        </div>
      </save.fetcher.Form>
    </Modal>
  );
}
