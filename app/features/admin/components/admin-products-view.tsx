import { useToastedAction } from "~/components/ui/use-fetcher-answer";
import type { ActionResult } from "~/domain/http/action-result";
import { useEffect, useEffectEvent, useState, type ReactNode } from "react";
import { Link, useFetcher, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterBar, FilterSearch, FilterSelect } from "~/components/ui/filter-bar";
import { controlClass } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { Modal } from "~/components/ui/modal";
import {
  ADMIN_PRODUCT_SEARCH_MAX_LENGTH,
  STOCK_LEVEL_FILTERS,
  STOCK_LEVEL_LABELS,
  STOCK_STATUS_LABELS,
  adminProductSearchParams,
  stockStatus,
  type AdminProductPage,
  type AdminProductQuery,
  type AdminProductRow,
  type AdminProductSort,
  type AdminVariantRow,
  type StockHistory,
  type StockReport,
} from "~/domain/catalog/admin-products.schema";
import { formatPrice } from "~/lib/money";
import { formatDateTime } from "~/lib/paris-time";
import type { AdminProductDetail, BrandOption } from "~/domain/catalog/admin-product-form.schema";
import { ProductFormModal } from "./admin-product-form-modal";

type Props = {
  query: AdminProductQuery;
  result: AdminProductPage | null;
  report: StockReport | null;
  categories: { id: string; name: string }[];
  /** The brands the product form offers (loaded only while it is open). */
  brands?: BrandOption[];
  history: StockHistory | null;
  historyMissing: boolean;
  /** ?edit=new (create) or ?edit=<id> (edit, "missing" when the id is unknown). */
  form?: { mode: "create" } | { mode: "edit"; product: AdminProductDetail } | { mode: "missing" } | null;
  error: string | null;
  /** What the member's role may do here (decision 066): edit the catalogue, adjust the stock. */
  may?: ProductsPageAccess;
};

export type ProductsPageAccess = { catalog: boolean; stock: boolean };
const EVERYTHING: ProductsPageAccess = { catalog: true, stock: true };

const href = (query: AdminProductQuery, overrides: Partial<AdminProductQuery> = {}) => {
  const qs = adminProductSearchParams(query, overrides).toString();
  return qs ? `?${qs}` : "?";
};

