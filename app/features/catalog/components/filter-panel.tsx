import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import type { CatalogueFacet, FacetKey } from "~/domain/catalog/catalog.types";
import { PRODUCT_SORTS, type CatalogueFilters, type ProductSort } from "~/domain/catalog/catalog.constants";
import { hrefWithoutFilters, type ActiveFilter } from "~/domain/catalog/active-filters";
import { buttonClass } from "~/components/ui/button";
import { CloseIcon } from "~/components/ui/icons";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { useLanguage, useT, useTranslateMessage, type MessageKey, type Translate } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";

const SORT_KEYS: Record<ProductSort, MessageKey> = {
  relevance: "shop.catalogue.sort.relevance",
  newest: "shop.catalogue.sort.newest",
  price_asc: "shop.catalogue.sort.priceAsc",
  price_desc: "shop.catalogue.sort.priceDesc",
  rating: "shop.catalogue.sort.rating",
};

/** The facet a page carries in its path (/category/{slug}, /marque/{slug}): shown as links to its siblings. */
export type PinnedFacet = {
  key: Extract<FacetKey, "category" | "brand">;
  slug: string;
  /** The page of another value, e.g. (slug) => `/category/${slug}`. */
  pathFor: (slug: string) => string;
  /** "Toutes les catégories" */
  allLabel: string;
};

type FormProps = {
  facets: readonly CatalogueFacet[];
  query: CatalogueFilters;
  /** Where the form submits (the current page). */
  action: string;
  pinned?: PinnedFacet;
  total: number;
  /** In the mobile drawer, the submit button closes it and says how many products it shows. */
  inDrawer?: boolean;
  onSubmitted?: () => void;
};

const fieldClass =
  "mt-1 block w-full rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink focus:border-accent focus:outline-none";

/** After a filter change re-renders the form, the control that changed gets the focus back. */
let focusAfterRender: string | null = null;

const controlId = (key: string, value: string) => `filtre-${key}-${value}`.replace(/[^\w-]/g, "_");

function seeProducts(total: number, t: Translate, locale: string): string {
  if (total === 0) return t("shop.catalogue.noProduct");
  return total === 1 ? t("shop.catalogue.seeProduct") : t("shop.catalogue.seeProducts", { count: total.toLocaleString(locale) });
}

/**
 * Filters live in the address: a plain GET form that works without JavaScript; with it, each
 * checkbox or select change re-submits the form and the counts follow.
 */
