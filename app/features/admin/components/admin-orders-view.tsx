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
import { PrepareShipmentDialog } from "./prepare-shipment-dialog";
import { SelectCheckbox, ShipmentBatchToolbar, type SelectedOrder } from "./shipment-batch-toolbar";
import { PREPARABLE_STATUSES } from "./shipment-api";
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

/** What the member's role may do here (decision 066): change a status, prepare and ship. */
export type OrdersPageAccess = { write: boolean; ship: boolean };
const EVERYTHING: OrdersPageAccess = { write: true, ship: true };

export function AdminOrdersView({
  query,
  result,
  error,
  may = EVERYTHING,
}: {
  query: AdminOrderQuery;
  result: AdminOrderPage | null;
  error: string | null;
  may?: OrdersPageAccess;
}) {
  const [detail, setDetail] = useState<{ id: string; number: string } | null>(null);
  // Held here, not in the row: printing moves the order to 'En préparation', and a list filtered
  // on 'Confirmée' then drops the row while its dialog shows the label.
  const [preparing, setPreparing] = useState<{ id: string; number: string } | null>(null);
  // The day's batch, by id: kept across pages and filters, so a batch may gather several pages.
  const [selection, setSelection] = useState<ReadonlyMap<string, string>>(new Map());
  const navigation = useNavigation();
  const filtered = query.search !== "" || query.status !== "all";
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/commandes";
  const rows = result?.rows ?? [];
  // The batch prints labels and ships: only for a role that ships.
  const selectable = may.ship ? rows.filter((r) => PREPARABLE_STATUSES.has(r.status)) : [];
  // An order shipped or cancelled since it was ticked leaves the batch (its box is gone from the row).
  const gone = new Set(rows.filter((r) => !PREPARABLE_STATUSES.has(r.status)).map((r) => r.id));
  const selected: SelectedOrder[] = [...selection].filter(([id]) => !gone.has(id)).map(([id, number]) => ({ id, number }));
  const pageChecked = selectable.length > 0 && selectable.every((r) => selection.has(r.id));
  const pagePartly = !pageChecked && selectable.some((r) => selection.has(r.id));

  function select(orders: readonly AdminOrderRow[], checked: boolean) {
    setSelection((current) => {
      const next = new Map(current);
      for (const row of orders) {
        if (checked) next.set(row.id, row.number);
        else next.delete(row.id);
      }
      return next;
    });
  }

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

      {selected.length > 0 ? <ShipmentBatchToolbar selected={selected} onClear={() => setSelection(new Map())} /> : null}

      {result && result.rows.length > 0 ? (
        <>
          <DataTable
            label="Liste des commandes"
            busy={loading}
            minWidth="min-w-[60rem]"
            head={
              <>
                <Th className="w-12 px-2 py-1">
                  {may.ship && (
                    <SelectCheckbox
                      aria-label="Tout sélectionner"
                      checked={pageChecked}
                      indeterminate={pagePartly}
                      disabled={selectable.length === 0}
                      onChange={(event) => select(selectable, event.currentTarget.checked)}
                    />
                  )}
                </Th>
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
              <OrderRow
                key={row.id}
                row={row}
                may={may}
                selected={selection.has(row.id)}
                onSelect={(checked) => select([row], checked)}
                onDetail={() => setDetail({ id: row.id, number: row.number })}
                onPrepare={() => setPreparing({ id: row.id, number: row.number })}
              />
            ))}
          </DataTable>
          <Pager page={result.page} pageCount={result.page_count} hrefFor={(page) => pageHref(query, page)} />
        </>
      ) : null}

      {detail ? <AdminOrderDetailModal orderId={detail.id} number={detail.number} onClose={() => setDetail(null)} /> : null}
      {preparing ? <PrepareShipmentDialog orderId={preparing.id} number={preparing.number} onClose={() => setPreparing(null)} /> : null}
    </div>
  );
}

/** Statuses from which an order can be shipped (the workflow refuses the others too). */
const SHIPPABLE_STATUSES: ReadonlySet<string> = new Set(["pending", "confirmed", "processing"]);

/** Statuses that give the stock, points and money back: asked for confirmation first. */
const REFUNDING_STATUSES: ReadonlySet<string> = new Set(["cancelled", "returned"]);

function OrderRow({
  row,
  may,
  selected,
  onSelect,
  onDetail,
  onPrepare,
}: {
  row: AdminOrderRow;
  may: OrdersPageAccess;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onDetail: () => void;
  onPrepare: () => void;
}) {
  const [shipping, setShipping] = useState(false);
  return (
    <tr className="align-top">
      <td className="px-2 py-1">
        {may.ship && PREPARABLE_STATUSES.has(row.status) ? (
          <SelectCheckbox
            aria-label={`Sélectionner la commande ${row.number}`}
            checked={selected}
            onChange={(event) => onSelect(event.currentTarget.checked)}
          />
        ) : null}
      </td>
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
          {may.ship && PREPARABLE_STATUSES.has(row.status) && (
            <Button size="sm" variant="ink-outline" onClick={onPrepare} aria-label={`Préparer l'expédition de la commande ${row.number}`}>
              Préparer l'expédition
            </Button>
          )}
          {may.ship && SHIPPABLE_STATUSES.has(row.status) && (
            <Button size="sm" variant="ink-outline" onClick={() => setShipping(true)} aria-label={`Expédier la commande ${row.number}`}>
              Expédier
            </Button>
          )}
          {may.write && <StatusSelect row={row} />}
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
