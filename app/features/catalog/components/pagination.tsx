import { Link } from "react-router";
import { useT } from "~/components/ui/i18n";

type Props = { page: number; pageCount: number; search: URLSearchParams; pathname: string };

function hrefFor(pathname: string, search: URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** Numbered pages around the current one, with previous/next; the page lives in the URL. */
export function Pagination({ page, pageCount, search, pathname }: Props) {
  const t = useT();
  if (pageCount <= 1) return null;
  const pages = new Set<number>([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const linkClass =
    "inline-flex min-h-10 min-w-10 items-center justify-center rounded-full border border-line px-3 text-sm hover:border-accent hover:text-accent";
  return (
    <nav aria-label={t("common.pager.label")} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefFor(pathname, search, page - 1)} className={linkClass} rel="prev">
              {t("common.pager.previous")}
            </Link>
          </li>
        )}
        {sorted.map((p, i) => (
          <li key={p} className="flex items-center gap-2">
            {i > 0 && sorted[i - 1] !== p - 1 && <span aria-hidden="true">…</span>}
            {p === page ? (
              <span aria-current="page" className={`${linkClass} border-accent bg-accent text-white hover:text-white`}>
                <span className="sr-only">{t("common.pager.page")}</span>
                {p}
              </span>
            ) : (
              <Link to={hrefFor(pathname, search, p)} className={linkClass}>
                <span className="sr-only">{t("common.pager.page")}</span>
                {p}
              </Link>
            )}
          </li>
        ))}
        {page < pageCount && (
          <li>
            <Link to={hrefFor(pathname, search, page + 1)} className={linkClass} rel="next">
              {t("common.pager.next")}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
