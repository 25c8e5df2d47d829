import { useDialogFetcher, useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/ui/filter-bar";
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { Pager } from "~/components/ui/pager";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import {
  ADMIN_CLIENT_FILTERS,
  CLIENT_DELETE_CONFIRMATION,
  CLIENT_FILTER_LABELS,
  CLIENT_SEARCH_MAX_LENGTH,
  CLIENT_STATUS_LABELS,
  type AdminClientPage,
  type AdminClientQuery,
  type AdminClientRow,
  type AdminClientStats,
} from "~/domain/customers/admin-clients.schema";
import { CLIENT_GENDER_LABELS, CLIENT_MAIL_MAX_RECIPIENTS, type ClientGender } from "~/domain/customers/admin-client-profile.schema";
import { ClientMailModal, NewClientModal } from "./admin-client-forms";
import { plural } from "~/lib/plural";
import { asksForSecondFactor, requestSecondFactor } from "../staff/second-factor-store";

const secondaryButtonClass = buttonClass({ size: "sm" });

function listParams(query: AdminClientQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.status !== "all") params.set("status", query.status);
  return params;
}

function pageHref(query: AdminClientQuery, page: number): string {
  const params = listParams(query);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : ".";
}

function exportHref(query: AdminClientQuery): string {
  const qs = listParams(query).toString();
  return `/admin/clients/export${qs ? `?${qs}` : ""}`;
}

function selectionHref(ids: string[]): string {
  const params = new URLSearchParams();
  for (const id of ids) params.append("id", id);
  return `/admin/clients/export?${params}`;
}

export const EXPORT_FAILED_MESSAGE = "Le téléchargement n'a pas abouti : vérifiez votre connexion et réessayez.";

/** The file's name as the server gives it (Content-Disposition). */
function fileNameOf(answer: Response): string {
  return /filename="([^"]+)"/.exec(answer.headers.get("content-disposition") ?? "")?.[1] ?? "clients.csv";
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Once the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * An export's link (personal data, decision 066). With JavaScript the file is fetched and saved
 * from a blob, so a refusal comes back as JSON and the page stays: a stale second factor opens
 * the code's dialog and its message shows, then the export is asked again. Without JavaScript the
 * link downloads as it is, and the server's French page explains a refusal.
 */
