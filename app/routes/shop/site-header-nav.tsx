import { NavLink } from "react-router";
import { useT } from "~/components/ui/i18n";
import type { HeaderCategory } from "./site-header";

function categoryLinkClass({ isActive }: { isActive: boolean }) {
  return `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${
    isActive ? "border-accent text-accent" : "border-transparent text-ink hover:text-accent"
  }`;
}

/** The category navigation under the header (lg and up; the mobile menu lists them below). */
export function SiteHeaderCategoryNav({ categories }: { categories: readonly HeaderCategory[] }) {
  const t = useT();
  return (
    <nav aria-label={t("common.header.categories")} className="hidden border-t border-line lg:block">
      <ul className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-2 px-4">
        <li>
          <NavLink to="/products" end className={categoryLinkClass}>
            {t("common.header.allProducts")}
          </NavLink>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <NavLink to={`/category/${category.slug}`} className={categoryLinkClass}>
              {category.name}
            </NavLink>
          </li>
        ))}
        <li>
          <NavLink to="/marques" className={categoryLinkClass}>
            {t("common.header.brands")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