function FilterForm({ facets, query, action, pinned, total, inDrawer = false, onSubmitted }: FormProps) {
  const submit = useSubmit();
  const location = useLocation();
  const id = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  const locale = LANGUAGE_LOCALES[useLanguage()];

  useEffect(() => {
    if (!focusAfterRender) return;
    document.getElementById(focusAfterRender)?.focus();
    focusAfterRender = null;
  }, []);

  const defaultSort = query.search ? "relevance" : "newest";
  // A tidy address: no empty field, no default sort.
  const send = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value !== "string" || value.trim() === "" || (key === "sort" && value === defaultSort)) continue;
      params.append(key, value);
    }
    void submit(params, { method: "get", action, preventScrollReset: true });
  };

  const autoSubmit = (event: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    const form = event.currentTarget.form;
    focusAfterRender = event.currentTarget.id;
    if (form) send(form);
  };

  // Links to the pinned facet's sibling pages keep the other filters.
  const params = new URLSearchParams(location.search);
  params.delete("page");
  if (pinned) params.delete(pinned.key);
  const qs = params.toString();
  const withQuery = (path: string) => (qs ? `${path}?${qs}` : path);

  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={t("shop.catalogue.filterProducts")}
      className="space-y-6"
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        send(event.currentTarget);
        onSubmitted?.();
      }}
    >
      <div>
        <label htmlFor={`${id}-search`} className="text-sm font-semibold">
          {t("common.search.submit")}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          name="search"
          defaultValue={query.search ?? ""}
          maxLength={200}
          placeholder={t("shop.catalogue.searchPlaceholder")}
          className={fieldClass}
        />
      </div>

      {facets.map((facet) => {
        if (pinned?.key === facet.key) {
          return (
            <nav key={facet.key} aria-label={translateMessage(facet.label)}>
              <h3 className="text-sm font-semibold">{translateMessage(facet.label)}</h3>
              <ul className="mt-2 space-y-1 text-sm">
                <li>
                  <Link to={withQuery("/products")} className="inline-flex min-h-8 items-center hover:text-accent">
                    {pinned.allLabel}
                  </Link>
                </li>
                {facet.values.map((v) => (
                  <li key={v.value}>
                    <Link
                      to={withQuery(pinned.pathFor(v.value))}
                      aria-current={v.value === pinned.slug ? "page" : undefined}
                      className={`inline-flex min-h-8 items-center hover:text-accent ${v.value === pinned.slug ? "font-semibold text-accent" : ""}`}
                    >
                      {v.label} <span className="ml-1 text-muted">({v.count.toLocaleString(locale)})</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          );
        }
        if (facet.values.length === 0) return null;
        return (
          <fieldset key={facet.key}>
            <legend className="text-sm font-semibold">{translateMessage(facet.label)}</legend>
            <ul className="mt-2 space-y-1">
              {facet.values.map((v) => {
                const inputId = controlId(facet.key, v.value);
                return (
                  <li key={v.value} className="flex items-center gap-3">
                    <input
                      id={inputId}
                      type="checkbox"
                      name={facet.key}
                      value={v.value}
                      defaultChecked={v.selected}
                      onChange={autoSubmit}
                      className="h-5 w-5 shrink-0 accent-[var(--color-accent)]"
                    />
                    <label htmlFor={inputId} className="flex min-h-8 flex-1 items-center justify-between gap-2 text-sm">
                      <span>{translateMessage(v.label)}</span>
                      <span className="text-muted">({v.count.toLocaleString(locale)})</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}

      <fieldset>
        <legend className="text-sm font-semibold">{t("shop.catalogue.customPrice")}</legend>
        <div className="mt-1 grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${id}-min`} className="text-xs text-muted">
              {t("shop.catalogue.minPrice")}
            </label>
            <input
              id={`${id}-min`}
              type="number"
              name="minPrice"
              min={0}
              step="0.01"
              inputMode="decimal"
              defaultValue={query.minPrice ?? ""}
              className={fieldClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-max`} className="text-xs text-muted">
              {t("shop.catalogue.maxPrice")}
            </label>
            <input
              id={`${id}-max`}
              type="number"
              name="maxPrice"
              min={0}
              step="0.01"
              inputMode="decimal"
              defaultValue={query.maxPrice ?? ""}
              className={fieldClass}
            />
          </div>
        </div>
      </fieldset>

      <div className="flex items-center gap-3">
        <input
          id={controlId("featured", "true")}
          type="checkbox"
          name="featured"
          value="true"
          defaultChecked={query.featured === "true"}
          onChange={autoSubmit}
          className="h-5 w-5 accent-[var(--color-accent)]"
        />
        <label htmlFor={controlId("featured", "true")} className="text-sm">
          {t("shop.catalogue.featured")}
        </label>
      </div>

      <div>
        <label htmlFor={controlId("sort", "select")} className="text-sm font-semibold">
          {t("shop.catalogue.sortBy")}
        </label>
        <select
          id={controlId("sort", "select")}
          name="sort"
          defaultValue={query.sort ?? defaultSort}
          onChange={autoSubmit}
          className={fieldClass}
        >
          {PRODUCT_SORTS.filter((s) => s !== "relevance" || query.search).map((s) => (
            <option key={s} value={s}>
              {t(SORT_KEYS[s])}
            </option>
          ))}
        </select>
      </div>

      <button type="submit" className={buttonClass({ variant: "accent", className: "w-full text-sm" })}>
        {inDrawer ? seeProducts(total, t, locale) : t("shop.catalogue.applyFilters")}
      </button>
    </Form>
  );
}

type BrowserProps = Omit<FormProps, "inDrawer" | "onSubmitted"> & {
  /** The active filters as chips (see activeFilters). */
  active: ActiveFilter[];
  children: ReactNode;
};

/**
 * The catalogue's layout: on wide screens the filters in a side panel; on phones a 'Filtrer (n)'
 * button above the results opens them in a drawer (a modal dialog: the page behind is inert, Tab
 * stays inside, Escape closes it, focus returns to the button). Without JavaScript the button
 * jumps to the same form, placed after the results. Active filters are removable chips.
 */
export function CatalogueBrowser({ facets, query, action, pinned, total, active, children }: BrowserProps) {
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const location = useLocation();
  const formKey = `${location.pathname}?${location.search}`;
  const t = useT();
  const translateMessage = useTranslateMessage();
  const { dialogProps } = useModalDialog({
    open,
    onClose: () => setOpen(false),
    initialFocus: "input, select, button",
    returnFocusTo: openerRef,
  });

  useEffect(() => setHydrated(true), []);

  const form = (inDrawer: boolean) => (
    <FilterForm
      key={formKey}
      facets={facets}
      query={query}
      action={action}
      pinned={pinned}
      total={total}
      inDrawer={inDrawer}
      onSubmitted={inDrawer ? () => setOpen(false) : undefined}
    />
  );
  const params = new URLSearchParams(location.search);
  const filterLabel = t("shop.catalogue.filterCount", { count: active.length });

  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
      <aside
        id="filtres"
        aria-label={t("shop.catalogue.filters")}
        className={`order-last lg:order-first ${hydrated ? "max-lg:hidden" : "max-lg:border-t max-lg:border-line max-lg:pt-6"}`}
      >
        {!open && form(false)}
      </aside>

      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {hydrated ? (
            <button
              ref={openerRef}
              type="button"
              onClick={() => setOpen(true)}
              aria-haspopup="dialog"
              className={buttonClass({ variant: "accent", className: "text-sm lg:hidden" })}
            >
              {filterLabel}
            </button>
          ) : (
            <a href="#filtres" className={buttonClass({ variant: "accent", className: "text-sm lg:hidden" })}>
              {filterLabel}
            </a>
          )}
          {active.length > 0 && (
            <ul aria-label={t("shop.catalogue.activeFilters")} className="flex flex-wrap items-center gap-2">
              {active.map((f) => (
                <li key={`${f.key}=${f.value}`}>
                  <Link
                    to={f.href}
                    preventScrollReset
                    aria-label={t("shop.catalogue.removeFilter", {
                      facet: translateMessage(f.facetLabel),
                      value: translateMessage(f.valueLabel),
                    })}
                    className="inline-flex min-h-10 items-center gap-1 rounded-full border border-line bg-white px-3 text-sm hover:border-accent hover:text-accent"
                  >
                    <span>
                      {t("shop.catalogue.chip", { facet: translateMessage(f.facetLabel), value: translateMessage(f.valueLabel) })}
                    </span>
                    <CloseIcon className="h-4 w-4" />
                  </Link>
                </li>
              ))}
              <li>
                <Link
                  to={hrefWithoutFilters(location.pathname, params)}
                  preventScrollReset
                  className="inline-flex min-h-10 items-center px-2 text-sm font-semibold text-accent underline underline-offset-4"
                >
                  {t("shop.catalogue.clearAll")}
                </Link>
              </li>
            </ul>
          )}
        </div>
        <div className="mt-4">{children}</div>
      </div>

      {hydrated && (
        <dialog
          {...dialogProps}
          aria-labelledby={titleId}
          className="fixed inset-y-0 left-0 m-0 h-full max-h-none w-[min(100%,24rem)] max-w-none bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50"
        >
          {open && (
            <div className="flex h-full flex-col">
              <div className="flex items-center justify-between border-b border-line px-5 py-3">
                <h2 id={titleId} className="font-display text-2xl">
                  {t("shop.catalogue.filters")}
                </h2>
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  aria-label={t("shop.catalogue.closeFilters")}
                  className="-mr-2 flex h-11 w-11 items-center justify-center rounded-full text-muted hover:bg-band hover:text-ink"
                >
                  <CloseIcon className="h-5 w-5" />
                </button>
              </div>
              <div className="flex-1 overflow-y-auto px-5 py-4">
                <p className="mb-4 text-sm text-muted" aria-live="polite">
                  {t("shop.catalogue.found", { count: total })}
                </p>
                {form(true)}
              </div>
            </div>
          )}
        </dialog>
      )}
    </div>
  );
}
