import { useId } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { CategoryRef } from "~/domain/catalog/catalog.types";
import { hasActiveFilters, PRODUCT_SORTS, SORT_LABELS, type CatalogueFilters } from "~/domain/catalog/catalog.constants";
import { buttonClass } from "~/components/ui/button";

type Props = {
  categories: CategoryRef[];
  query: CatalogueFilters;
  /** Where the form submits (the current page). */
  action: string;
  /** On a category page the category is in the path: changing it loads /category/{slug} or /products. */
  currentCategorySlug?: string;
};

const fieldClass =
  "mt-1 block w-full rounded-lg border border-line bg-white px-3 py-2 text-sm text-ink focus:border-accent focus:outline-none";

/** Filters live in the address: the form is a GET and every change re-submits it. */
export function FilterPanel({ categories, query, action, currentCategorySlug }: Props) {
  const submit = useSubmit();
  const id = useId();
  const onCategoryPage = currentCategorySlug !== undefined;
  const active = hasActiveFilters({ ...query, category: onCategoryPage ? undefined : query.category });

  const autoSubmit = (event: React.ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    const form = event.currentTarget.form;
    if (form) submit(form, { preventScrollReset: true });
  };

  return (
    <Form method="get" action={action} role="search" aria-label="Filtrer les produits" className="space-y-5" preventScrollReset>
      <div>
        <label htmlFor={`${id}-search`} className="text-sm font-semibold">
          Rechercher
        </label>
        <input
          id={`${id}-search`}
          type="search"
          name="search"
          defaultValue={query.search ?? ""}
          maxLength={200}
          placeholder="Nom, marque, ingrédient…"
          className={fieldClass}
        />
      </div>

      <div>
        <label htmlFor={`${id}-category`} className="text-sm font-semibold">
          Catégorie
        </label>
        {onCategoryPage ? (
          <select
            id={`${id}-category`}
            defaultValue={currentCategorySlug}
            className={fieldClass}
            onChange={(e) => {
              const slug = e.currentTarget.value;
              window.location.assign(slug ? `/category/${encodeURIComponent(slug)}` : "/products");
            }}
          >
            <option value="">Toutes les catégories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        ) : (
          <select id={`${id}-category`} name="category" defaultValue={query.category ?? ""} className={fieldClass} onChange={autoSubmit}>
            <option value="">Toutes les catégories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </div>

      <fieldset>
        <legend className="text-sm font-semibold">Prix</legend>
        <div className="mt-1 grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${id}-min`} className="text-xs text-muted">
              Prix min (€)
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
              Prix max (€)
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
          id={`${id}-featured`}
          type="checkbox"
          name="featured"
          value="true"
          defaultChecked={query.featured === "true"}
          onChange={autoSubmit}
          className="h-5 w-5 accent-[var(--color-accent)]"
        />
        <label htmlFor={`${id}-featured`} className="text-sm">
          Produits vedettes
        </label>
      </div>

      <div>
        <label htmlFor={`${id}-sort`} className="text-sm font-semibold">
          Trier par
        </label>
        <select
          id={`${id}-sort`}
          name="sort"
          defaultValue={query.sort ?? (query.search ? "relevance" : "newest")}
          onChange={autoSubmit}
          className={fieldClass}
        >
          {PRODUCT_SORTS.filter((s) => s !== "relevance" || query.search).map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass({ variant: "accent", className: "text-sm" })}>
          Filtrer
        </button>
        {active && (
          <Link to={action} className="min-h-10 py-2 text-sm font-semibold text-accent underline underline-offset-4">
            Effacer les filtres
          </Link>
        )}
      </div>
    </Form>
  );
}
