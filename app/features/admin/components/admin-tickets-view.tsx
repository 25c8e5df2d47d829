import { useToastedAction } from "~/components/ui/use-fetcher-answer";
import type { ActionResult } from "~/domain/http/action-result";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, FilterSelect } from "~/components/ui/filter-bar";
import { Select } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { formatDate } from "~/lib/paris-time";
import {
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  ticketCategoryLabel,
  ticketPriorityLabel,
  ticketStatusLabel,
} from "~/domain/support/support-ticket.schema";
import {
  SECURITY_ISSUE_LABELS,
  SECURITY_URGENCY_LABELS,
  type SecurityIssueType,
  type SecurityUrgency,
} from "~/domain/account/security.schema";
import {
  ADMIN_TICKET_CATEGORY_FILTERS,
  ADMIN_TICKET_FILTERS,
  ADMIN_TICKET_PRIORITY_FILTERS,
  type AdminTicketFilter,
  type AdminTicketPage,
  type AdminTicketQuery,
  type AdminTicketRow,
} from "~/domain/support/admin-tickets.schema";
import { plural } from "~/lib/plural";
import { ReadOnlyNotice } from "./read-only-notice";

const FILTER_LABELS: Record<AdminTicketFilter, string> = { all: "Tous les statuts", ...TICKET_STATUS_LABELS };
const CATEGORY_FILTER_LABELS = { all: "Toutes les catégories", ...TICKET_CATEGORY_LABELS };
const PRIORITY_FILTER_LABELS = { all: "Toutes les priorités", ...TICKET_PRIORITY_LABELS };

/** A security report as the Support screen's second tab lists it. */
export type AdminSecurityReportRow = {
  id: string;
  issueType: string;
  urgency: string;
  description: string;
  contactEmail: string;
  status: string;
  ticketId: string | null;
  userName: string | null;
  createdAt: string;
};

/** The same colours as the shopper's "Support Client" tab. */
const STATUS_STYLES: Record<string, string> = {
  open: "bg-accent-soft text-accent-dark",
  in_progress: "bg-band text-ink",
  resolved: "bg-band text-success",
  closed: "bg-cream text-muted",
};

function pageHref(query: AdminTicketQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.status !== "all") params.set("status", query.status);
  if (query.category !== "all") params.set("category", query.category);
  if (query.priority !== "all") params.set("priority", query.priority);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : ".";
}

function SupportTabs({ current }: { current: "tickets" | "reports" }) {
  const item = (key: "tickets" | "reports", to: string, label: string) => (
    <li>
      <Link
        to={to}
        aria-current={current === key ? "page" : undefined}
        className={`inline-block rounded-full px-4 py-2 text-sm font-semibold ${current === key ? "bg-ink text-white" : "bg-cream text-ink"}`}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Vues du support">
      <ul className="flex flex-wrap gap-2">
        {item("tickets", "/admin/tickets", "Tickets")}
        {item("reports", "/admin/tickets?vue=signalements", "Signalements de sécurité")}
      </ul>
    </nav>
  );
}

/** What the member's role may do here (decision 066): change a ticket's status. */
export type TicketsPageAccess = { write: boolean };
const EVERYTHING: TicketsPageAccess = { write: true };

/** What the notice names for a role that reads the tickets only. */
export const TICKETS_READ_ONLY = "modifier les tickets (statut, réponses, notes internes)";

