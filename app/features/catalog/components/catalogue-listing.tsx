import { useLocation } from "react-router";
import type { CatalogueFilters } from "~/domain/catalog/catalog.constants";
import type { CataloguePage } from "~/domain/catalog/catalog.types";
import { activeFilters } from "~/domain/catalog/active-filters";
import { CatalogueResults } from "./catalogue-results";
import { CatalogueBrowser, type PinnedFacet } from "./filter-panel";

type Props = {
  result: CataloguePage;
  query: CatalogueFilters;
  /** Where the filter form submits: the page's own path. */
  action: string;
  /** The category or brand the page is about: not a removable chip, its facet links to its siblings' pages. */
  pinned?: PinnedFacet;
};

/**
 * The listing block shared by the catalogue, category and brand pages: filters (side panel or
 * mobile drawer), active chips, results with the empty state's ways out, pagination. The chips
 * are read from the address the shopper sees, so they follow client navigations.
 */
export function CatalogueListing({ result, query, action, pinned }: Props) {
  const location = useLocation();
  const active = activeFilters(location.pathname, new URLSearchParams(location.search), result.facets, pinned?.key);
  return (
    <CatalogueBrowser facets={result.facets} query={query} action={action} pinned={pinned} total={result.total} active={active}>
      <CatalogueResults
        products={result.items}
        total={result.total}
        page={result.page}
        pageCount={result.pageCount}
        matchedBy={result.matchedBy}
        search={query.search}
        lastFilter={active.at(-1)}
        suggestion={result.suggestion}
        bestSellers={result.bestSellers}
      />
    </CatalogueBrowser>
  );
}
