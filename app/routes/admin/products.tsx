import type { Route } from "./+types/products";
import { postRefusal, readStaffForm, requireStaffAction, requireStaffPage } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf, type AdminActor } from "~/.server/modules/activity-log/activity-log.service";
import { listCategories } from "~/.server/modules/catalog/catalog.service";
import { deleteAdminProduct, getStockHistory, getStockReport, listAdminProducts } from "~/.server/modules/catalog/products-admin.service";
import { getAdminProductDetail, listBrandOptions, type SavedProduct } from "~/.server/modules/catalog/product-form.service";
import { adjustAdminStock } from "~/.server/workflows/admin-stock";
import { saveAdminProduct } from "~/.server/workflows/product-form";
import { invalid, isDomainError, notFound } from "~/domain/errors";
import { answerAction, refused } from "~/.server/action-result";
import {
  PRODUCT_FORM_INVALID_MESSAGE,
  PRODUCT_NOT_FOUND_MESSAGE,
  ProductFormSchema,
  SaveProductRequestSchema,
  productFieldErrors,
  type SavedProductData,
} from "~/domain/catalog/admin-product-form.schema";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { AdjustStockSchema, DeleteProductSchema, readAdminProductQuery } from "~/domain/catalog/admin-products.schema";
import { AdminProductsView } from "~/features/admin/components/admin-products-view";
import { readJsonSubmission } from "~/.server/forms";
import { logRequestError, withReference } from "~/.server/request-id";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * Gestion des Produits: search, filters, sort and page live in the URL (a reload keeps them);
 * ?history=<id> opens that product's stock movements; ?edit=new the product form, ?edit=<id> the
 * form filled with that product.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/produits");
  // The page offers only what the role may do (the action checks each intent again).
  const may = { catalog: staffMay(session, "catalog.write"), stock: staffMay(session, "stock.write") };
  const params = new URL(request.url).searchParams;
  const query = readAdminProductQuery(params);
  const db = await getDb();
  const historyId = params.get("history");
  const editId = params.get("edit");
  try {
    const [result, report, categories, history, editing, brands] = await Promise.all([
      listAdminProducts(db, query),
      getStockReport(db),
      listCategories(db),
      historyId ? getStockHistory(db, historyId) : Promise.resolve(null),
      editId && editId !== "new" ? getAdminProductDetail(db, editId) : Promise.resolve(null),
      editId ? listBrandOptions(db) : Promise.resolve([]),
    ]);
    const form =
      editId === "new"
        ? { mode: "create" as const }
        : editId
          ? editing
            ? { mode: "edit" as const, product: editing }
            : { mode: "missing" as const }
          : null;
    return { query, may, result, report, categories, brands, history, historyMissing: Boolean(historyId) && !history, form, error: null };
  } catch (error) {
    // The detail (SQL included) goes to the log only; the page shows where to find it.
    const requestId = logRequestError(request, "admin-products", error);
    return {
      query,
      may,
      result: null,
      report: null,
      categories: [],
      brands: [],
      history: null,
      historyMissing: false,
      form: null,
      error: withReference("Erreur lors de la récupération des produits.", requestId),
    };
  }
}

/** intent adjust-stock (product or variant adjuster, bulk bar), intent delete, and the product form's JSON save-product. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  const actor = adminActorOf(session);
  if (request.headers.get("content-type")?.includes("application/json")) {
    // The product form's JSON save is the table's form without an intent.
    const denied = postRefusal<SavedProductData>(session, "admin/produits");
    if (denied) return denied;
    return saveProduct(request, session.user.id, actor);
  }
  const read = await readStaffForm(request, session, "admin/produits");
  if (!read.ok) return read.answer;
  const { form } = read;
  const intent = form.get("intent");
  const db = await getDb();
  if (intent === "adjust-stock") {
    const parsed = AdjustStockSchema.safeParse({
      productIds: form.getAll("productId"),
      variantIds: form.getAll("variantId"),
      mode: form.get("mode"),
      quantity: form.get("quantity") === "" ? undefined : form.get("quantity"),
      bulk: form.get("bulk") === "1",
    });
    if (!parsed.success)
      return refused(invalid("invalid_stock_adjustment", parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.somethingWentWrong));
    return answerAction(async () => {
      const { variants } = await adjustAdminStock(db, { ...parsed.data, actorUserId: session.user.id, actor });
      const n = new Set(variants.map((v) => v.productId)).size;
      return { data: null, message: n > 1 ? `Stock mis à jour pour ${n} produits` : "Stock mis à jour" };
    });
  }
  if (intent === "delete") {
    const parsed = DeleteProductSchema.safeParse({ productId: form.get("productId") ?? "" });
    if (!parsed.success) return refused(notFound("product_not_found", SHOP_MESSAGES.productNotFound));
    return answerAction(async () => ({
      data: null,
      message: `Produit supprimé : ${(await deleteAdminProduct(db, parsed.data.productId, actor)).name}`,
    }));
  }
  return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
}

/** The product form (create or edit): the same schema as the modal, then one service call. */
async function saveProduct(request: Request, actorUserId: string, actor: AdminActor) {
  const body = SaveProductRequestSchema.safeParse(await readJsonSubmission(request));
  if (!body.success) return refused<SavedProductData>(invalid("invalid_request", ACCOUNT_MESSAGES.somethingWentWrong));
  const parsed = ProductFormSchema.safeParse(body.data.product);
  if (!parsed.success) {
    return refused<SavedProductData>(
      invalid("invalid_product", PRODUCT_FORM_INVALID_MESSAGE, { fieldErrors: productFieldErrors(parsed.error) }),
    );
  }
  const id = body.data.id ?? null;
  return answerAction<SavedProductData>(async () => {
    let result: SavedProduct;
    try {
      result = await saveAdminProduct(await getDb(), { id, input: parsed.data, actorUserId, actor });
    } catch (error) {
      // Whatever is not found (the product, one of its variants) is the product to the form.
      if (isDomainError(error) && error.kind === "not_found") throw notFound(error.code, PRODUCT_NOT_FOUND_MESSAGE);
      throw error;
    }
    return {
      data: { productId: result.id },
      message: result.created ? `Produit créé : ${result.name}` : `Produit modifié : ${result.name}`,
    };
  });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Gestion des Produits | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <AdminProductsView {...loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
