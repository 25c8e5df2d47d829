import { Link } from "react-router";
import { useT } from "./i18n";

export type Crumb = { label: string; to?: string };

/** "Accueil › … › current page": links for the ancestors, aria-current on the last item. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t("common.breadcrumb.label")} className="text-sm text-muted">
      <ol className="flex flex-wrap gap-2">
        {items.map((crumb, i) =>
          crumb.to && i < items.length - 1 ? (
            <li key={`${i}-${crumb.label}`}>
              <Link to={crumb.to} className="hover:text-accent hover:underline">
                {crumb.label}
              </Link>
              <span aria-hidden="true"> ›</span>
            </li>
          ) : (
            <li key={`${i}-${crumb.label}`} aria-current="page" className="text-ink">
              {crumb.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
