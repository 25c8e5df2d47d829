import { useToastedAction } from "~/components/ui/use-fetcher-answer";
import type { ActionResult } from "~/domain/http/action-result";
import { InstalmentUnpaidBadge } from "~/features/orders/public/instalment-unpaid-badge";
import { useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/ui/filter-bar";
import { Select } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import {
  ADMIN_ORDER_FILTERS,
  ADMIN_SEARCH_MAX_LENGTH,
  type AdminOrderFilter,
  type AdminOrderPage,
  type AdminOrderQuery,
  type AdminOrderRow,
  type OrderChanged,
} from "~/domain/orders/admin-orders.schema";
import { AdminOrderDetailModal } from "./admin-order-detail-modal";
import { ShipOrderDialog } from "./ship-order-dialog";
import { OrderStatusBadge } from "~/features/orders/public/order-status-badge";
import { ORDER_STATUS_LABELS, ORDER_STATUS_VALUES } from "~/domain/orders/order.types";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import { plural } from "~/lib/plural";

const FILTER_LABELS: Record<AdminOrderFilter, string> = { all: "Tous les statuts", ...ORDER_STATUS_LABELS };

function pageHref(query: AdminOrderQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.status !== "all") params.set("status", query.status);
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : ".";
}

const articles = (n: number) => `${n} article${n > 1 ? "s" : ""}`;

export function AdminOrdersView({ query, result, error }: { query: AdminOrderQuery; result: AdminOrderPage | null; error: string | null }) {
  const [detail, setDetail] = useState<{ id: string; number: string } | null>(null);
  const navigation = useNavigation();
  const filtered = query.search !== "" || query.status !== "all";
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/commandes";

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Gestion des Commandes</h1>
        {result ? (
          <p className="mt-1 text-muted" aria-live="polite">
            {plural(result.total, "commande", "commandes")}
          </p>
        ) : null}
      </div>

      <FilterBar label="Rechercher des commandes">
        <FilterSearch
          defaultValue={query.search}
          maxLength={ADMIN_SEARCH_MAX_LENGTH}
          placeholder="N° de commande, e-mail, nom, ville, code postal, téléphone…"
        />
        <FilterSelect label="Statut" name="status" defaultValue={query.status}>
          {ADMIN_ORDER_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FILTER_LABELS[f]}
            </option>
          ))}
        </FilterSelect>
      </FilterBar>

      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {error}
        </p>
      ) : null}

      {result && result.rows.length === 0 ? (
        <EmptyState>
          {filtered ? "Aucune commande ne correspond à vos critères de recherche." : "Aucune commande n'a été passée pour le moment."}
        </EmptyState>
      ) : null}

      {result && result.rows.length > 0 ? (
        <>
          <DataTable
            label="Liste des commandes"
            busy={loading}
            minWidth="min-w-[56rem]"
            head={
              <>
                <Th>Commande</Th>
                <Th>Client</Th>
                <Th>Date</Th>
                <Th>Total</Th>
                <Th>Statut</Th>
                <Th>Actions</Th>
              </>
            }
          >
            {result.rows.map((row) => (
              <OrderRow key={row.id} row={row} onDetail={() => setDetail({ id: row.id, number: row.number })} />
            ))}
          </DataTable>
          <Pager page={result.page} pageCount={result.page_count} hrefFor={(page) => pageHref(query, page)} />
        </>
      ) : null}

      {detail ? <AdminOrderDetailModal orderId={detail.id} number={detail.number} onClose={() => setDetail(null)} /> : null}
    </div>
  );
}

/** Statuses from which an order can be shipped (the workflow refuses the others too). */
const SHIPPABLE_STATUSES: ReadonlySet<string> = new Set(["pending", "confirmed", "processing"]);

/** Statuses that give the stock, points and money back: asked for confirmation first. */
const REFUNDING_STATUSES: ReadonlySet<string> = new Set(["cancelled", "returned"]);

function OrderRow({ row, onDetail }: { row: AdminOrderRow; onDetail: () => void }) {
  const [shipping, setShipping] = useState(false);
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <p className="font-mono font-semibold">{row.number}</p>
        <p className="text-muted">{articles(row.item_count)}</p>
      </td>
      <td className="px-4 py-3">
        <p className="font-semibold">{row.customer_name}</p>
        <p className="break-all">{row.email ?? "Email non renseigné"}</p>
        <p className="text-muted">{row.address}</p>
      </td>
      <td className="whitespace-nowrap px-4 py-3">
        <time dateTime={row.created_at}>{formatDate(row.created_at)}</time>
      </td>
      <td className="whitespace-nowrap px-4 py-3 font-semibold">{formatPrice(row.total_cents)}</td>
      <td className="px-4 py-3">
        <OrderStatusBadge status={row.status} />
        <InstalmentUnpaidBadge paymentStatus={row.payment_status} />
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-col gap-2">
          <Button size="sm" onClick={onDetail} aria-label={`Détails de la commande ${row.number}`}>
            Détails
          </Button>
          {SHIPPABLE_STATUSES.has(row.status) && (
            <Button size="sm" variant="ink-outline" onClick={() => setShipping(true)} aria-label={`Expédier la commande ${row.number}`}>
              Expédier
            </Button>
          )}
          <StatusSelect row={row} />
        </div>
        {shipping && <ShipOrderDialog orderId={row.id} number={row.number} onClose={() => setShipping(false)} />}
      </td>
    </tr>
  );
}

/**
 * The row's status selector: posts intent change-status to the page's action, which runs the
 * order status workflow; the list reloads with the new status. A refusal ('Stock insuffisant…',
 * 'Points insuffisants') is announced in a toast and the selector returns to the saved status.
 */
function StatusSelect({ row }: { row: AdminOrderRow }) {
  const fetcher = useFetcher<ActionResult<OrderChanged>>();
  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : row.status;
  useToastedAction(fetcher);

  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="change-status" />
      <input type="hidden" name="orderId" value={row.id} />
      <Select
        name="status"
        value={value}
        aria-label={`Statut de la commande ${row.number}`}
        disabled={fetcher.state !== "idle"}
        onChange={(event) => {
          const next = event.currentTarget.value;
          // Cancelling or returning refunds the customer: a slip of the selector must not do it.
          if (
            REFUNDING_STATUSES.has(next) &&
            !window.confirm(
              `Passer la commande ${row.number} à « ${ORDER_STATUS_LABELS[next as keyof typeof ORDER_STATUS_LABELS]} » ? Le client sera remboursé et le stock remis en vente.`,
            )
          ) {
            event.currentTarget.value = row.status;
            return;
          }
          fetcher.submit(event.currentTarget.form);
        }}
        className="w-full"
      >
        {ORDER_STATUS_VALUES.map((s) => (
          <option key={s} value={s}>
            {ORDER_STATUS_LABELS[s]}
          </option>
        ))}
      </Select>
    </fetcher.Form>
  );
}
