import { Link } from "react-router";

const pagerClass = "min-h-11 rounded-full border border-line px-5 py-2.5 font-semibold";

/** 'Précédent' / 'Page n sur m' / 'Suivant' under a paged list; the page lives in the URL. */
export function Pager({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={pagerClass}>
          Précédent
        </Link>
      ) : (
        <span aria-disabled="true" className={`${pagerClass} text-muted`}>
          Précédent
        </span>
      )}
      <p className="text-sm">
        Page {page} sur {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={pagerClass}>
          Suivant
        </Link>
      ) : (
        <span aria-disabled="true" className={`${pagerClass} text-muted`}>
          Suivant
        </span>
      )}
    </nav>
  );
}
