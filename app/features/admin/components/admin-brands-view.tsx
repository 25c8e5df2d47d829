import { BRAND_NAME_MAX, BrandNameSchema, type AdminBrandRow } from "~/domain/catalog/admin-brands.schema";
import { AdminNamedListView, type NamedListAccess, type NamedListKind } from "./admin-named-list-view";

const BRANDS: NamedListKind = {
  title: "Marques",
  one: "marque",
  many: "marques",
  addressPrefix: "/marque/",
  idField: "brandId",
  nameMax: BRAND_NAME_MAX,
  nameSchema: BrandNameSchema,
};

/** Marques: the list with product counts, the create form, and a dialog each for rename and delete. */
export function AdminBrandsView({ brands, may }: { brands: AdminBrandRow[]; may?: NamedListAccess }) {
  return <AdminNamedListView kind={BRANDS} rows={brands} may={may} />;
}