export function ExportLink({
  href,
  onMessage,
  children,
}: {
  href: string;
  onMessage: (message: string | null) => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  async function download(event: MouseEvent<HTMLAnchorElement>) {
    // A click meant for a new tab or window stays the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    onMessage(null);
    try {
      const answer = await fetch(href, { headers: { Accept: "text/csv, application/json" } });
      const type = answer.headers.get("content-type") ?? "";
      if (answer.ok && type.startsWith("text/csv")) {
        saveBlob(await answer.blob(), fileNameOf(answer));
        return;
      }
      const body: unknown = type.includes("application/json") ? await answer.json().catch(() => null) : null;
      const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
      if (typeof message === "string") {
        if (asksForSecondFactor(body)) requestSecondFactor();
        onMessage(message);
        return;
      }
      // Anything else (signed out meanwhile, the role changed): the link itself, whose page says why.
      window.location.assign(href);
    } catch {
      onMessage(EXPORT_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  }
  return (
    <a href={href} download onClick={download} aria-busy={busy || undefined} className={secondaryButtonClass}>
      {children}
    </a>
  );
}

function fullName(row: AdminClientRow): string {
  const name = [row.first_name, row.last_name].filter(Boolean).join(" ");
  return name || "Nom non renseigné";
}

const genderLabel = (value: string | null) => (value && value in CLIENT_GENDER_LABELS ? CLIENT_GENDER_LABELS[value as ClientGender] : "—");
const dateOrDash = (value: string | null) => (value ? <time dateTime={value}>{formatDate(value)}</time> : "—");

/** What the member's role may do on this page (decision 066): the other buttons are not shown. */
export type ClientsPageAccess = { write: boolean; erase: boolean; export: boolean };

export function AdminClientsView({
  query,
  may,
  stats,
  result,
  error,
}: {
  query: AdminClientQuery;
  may: ClientsPageAccess;
  stats: AdminClientStats | null;
  result: AdminClientPage | null;
  error: string | null;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/clients";
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<AdminClientRow | null>(null);
  const [creating, setCreating] = useState(false);
  /** Envoyer email: to one row, or to the selection. */
  const [mailing, setMailing] = useState<AdminClientRow[] | null>(null);
  const [exportMessage, setExportMessage] = useState<string | null>(null);
  // The selection serves the e-mail and the export: without either, no checkboxes.
  const selectable = may.write || may.export;
  const filtered = query.search !== "" || query.status !== "all";
  const rows = result?.rows ?? [];
  const pageIds = rows.map((r) => r.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  // A selection belongs to the rows on screen: it is dropped when the page or the filters change.
  const listKey = `${query.search}|${query.status}|${result?.page ?? 1}`;
  useEffect(() => setSelected([]), [listKey]);

  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Gestion des Clients</h1>
          {result ? (
            <p className="mt-1 text-muted" aria-live="polite">
              {plural(result.total, "client", "clients")}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          {may.export && (
            <ExportLink href={exportHref(query)} onMessage={setExportMessage}>
              Exporter CSV
            </ExportLink>
          )}
          {may.write && (
            <button type="button" onClick={() => setCreating(true)} className={buttonClass({ variant: "ink" })}>
              Nouveau Client
            </button>
          )}
        </div>
      </div>

      {exportMessage ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {exportMessage}
        </p>
      ) : null}

      {stats ? (
        <ul aria-label="Statistiques clients" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          <StatCard label="Total clients" value={stats.total_clients.toLocaleString("fr-FR")} />
          <StatCard label="Clients actifs" value={stats.active_clients.toLocaleString("fr-FR")} />
          <StatCard label="Commandes totales" value={stats.total_orders.toLocaleString("fr-FR")} />
          <StatCard label="Chiffre d'affaires clients" value={formatPrice(stats.total_revenue_cents)} />
          <StatCard label="Points fidélité" value={stats.loyalty_points.toLocaleString("fr-FR")} />
        </ul>
      ) : null}

      <FilterBar label="Rechercher des clients">
        <FilterSearch defaultValue={query.search} maxLength={CLIENT_SEARCH_MAX_LENGTH} placeholder="Prénom, nom, e-mail ou téléphone…" />
        <FilterSelect label="Statut" name="status" defaultValue={query.status}>
          {ADMIN_CLIENT_FILTERS.map((f) => (
            <option key={f} value={f}>
              {CLIENT_FILTER_LABELS[f]}
            </option>
          ))}
        </FilterSelect>
      </FilterBar>

      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {error}
        </p>
      ) : null}

      {selected.length > 0 ? (
        <div
          role="region"
          aria-label="Sélection"
          className="flex flex-wrap items-center gap-3 rounded-2xl border border-accent bg-white p-3"
        >
          <p className="font-semibold">{plural(selected.length, "client sélectionné", "clients sélectionnés")}</p>
          {may.write && (
            <button
              type="button"
              onClick={() => setMailing(rows.filter((r) => selected.includes(r.id)).slice(0, CLIENT_MAIL_MAX_RECIPIENTS))}
              className={secondaryButtonClass}
            >
              Envoyer email
            </button>
          )}
          {may.export && (
            <ExportLink href={selectionHref(selected)} onMessage={setExportMessage}>
              Exporter sélection
            </ExportLink>
          )}
          <button type="button" onClick={() => setSelected([])} className={secondaryButtonClass}>
            Désélectionner tout
          </button>
        </div>
      ) : null}

      {result && rows.length === 0 ? (
        <EmptyState title="Aucun client trouvé">
          {filtered ? "Aucun client ne correspond à votre recherche." : "Commencez par inviter des clients."}
        </EmptyState>
      ) : null}

      {result && rows.length > 0 ? (
        <>
          <DataTable
            label="Liste des clients"
            busy={loading}
            minWidth="min-w-[80rem]"
            head={
              <>
                {selectable && (
                  <Th className="px-3 py-3">
                    <input
                      type="checkbox"
                      aria-label="Sélectionner tous les clients de la page"
                      checked={allSelected}
                      onChange={() => setSelected(allSelected ? [] : pageIds)}
                      className="h-5 w-5"
                    />
                  </Th>
                )}
                <Th className="px-3 py-3">Client</Th>
                <Th className="px-3 py-3">Genre</Th>
                <Th className="px-3 py-3">Bio</Th>
                <Th className="px-3 py-3">Contact</Th>
                <Th className="px-3 py-3">Naissance</Th>
                <Th className="px-3 py-3">Inscription</Th>
                <Th className="px-3 py-3">Dernière commande</Th>
                <Th className="px-3 py-3">Dernière connexion</Th>
                <Th className="px-3 py-3">Commandes</Th>
                <Th className="px-3 py-3">Total dépensé</Th>
                <Th className="px-3 py-3">Points</Th>
                <Th className="px-3 py-3">Statut</Th>
                <Th className="px-3 py-3">Actions</Th>
              </>
            }
          >
            {rows.map((row) => (
              <ClientRow
                key={row.id}
                row={row}
                may={may}
                selectable={selectable}
                selected={selected.includes(row.id)}
                onToggle={() => toggle(row.id)}
                onDelete={() => setDeleting(row)}
                onMail={() => setMailing([row])}
              />
            ))}
          </DataTable>
          <Pager page={result.page} pageCount={result.page_count} hrefFor={(page) => pageHref(query, page)} />
        </>
      ) : null}

      {deleting ? <DeleteClientModal client={deleting} onClose={() => setDeleting(null)} /> : null}
      {creating ? <NewClientModal onClose={() => setCreating(false)} /> : null}
      {mailing ? (
        <ClientMailModal
          clientIds={mailing.map((r) => r.id)}
          recipients={mailing.length === 1 ? `${fullName(mailing[0])} (${mailing[0].email})` : `${mailing.length} clients`}
          onClose={() => setMailing(null)}
        />
      ) : null}
    </div>
  );
}

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <li className="rounded-2xl border border-line bg-white p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold">{value}</p>
    </li>
  );
}

function ClientRow({
  row,
  may,
  selectable,
  selected,
  onToggle,
  onDelete,
  onMail,
}: {
  row: AdminClientRow;
  may: ClientsPageAccess;
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
  onDelete: () => void;
  onMail: () => void;
}) {
  const name = fullName(row);
  const initial = (row.first_name || row.email).charAt(0).toUpperCase();
  return (
    <tr className="align-top">
      {selectable && (
        <td className="px-3 py-3">
          <input type="checkbox" aria-label={`Sélectionner ${name}`} checked={selected} onChange={onToggle} className="h-5 w-5" />
        </td>
      )}
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent-dark"
          >
            {initial}
          </span>
          <div>
            <p className="font-semibold">{name}</p>
            <p className="font-mono text-xs text-muted">ID : {row.id.slice(0, 8)}</p>
          </div>
        </div>
      </td>
      <td className="whitespace-nowrap px-3 py-3">{genderLabel(row.gender)}</td>
      <td className="max-w-48 px-3 py-3">
        {row.bio ? (
          <p className="line-clamp-2" title={row.bio}>
            {row.bio}
          </p>
        ) : (
          "—"
        )}
      </td>
      <td className="px-3 py-3">
        <p className="break-all">{row.email}</p>
        <p className="text-muted">{row.phone ?? "Téléphone non renseigné"}</p>
      </td>
      <td className="whitespace-nowrap px-3 py-3">{dateOrDash(row.date_of_birth)}</td>
      <td className="whitespace-nowrap px-3 py-3">{dateOrDash(row.created_at)}</td>
      <td className="whitespace-nowrap px-3 py-3">{dateOrDash(row.last_order_at)}</td>
      <td className="whitespace-nowrap px-3 py-3">{dateOrDash(row.last_login_at)}</td>
      <td className="px-3 py-3">{row.order_count}</td>
      <td className="whitespace-nowrap px-3 py-3 font-semibold">{formatPrice(row.total_spent_cents)}</td>
      <td className="px-3 py-3">{row.loyalty_points.toLocaleString("fr-FR")}</td>
      <td className="px-3 py-3">
        <span
          data-status={row.status}
          className={`rounded-full px-3 py-0.5 text-xs font-semibold ${row.status === "active" ? "bg-band text-success" : "bg-cream text-muted"}`}
        >
          {CLIENT_STATUS_LABELS[row.status]}
        </span>
      </td>
      <td className="px-3 py-3">
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/clients/${row.id}`} aria-label={`Voir ${name}`} className={secondaryButtonClass}>
            Voir
          </Link>
          {may.write && (
            <>
              <Link to={`/admin/clients/${row.id}?modifier=1`} aria-label={`Modifier ${name}`} className={secondaryButtonClass}>
                Modifier
              </Link>
              <button type="button" onClick={onMail} aria-label={`Envoyer un email à ${name}`} className={secondaryButtonClass}>
                Envoyer email
              </button>
            </>
          )}
          {may.erase && (
            <button type="button" onClick={onDelete} aria-label={`Supprimer ${name}`} className={secondaryButtonClass}>
              Supprimer
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

function DeleteClientModal({ client, onClose }: { client: AdminClientRow; onClose: () => void }) {
  const { fetcher, error } = useDialogFetcher(onClose);
  // An erasure asks for the second factor again when it is stale: the dialog stays open with the
  // message, the code's dialog opens, and "Supprimer" is pressed again once it is given.
  useFetcherAnswer(fetcher, (answer) => {
    if (asksForSecondFactor(answer)) requestSecondFactor();
  });

  return (
    <ConfirmDialog
      title="Supprimer le client"
      onClose={onClose}
      form={fetcher.Form}
      fields={{ intent: "delete", clientId: client.id }}
      confirmLabel={fetcher.state !== "idle" ? "Suppression..." : "Supprimer"}
      busy={fetcher.state !== "idle"}
      error={error}
    >
      <p>{CLIENT_DELETE_CONFIRMATION}</p>
      <p className="mt-2 text-sm text-muted">
        {fullName(client)} ({client.email})
      </p>
      <p className="mt-2 text-sm text-muted">Ses commandes sont conservées, anonymisées ; ses sessions sont fermées.</p>
    </ConfirmDialog>
  );
}