export function AdminTicketsView({
  query,
  result,
  reports,
  may = EVERYTHING,
}: {
  query: AdminTicketQuery;
  result: AdminTicketPage | null;
  reports: AdminSecurityReportRow[] | null;
  may?: TicketsPageAccess;
}) {
  if (!result) return <SecurityReportsView reports={reports ?? []} writable={may.write} />;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Support</h1>
        <p className="mt-1 text-muted" aria-live="polite">
          {plural(result.total, "ticket", "tickets")}
        </p>
      </div>
      <SupportTabs current="tickets" />
      {may.write ? null : <ReadOnlyNotice what={TICKETS_READ_ONLY} />}

      <FilterBar
        label="Filtrer les tickets"
        search={false}
        submit={
          <noscript>
            <Button type="submit" variant="ink">
              Filtrer
            </Button>
          </noscript>
        }
      >
        <FilterSelect label="Statut" name="status" defaultValue={query.status}>
          {ADMIN_TICKET_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FILTER_LABELS[f]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Catégorie" name="category" defaultValue={query.category}>
          {ADMIN_TICKET_CATEGORY_FILTERS.map((f) => (
            <option key={f} value={f}>
              {CATEGORY_FILTER_LABELS[f]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Priorité" name="priority" defaultValue={query.priority}>
          {ADMIN_TICKET_PRIORITY_FILTERS.map((f) => (
            <option key={f} value={f}>
              {PRIORITY_FILTER_LABELS[f]}
            </option>
          ))}
        </FilterSelect>
      </FilterBar>

      {result.rows.length === 0 ? (
        <EmptyState>Aucun ticket de support</EmptyState>
      ) : (
        <>
          <DataTable
            label="Liste des tickets"
            minWidth="min-w-[60rem]"
            head={
              <>
                <Th>Ticket</Th>
                <Th>Client</Th>
                <Th>Catégorie</Th>
                <Th>Priorité</Th>
                <Th>Date</Th>
                <Th>Statut</Th>
              </>
            }
          >
            {result.rows.map((row) => (
              <TicketRow key={row.id} row={row} writable={may.write} />
            ))}
          </DataTable>
          <Pager page={result.page} pageCount={result.page_count} hrefFor={(page) => pageHref(query, page)} />
        </>
      )}
    </div>
  );
}

function TicketRow({ row, writable }: { row: AdminTicketRow; writable: boolean }) {
  return (
    <tr className="align-top">
      <td className="max-w-80 px-4 py-3">
        <p className="font-mono text-muted">
          {row.ticket_number}
          {row.unread ? (
            <span data-unread className="ml-2 rounded-full bg-accent px-2 py-0.5 font-sans text-xs font-semibold text-white">
              Nouveau message
            </span>
          ) : null}
        </p>
        <p className="break-words font-semibold">
          <Link to={`/admin/tickets/${row.id}`} className="underline hover:text-accent">
            {row.subject}
          </Link>
        </p>
        <p className="line-clamp-2 whitespace-pre-line break-words text-muted">{row.description}</p>
      </td>
      <td className="px-4 py-3">
        <p className="font-semibold">{row.customer_name ?? "Nom non renseigné"}</p>
        <p className="break-all">{row.email ?? "Email non renseigné"}</p>
        {row.has_account ? null : <p className="text-muted">Visiteur (formulaire de contact)</p>}
      </td>
      <td className="px-4 py-3">{ticketCategoryLabel(row.category)}</td>
      <td className="px-4 py-3">{ticketPriorityLabel(row.priority)}</td>
      <td className="whitespace-nowrap px-4 py-3">
        <time dateTime={row.created_at}>{formatDate(row.created_at)}</time>
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-col items-start gap-2">
          <span
            data-status={row.status}
            className={`rounded-full px-3 py-0.5 text-xs font-semibold ${STATUS_STYLES[row.status] ?? STATUS_STYLES.closed}`}
          >
            {ticketStatusLabel(row.status)}
          </span>
          {writable && <StatusSelect row={row} />}
        </div>
      </td>
    </tr>
  );
}

/** Posts intent change-status; the list reloads with the saved status, a toast confirms it. */
function StatusSelect({ row }: { row: AdminTicketRow }) {
  const fetcher = useFetcher<ActionResult<{ ticketId: string }>>();
  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : row.status;
  useToastedAction(fetcher);

  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="change-status" />
      <input type="hidden" name="ticketId" value={row.id} />
      <Select
        name="status"
        value={value}
        aria-label={`Statut du ticket ${row.ticket_number}`}
        disabled={fetcher.state !== "idle"}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
        className="w-full"
      >
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {TICKET_STATUS_LABELS[s]}
          </option>
        ))}
      </Select>
    </fetcher.Form>
  );
}

/** Security reports, the most urgent first then the newest; each opens its ticket to answer. */
function SecurityReportsView({ reports, writable }: { reports: AdminSecurityReportRow[]; writable: boolean }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Signalements de sécurité</h1>
        <p className="mt-1 text-muted">{plural(reports.length, "signalement", "signalements")}, les plus urgents d'abord</p>
      </div>
      <SupportTabs current="reports" />
      {writable ? null : <ReadOnlyNotice what={TICKETS_READ_ONLY} />}
      {reports.length === 0 ? (
        <EmptyState>Aucun signalement de sécurité</EmptyState>
      ) : (
        <DataTable
          label="Liste des signalements de sécurité"
          minWidth="min-w-[50rem]"
          head={
            <>
              <Th>Signalement</Th>
              <Th>Client</Th>
              <Th>Urgence</Th>
              <Th>Date</Th>
              <Th>Statut</Th>
            </>
          }
        >
          {reports.map((r) => (
            <tr key={r.id} className="align-top">
              <td className="max-w-80 px-4 py-3">
                <p className="font-semibold">{SECURITY_ISSUE_LABELS[r.issueType as SecurityIssueType] ?? r.issueType}</p>
                <p className="line-clamp-3 whitespace-pre-line break-words text-muted">{r.description}</p>
              </td>
              <td className="px-4 py-3">
                <p className="font-semibold">{r.userName ?? "Compte supprimé"}</p>
                <p className="break-all">{r.contactEmail}</p>
              </td>
              <td className="px-4 py-3">{SECURITY_URGENCY_LABELS[r.urgency as SecurityUrgency] ?? r.urgency}</td>
              <td className="whitespace-nowrap px-4 py-3">
                <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
              </td>
              <td className="px-4 py-3">
                <p>{ticketStatusLabel(r.status)}</p>
                {r.ticketId ? (
                  <Link to={`/admin/tickets/${r.ticketId}`} className="font-semibold text-accent underline">
                    {writable ? "Répondre dans le ticket" : "Voir le ticket"}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