/** The stock dashboard's 'Réapprovisionner' link: /admin/produits?stock=low&reappro=1. */
export const RESTOCK_PARAM = "reappro";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("fr-FR")} ${n > 1 ? many : one}`;

export function AdminProductsView({
  query,
  result,
  report,
  categories,
  brands = [],
  history,
  historyMissing,
  form = null,
  error,
  may = EVERYTHING,
}: Props) {
  const location = useLocation();
  // ?reappro=1 (the stock dashboard's 'Réapprovisionner'): the listed products come selected,
  // the bulk bar open on its quantity.
  const restock = new URLSearchParams(location.search).get(RESTOCK_PARAM) === "1";
  const [selected, setSelected] = useState<string[]>(() => (restock ? (result?.rows ?? []).map((r) => r.id) : []));
  const [toDelete, setToDelete] = useState<AdminProductRow | null>(null);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const filtered = query.search !== "" || query.category !== "" || query.stock !== "all";
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/produits";
  const exportHref = `/admin/produits/export.csv${(() => {
    const qs = adminProductSearchParams({ ...query, sort: "recent", dir: "asc", page: 1 }).toString();
    return qs ? `?${qs}` : "";
  })()}`;

  // A new page, filter or sort starts a new selection. The rows change together with the address
  // (minus the history panel's parameter), so the address alone triggers the reset.
  const listingSearch = location.search.replace(/[?&]history=[^&]*/, "");
  const resetSelection = useEffectEvent(() => setSelected(restock ? (result?.rows ?? []).map((r) => r.id) : []));
  useEffect(() => resetSelection(), [listingSearch]);

  const rows = result?.rows ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const listHref = href(query, { page: result?.page ?? query.page });
  const withParam = (key: string, value: string) => `${listHref}${listHref === "?" ? "" : "&"}${key}=${value}`;
  const closeForm = () => navigate(listHref, { preventScrollReset: true, replace: true });
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl">Gestion des Produits</h1>
          {result ? (
            <p className="mt-1 text-muted" aria-live="polite">
              {plural(result.total, "produit trouvé", "produits trouvés")}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"} className="bg-white">
            Actualiser
          </Button>
          <a href={exportHref} download className={buttonClass({ className: "bg-white" })}>
            Exporter CSV
          </a>
          {may.catalog && (
            <>
              <Link to="/admin/produits/import" className={buttonClass({ className: "bg-white" })}>
                Importer
              </Link>
              <NewProductButton to={withParam("edit", "new")} />
            </>
          )}
        </div>
      </div>

      {report ? <ReportCards report={report} /> : null}

      <FilterBar label="Filtrer les produits">
        <FilterSearch defaultValue={query.search} maxLength={ADMIN_PRODUCT_SEARCH_MAX_LENGTH} placeholder="Nom, marque, SKU…" />
        <FilterSelect label="Catégorie" name="category" defaultValue={query.category}>
          <option value="">Toutes les catégories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          <option value="none">Non classé</option>
        </FilterSelect>
        <FilterSelect label="Niveau de stock" name="stock" defaultValue={query.stock}>
          {STOCK_LEVEL_FILTERS.map((f) => (
            <option key={f} value={f}>
              {STOCK_LEVEL_LABELS[f]}
            </option>
          ))}
        </FilterSelect>
        {query.sort !== "recent" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir !== "asc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
      </FilterBar>

      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {error}
        </p>
      ) : null}

      {may.stock && selected.length > 0 ? <BulkBar productIds={selected} onClear={() => setSelected([])} focusQuantity={restock} /> : null}

      {result && result.total === 0 ? (
        filtered ? (
          <EmptyState>Aucun produit ne correspond à vos critères de recherche.</EmptyState>
        ) : (
          <EmptyState title="Aucun produit" action={may.catalog ? <NewProductButton to={withParam("edit", "new")} /> : undefined}>
            Commencez par créer votre premier produit.
          </EmptyState>
        )
      ) : null}

      {result && rows.length > 0 ? (
        <>
          <DataTable
            label="Liste des produits"
            busy={loading}
            minWidth="min-w-[64rem]"
            head={
              <>
                <Th>
                  {/* The selection serves the bulk stock adjustment only. */}
                  {may.stock && (
                    <input
                      type="checkbox"
                      checked={allOnPage}
                      onChange={() => setSelected(allOnPage ? [] : rows.map((r) => r.id))}
                      aria-label="Sélectionner tous les produits de la page"
                      className="h-5 w-5"
                    />
                  )}
                </Th>
                <SortHeader query={query} sort="name" label="Produit" />
                <Th>Catégorie</Th>
                <SortHeader query={query} sort="price" label="Prix" />
                <SortHeader query={query} sort="stock" label="Stock" />
                <Th>Statut</Th>
                <Th>Ajuster le stock</Th>
                <Th>Actions</Th>
              </>
            }
          >
            {rows.map((row) => (
              <ProductRows
                key={row.id}
                row={row}
                may={may}
                selected={selected.includes(row.id)}
                onToggle={() => toggle(row.id)}
                historyHref={listHref}
                onDelete={() => setToDelete(row)}
              />
            ))}
          </DataTable>
          <Pager page={result.page} pageCount={result.page_count} hrefFor={(page) => href(query, { page })} />
        </>
      ) : null}

      {may.catalog && (form?.mode === "create" || form?.mode === "edit") ? (
        <ProductFormModal
          key={form.mode === "edit" ? form.product.id : "new"}
          mode={form.mode}
          product={form.mode === "edit" ? form.product : null}
          categories={categories}
          brands={brands}
          onClose={closeForm}
        />
      ) : null}
      {form?.mode === "missing" ? (
        <Modal title="Modifier le produit" onClose={closeForm}>
          <p role="alert">Produit introuvable</p>
        </Modal>
      ) : null}
      {toDelete ? <DeleteDialog row={toDelete} onClose={() => setToDelete(null)} /> : null}
      {history || historyMissing ? (
        <HistoryDialog
          history={history}
          onClose={() => navigate(href(query, { page: result?.page ?? query.page }), { preventScrollReset: true, replace: true })}
        />
      ) : null}
    </div>
  );
}

/** Opens the product form in create mode (?edit=new keeps it open across a reload). */
function NewProductButton({ to }: { to: string }) {
  return (
    <Link to={to} preventScrollReset className={buttonClass({ variant: "ink" })}>
      Nouveau Produit
    </Link>
  );
}

function ReportCards({ report }: { report: StockReport }) {
  const cards: { label: string; value: string }[] = [
    { label: "Total produits", value: report.total_products.toLocaleString("fr-FR") },
    { label: "Variantes en rupture", value: report.variants_out_of_stock.toLocaleString("fr-FR") },
    { label: "Variantes en stock faible", value: report.low_stock_variants.toLocaleString("fr-FR") },
    { label: "Valeur du stock", value: formatPrice(report.total_stock_value_cents) },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((c) => (
        <li key={c.label} className="rounded-2xl border border-line bg-white p-5">
          <p className="text-sm text-muted">{c.label}</p>
          <p className="mt-1 text-2xl font-semibold">{c.value}</p>
        </li>
      ))}
    </ul>
  );
}

function SortHeader({ query, sort, label }: { query: AdminProductQuery; sort: AdminProductSort; label: string }) {
  const active = query.sort === sort;
  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" className="px-4 py-3" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link
        to={href(query, { sort, dir: nextDir, page: 1 })}
        className="inline-flex min-h-11 items-center gap-1 underline-offset-2 hover:underline"
      >
        {label}
        <span aria-hidden="true">{active ? (query.dir === "asc" ? "▲" : "▼") : "↕"}</span>
        <span className="sr-only">, trier {nextDir === "asc" ? "par ordre croissant" : "par ordre décroissant"}</span>
      </Link>
    </th>
  );
}

function StockBadge({ stock }: { stock: number }) {
  const status = stockStatus(stock);
  const colour =
    status === "out" ? "bg-red-100 text-red-900" : status === "low" ? "bg-orange-100 text-orange-900" : "bg-green-100 text-green-900";
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${colour}`}>{STOCK_STATUS_LABELS[status]}</span>;
}

