import { CATEGORY_NAME_MAX } from "~/lib/shop-rules";
import { CategoryNameSchema, type AdminCategoryRow } from "~/domain/catalog/admin-categories.schema";
import { AdminNamedListView, type NamedListAccess, type NamedListKind } from "./admin-named-list-view";

const CATEGORIES: NamedListKind = {
  title: "Catégories",
  one: "catégorie",
  many: "catégories",
  addressPrefix: "/category/",
  idField: "categoryId",
  nameMax: CATEGORY_NAME_MAX,
  nameSchema: CategoryNameSchema,
};

/** Catégories: the list with product counts, the create form, and a dialog each for rename and delete. */
export function AdminCategoriesView({ categories, may }: { categories: AdminCategoryRow[]; may?: NamedListAccess }) {
  return <AdminNamedListView kind={CATEGORIES} rows={categories} may={may} />;
}
