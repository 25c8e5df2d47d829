import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Input, Select } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { formatDateTime } from "~/lib/paris-time";
import { plural } from "~/lib/plural";
import {
  activityActionLabel,
  activityDiff,
  activityEntityLabel,
  activityQueryString,
  type ActivityActor,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
} from "~/domain/activity-log/activity-log";
import { activityAreaLabel, activityAreaOf } from "~/domain/activity-log/areas";

const labelClass = "flex min-w-0 flex-col gap-1 text-sm font-semibold";

/** "Camille Martin · camille@aurore.fr" for a staff member, the name for an API key. */
const actorText = (actor: Pick<ActivityActor, "name" | "email">) =>
  actor.email && actor.email !== actor.name ? `${actor.name} · ${actor.email}` : actor.name;

/** Journal d'activité (decision 048): who changed what in the back-office, newest first. */
export function AdminActivityView({ query, result }: { query: ActivityQuery; result: ActivityPage }) {
  const filtered = Boolean(query.actor || query.area || query.entity || query.action || query.from || query.to || query.entityId);
  const staff = result.actors.filter((a) => a.type === "user");
  const keys = result.actors.filter((a) => a.type === "api_key");
  return (
    <div className="min-w-0 space-y-6">
      <div>
        <h1 className="font-display text-3xl">Journal d'activité</h1>
        <p className="mt-1 text-muted" aria-live="polite">
          {plural(result.total, "entrée", "entrées")}
        </p>
      </div>

      <Form method="get" aria-label="Filtrer le journal" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className={labelClass}>
          Auteur
          <Select className="w-full min-w-0" name="acteur" defaultValue={query.actor}>
            <option value="">Tous</option>
            {staff.length > 0 ? (
              <optgroup label="Équipe">
                {staff.map((a) => (
                  <option key={`user:${a.value}`} value={a.value}>
                    {actorText(a)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {keys.length > 0 ? (
              <optgroup label="Clés API">
                {keys.map((a) => (
                  <option key={`api_key:${a.value}`} value={a.value}>
                    {a.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </Select>
        </label>
        <label className={labelClass}>
          Domaine
          <Select className="w-full min-w-0" name="domaine" defaultValue={query.area}>
            <option value="">Tous</option>
            {result.areas.map((area) => (
              <option key={area} value={area}>
                {activityAreaLabel(area)}
              </option>
            ))}
          </Select>
        </label>
        <label className={labelClass}>
          Type d'élément
          <Select className="w-full min-w-0" name="type" defaultValue={query.entity}>
            <option value="">Tous</option>
            {result.entity_types.map((t) => (
              <option key={t} value={t}>
                {activityEntityLabel(t)}
              </option>
            ))}
          </Select>
        </label>
        <label className={labelClass}>
          Action
          <Select className="w-full min-w-0" name="action" defaultValue={query.action}>
            <option value="">Toutes</option>
            {result.actions.map((a) => (
              <option key={a} value={a}>
                {activityActionLabel(a)}
              </option>
            ))}
          </Select>
        </label>
        <label className={labelClass}>
          Identifiant de l'élément
          <Input className="w-full min-w-0" name="id" defaultValue={query.entityId} autoComplete="off" />
        </label>
        <label className={labelClass}>
          Du
          <Input className="w-full min-w-0" type="date" name="du" defaultValue={query.from} />
        </label>
        <label className={labelClass}>
          Au
          <Input className="w-full min-w-0" type="date" name="au" defaultValue={query.to} />
        </label>
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" variant="ink">
            Filtrer
          </Button>
          {filtered ? (
            <Link to="/admin/activity" className="min-h-11 py-2.5 font-semibold text-accent-dark hover:underline">
              Effacer les filtres
            </Link>
          ) : null}
        </div>
      </Form>

      {result.entries.length === 0 ? (
        <EmptyState>{filtered ? "Aucune entrée ne correspond à ces filtres" : "Aucune action enregistrée"}</EmptyState>
      ) : (
        <>
          <DataTable
            label="Journal d'activité"
            minWidth="min-w-[48rem]"
            stickyActions={false}
            head={
              <>
                <Th>Date</Th>
                <Th>Auteur</Th>
                <Th>Action</Th>
                <Th>Élément</Th>
                <Th>Détail</Th>
              </>
            }
          >
            {result.entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} query={query} />
            ))}
          </DataTable>
          <Pager page={result.page} pageCount={result.page_count} hrefFor={(page) => activityQueryString(query, page)} />
        </>
      )}
    </div>
  );
}

function ActivityRow({ entry, query }: { entry: ActivityEntry; query: ActivityQuery }) {
  const diff = activityDiff(entry.before, entry.after);
  const area = activityAreaOf(entry.action);
  return (
    <tr className="align-top">
      <td className="whitespace-nowrap px-4 py-3">
        <time dateTime={entry.occurred_at}>{formatDateTime(entry.occurred_at)}</time>
      </td>
      <td className="px-4 py-3">
        <span className="wrap-anywhere">
          {entry.actor_name ? actorText({ name: entry.actor_name, email: entry.actor_email }) : entry.actor_label}
        </span>
        {entry.actor_type === "api_key" ? <span className="block text-xs text-muted">Clé API</span> : null}
      </td>
      <td className="px-4 py-3">
        <span className="block">{activityActionLabel(entry.action)}</span>
        {area ? <span className="block text-xs text-muted">{activityAreaLabel(area)}</span> : null}
      </td>
      <td className="px-4 py-3">
        <span className="block">{activityEntityLabel(entry.entity_type)}</span>
        {entry.entity_id ? (
          <Link
            to={activityQueryString({ ...query, entity: entry.entity_type, entityId: entry.entity_id }, 1)}
            className="break-all font-mono text-xs text-accent-dark hover:underline"
            aria-label={`Historique de cet élément (${entry.entity_id})`}
          >
            {entry.entity_id}
          </Link>
        ) : null}
      </td>
      <td className="max-w-[28rem] px-4 py-3">
        <p className="break-words">{entry.summary}</p>
        {diff.length > 0 ? (
          <details className="mt-1">
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-accent-dark">Voir les modifications</summary>
            <table aria-label="Valeurs avant et après" className="mt-1 w-full text-left text-xs">
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-2">
                    Champ
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    Avant
                  </th>
                  <th scope="col" className="py-1">
                    Après
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {diff.map((row) => (
                  <tr key={row.field}>
                    <th scope="row" className="py-1 pr-2 font-mono font-normal">
                      {row.field}
                    </th>
                    <td className="break-all py-1 pr-2">
                      {row.before === row.after ? row.before : <del className="text-danger">{row.before}</del>}
                    </td>
                    <td className="break-all py-1">
                      {row.before === row.after ? row.after : <ins className="text-success no-underline">{row.after}</ins>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ) : null}
      </td>
    </tr>
  );
}