/** Columns of the products table, for the variants' row that spans it. */
const PRODUCT_COLUMNS = 8;

/**
 * A product's row; a product with several variants has a disclosure button that shows them in
 * a row below (label, SKU, price, stock and each one's stock adjuster).
 */
function ProductRows({
  row,
  may,
  selected,
  onToggle,
  historyHref,
  onDelete,
}: {
  row: AdminProductRow;
  may: ProductsPageAccess;
  selected: boolean;
  onToggle: () => void;
  historyHref: string;
  onDelete: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const historyLink = `${historyHref}${historyHref === "?" ? "" : "&"}history=${row.id}`;
  const editLink = `${historyHref}${historyHref === "?" ? "" : "&"}edit=${row.id}`;
  const several = row.variants.length > 1;
  const panelId = `variants-of-${row.id}`;
  return (
    <>
      <tr className="align-middle">
        <td className="px-4 py-3">
          {may.stock && (
            <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Sélectionner ${row.name}`} className="h-5 w-5" />
          )}
        </td>
        <td className="px-4 py-3">
          <div className="flex items-center gap-3">
            {row.image_url ? (
              <img
                src={row.image_url}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="h-12 w-12 shrink-0 rounded-lg object-cover"
              />
            ) : (
              <span aria-hidden="true" className="h-12 w-12 shrink-0 rounded-lg bg-band" />
            )}
            <div>
              <p className="font-semibold">{row.name}</p>
              {row.featured ? (
                <span className="mt-1 inline-block rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold">Mis en avant</span>
              ) : null}
              {several ? (
                <button
                  type="button"
                  onClick={() => setExpanded((open) => !open)}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  aria-label={`${expanded ? "Masquer" : "Afficher"} les variantes de ${row.name}`}
                  className="mt-1 flex min-h-11 items-center gap-1 text-sm font-semibold underline underline-offset-2"
                >
                  <span aria-hidden="true">{expanded ? "▾" : "▸"}</span>
                  {expanded ? "Masquer les variantes" : "Afficher les variantes"} ({row.variants.length})
                </button>
              ) : null}
            </div>
          </div>
        </td>
        <td className="px-4 py-3">{row.category_name ?? "Non classé"}</td>
        <td className="whitespace-nowrap px-4 py-3 font-semibold">
          {several ? "Dès " : ""}
          {formatPrice(row.price_cents)}
        </td>
        <td className="px-4 py-3 font-semibold" data-testid="stock-value">
          {row.stock}
        </td>
        <td className="px-4 py-3">
          <StockBadge stock={row.stock} />
        </td>
        <td className="px-4 py-3">
          {!may.stock ? (
            <span className="text-sm text-muted">Lecture seule</span>
          ) : several ? (
            <span className="text-sm text-muted">Par variante</span>
          ) : (
            <StockAdjuster target={{ field: "productId", id: row.id }} name={row.name} stock={row.stock} />
          )}
        </td>
        <td className="px-4 py-3">
          <div className="flex gap-2">
            <Link
              to={historyLink}
              preventScrollReset
              aria-label={`Historique du stock de ${row.name}`}
              className={buttonClass({ size: "sm" })}
            >
              Historique
            </Link>
            {may.catalog && (
              <>
                <Link to={editLink} preventScrollReset aria-label={`Modifier ${row.name}`} className={buttonClass({ size: "sm" })}>
                  Modifier
                </Link>
                <Button variant="danger-outline" size="sm" onClick={onDelete} aria-label={`Supprimer ${row.name}`}>
                  Supprimer
                </Button>
              </>
            )}
          </div>
        </td>
      </tr>
      {several ? (
        <tr id={panelId} hidden={!expanded} className="bg-band/40">
          <td colSpan={PRODUCT_COLUMNS} className="px-4 py-3">
            <VariantsTable product={row} adjustable={may.stock} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The variants of one product, each with its own stock adjuster. */
function VariantsTable({ product, adjustable }: { product: AdminProductRow; adjustable: boolean }) {
  return (
    <table className="w-full text-left text-sm" aria-label={`Variantes de ${product.name}`}>
      <thead className="text-xs uppercase tracking-wide">
        <tr>
          <th scope="col" className="py-2 pr-4">
            Variante
          </th>
          <th scope="col" className="py-2 pr-4">
            SKU
          </th>
          <th scope="col" className="py-2 pr-4">
            Prix
          </th>
          <th scope="col" className="py-2 pr-4">
            Stock
          </th>
          <th scope="col" className="py-2 pr-4">
            Statut
          </th>
          <th scope="col" className="py-2">
            Ajuster le stock
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {product.variants.map((v: AdminVariantRow) => (
          <tr key={v.id}>
            <th scope="row" className="py-2 pr-4 font-semibold">
              {v.label}
            </th>
            <td className="py-2 pr-4 break-all">{v.sku}</td>
            <td className="whitespace-nowrap py-2 pr-4">{formatPrice(v.price_cents)}</td>
            <td className="py-2 pr-4 font-semibold" data-testid="variant-stock-value">
              {v.stock}
            </td>
            <td className="py-2 pr-4">
              <StockBadge stock={v.stock} />
            </td>
            <td className="py-2">
              {adjustable ? (
                <StockAdjuster target={{ field: "variantId", id: v.id }} name={`${product.name} · ${v.label}`} stock={v.stock} />
              ) : (
                <span className="text-sm text-muted">Lecture seule</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Minus (refused below 0 by the server, disabled at 0), the stock itself (Enter or leaving the
 * field sets it) and plus. Each change posts intent adjust-stock to the page's action.
 */
function StockAdjuster({
  target,
  name,
  stock,
}: {
  /** A single-variant product (its only variant moves) or one variant. */
  target: { field: "productId" | "variantId"; id: string };
  name: string;
  stock: number;
}) {
  const fetcher = useFetcher<ActionResult<null>>();
  const [value, setValue] = useState(String(stock));
  useEffect(() => setValue(String(stock)), [stock]);
  useToastedAction(fetcher);
  const busy = fetcher.state !== "idle";
  const row = { name, stock };

  const send = (mode: "set" | "add" | "remove", quantity: string) =>
    fetcher.submit({ intent: "adjust-stock", [target.field]: target.id, mode, quantity }, { method: "post" });
  const commit = () => {
    if (value.trim() === String(row.stock)) return;
    send("set", value.trim());
  };

  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={() => send("remove", "1")}
        disabled={busy || row.stock <= 0}
        aria-label={`Retirer une unité de ${row.name}`}
        className="h-11 w-11 rounded-full border border-line text-lg font-semibold disabled:cursor-not-allowed disabled:opacity-40"
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          }
        }}
        aria-label={`Stock de ${row.name}`}
        className="h-11 w-20 rounded-lg border border-line px-2 text-center"
      />
      <button
        type="button"
        onClick={() => send("add", "1")}
        disabled={busy}
        aria-label={`Ajouter une unité à ${row.name}`}
        className="h-11 w-11 rounded-full border border-line text-lg font-semibold disabled:opacity-40"
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

/** The selection's stock in one go: Définir, + Ajouter, - Retirer (floors at 0). */
function BulkBar({ productIds, onClear, focusQuantity = false }: { productIds: string[]; onClear: () => void; focusQuantity?: boolean }) {
  const fetcher = useFetcher<ActionResult<null>>();
  const [quantity, setQuantity] = useState("");
  useToastedAction(fetcher);
  const busy = fetcher.state !== "idle";
  const send = (mode: "set" | "add" | "remove") => {
    // A FormData, not a plain object: one productId field per product.
    const form = new FormData();
    form.set("intent", "adjust-stock");
    for (const id of productIds) form.append("productId", id);
    form.set("mode", mode);
    form.set("quantity", quantity.trim());
    form.set("bulk", "1");
    fetcher.submit(form, { method: "post" });
  };
  const action = (label: string, mode: "set" | "add" | "remove"): ReactNode => (
    <Button variant="ink" size="sm" onClick={() => send(mode)} disabled={busy}>
      {label}
    </Button>
  );
  return (
    <section aria-label="Actions groupées" className="flex flex-wrap items-end gap-3 rounded-2xl border border-accent bg-white p-4">
      <div className="self-center">
        <p className="font-semibold" aria-live="polite">
          {plural(productIds.length, "produit sélectionné", "produits sélectionnés")}
        </p>
        <p id="bulk-scope" className="text-sm text-muted">
          Chaque action s'applique à toutes les variantes de chaque produit sélectionné.
        </p>
      </div>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Quantité
        <input
          type="number"
          autoFocus={focusQuantity}
          min={0}
          step={1}
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.currentTarget.value)}
          className={`${controlClass} w-28`}
        />
      </label>
      {action("Définir", "set")}
      {action("+ Ajouter", "add")}
      {action("- Retirer", "remove")}
      <Button size="sm" onClick={onClear}>
        Désélectionner tout
      </Button>
    </section>
  );
}

function DeleteDialog({ row, onClose }: { row: AdminProductRow; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult<null>>();
  const { failure } = useToastedAction(fetcher, onClose);
  return (
    <ConfirmDialog
      title="Supprimer le produit"
      onClose={onClose}
      form={fetcher.Form}
      fields={{ intent: "delete", productId: row.id }}
      confirmLabel="Supprimer"
      busy={fetcher.state !== "idle"}
      error={failure?.message ?? null}
    >
      <p>Êtes-vous sûr de vouloir supprimer ce produit ?</p>
      <p className="mt-1 font-semibold">{row.name}</p>
    </ConfirmDialog>
  );
}

function HistoryDialog({ history, onClose }: { history: StockHistory | null; onClose: () => void }) {
  return (
    <Modal title={history ? `Historique du stock : ${history.product_name}` : "Historique du stock"} onClose={onClose}>
      {!history ? (
        <p role="alert">Produit introuvable</p>
      ) : history.movements.length === 0 ? (
        <p className="text-muted">Aucun historique disponible</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="py-2 pr-2">
                Date
              </th>
              <th scope="col" className="py-2 pr-2">
                Variante
              </th>
              <th scope="col" className="py-2 pr-2">
                Motif
              </th>
              <th scope="col" className="py-2 pr-2">
                Variation
              </th>
              <th scope="col" className="py-2 pr-2">
                Stock
              </th>
              <th scope="col" className="py-2">
                Par
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {history.movements.map((m) => (
              <tr key={m.id}>
                <td className="py-2 pr-2 whitespace-nowrap">
                  <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                </td>
                <td className="py-2 pr-2">{m.variant_label ?? "Variante supprimée"}</td>
                <td className="py-2 pr-2">
                  {m.reason_label}
                  {m.order_number ? ` (${m.order_number})` : ""}
                </td>
                <td className="py-2 pr-2 font-semibold">{m.delta > 0 ? `+${m.delta}` : m.delta}</td>
                <td className="py-2 pr-2">{m.resulting_stock}</td>
                <td className="py-2 break-all">{m.actor ?? (m.order_number ? "Client" : "Système")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
