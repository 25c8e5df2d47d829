import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, FilterSelect } from "~/components/ui/filter-bar";
import { Select } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { showToast } from "~/components/ui/toast";
import { formatDate } from "~/lib/paris-time";
import {
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  ticketCategoryLabel,
  ticketPriorityLabel,
  ticketStatusLabel,
} from "~/domain/support/support-ticket.schema";
import {
  ADMIN_TICKET_FILTERS,
  type AdminTicketFilter,
  type AdminTicketPage,
  type AdminTicketQuery,
  type AdminTicketRow,
  type TicketStatusAnswer,
} from "~/domain/support/admin-tickets.schema";
import { plural } from "~/lib/plural";

const FILTER_LABELS: Record<AdminTicketFilter, string> = { all: "Tous les statuts", ...TICKET_STATUS_LABELS };

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
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : ".";
}

export function AdminTicketsView({ query, result }: { query: AdminTicketQuery; result: AdminTicketPage }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Support</h1>
        <p className="mt-1 text-muted" aria-live="polite">
          {plural(result.total, "ticket", "tickets")}
        </p>
      </div>

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
              <TicketRow key={row.id} row={row} />
            ))}
          </DataTable>
          <Pager page={result.page} pageCount={result.page_count} hrefFor={(page) => pageHref(query, page)} />
        </>
      )}
    </div>
  );
}

function TicketRow({ row }: { row: AdminTicketRow }) {
  return (
    <tr className="align-top">
      <td className="max-w-80 px-4 py-3">
        <p className="font-mono text-muted">{row.ticket_number}</p>
        <p className="break-words font-semibold">{row.subject}</p>
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
          <StatusSelect row={row} />
        </div>
      </td>
    </tr>
  );
}

/** Posts intent change-status; the list reloads with the saved status, a toast confirms it. */
function StatusSelect({ row }: { row: AdminTicketRow }) {
  const fetcher = useFetcher<TicketStatusAnswer>();
  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : row.status;
  useFetcherAnswer(fetcher, (answer) => showToast(answer.message));

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
