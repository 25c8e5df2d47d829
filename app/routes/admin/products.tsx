import { data } from "react-router";
import type { Route } from "./+types/products";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { listCategories } from "~/.server/modules/catalog/catalog.service";
import {
  adjustAdminStock,
  deleteAdminProduct,
  getStockHistory,
  getStockReport,
  listAdminProducts,
} from "~/.server/modules/admin/admin-products.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import {
  AdjustStockSchema,
  DeleteProductSchema,
  readAdminProductQuery,
  type AdminProductAnswer,
} from "~/features/admin/admin-products.schema";
import { AdminProductsView } from "~/features/admin/components/admin-products-view";

/**
 * Gestion des Produits: search, filters, sort and page live in the URL (a reload keeps them);
 * ?history=<id> opens that product's stock movements.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = readAdminProductQuery(params);
  const db = await getDb();
  const historyId = params.get("history");
  try {
    const [result, report, categories, history] = await Promise.all([
      listAdminProducts(db, query),
      getStockReport(db),
      listCategories(db),
      historyId ? getStockHistory(db, historyId) : Promise.resolve(null),
    ]);
    return { query, result, report, categories, history, historyMissing: Boolean(historyId) && !history, error: null };
  } catch (error) {
    console.error(error);
    const message = error instanceof Error ? error.message : "Une erreur est survenue";
    return {
      query,
      result: null,
      report: null,
      categories: [],
      history: null,
      historyMissing: false,
      error: `Erreur lors de la récupération des produits: ${message}`,
    };
  }
}

/** intent adjust-stock (row adjuster or bulk bar) and intent delete. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const db = await getDb();
  if (intent === "adjust-stock") {
    const parsed = AdjustStockSchema.safeParse({
      productIds: form.getAll("productId"),
      mode: form.get("mode"),
      quantity: form.get("quantity") === "" ? undefined : form.get("quantity"),
      bulk: form.get("bulk") === "1",
    });
    if (!parsed.success) {
      return data<AdminProductAnswer>({ ok: false, message: parsed.error.issues[0]?.message ?? "Une erreur est survenue" }, { status: 400 });
    }
    const result = await adjustAdminStock(db, { ...parsed.data, actorUserId: session.user.id });
    if (!result.ok) return data<AdminProductAnswer>({ ok: false, message: result.message }, { status: result.status });
    const n = result.products.length;
    return data<AdminProductAnswer>({ ok: true, message: n > 1 ? `Stock mis à jour pour ${n} produits` : "Stock mis à jour" });
  }
  if (intent === "delete") {
    const parsed = DeleteProductSchema.safeParse({ productId: form.get("productId") ?? "" });
    if (!parsed.success) return data<AdminProductAnswer>({ ok: false, message: "Produit introuvable" }, { status: 404 });
    const result = await deleteAdminProduct(db, parsed.data.productId);
    if (!result.ok) return data<AdminProductAnswer>({ ok: false, message: result.message }, { status: result.status });
    return data<AdminProductAnswer>({ ok: true, message: `Produit supprimé : ${result.name}` });
  }
  return data<AdminProductAnswer>({ ok: false, message: "Une erreur est survenue" }, { status: 400 });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Gestion des Produits | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <AdminProductsView {...loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
