import type { Route } from "./+types/brands";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { createBrand, deleteBrand, listAdminBrands, updateBrand } from "~/.server/modules/catalog/brands-admin.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { BrandIdSchema } from "~/domain/catalog/admin-brands.schema";
import { AdminBrandsView } from "~/features/admin/components/admin-brands-view";
import { readFormFields } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { invalid, notFound } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/**
 * Marques: the list with product counts; create, rename and delete post intents to the action,
 * which calls the catalog module's brand functions the admin API uses (decision 049, Brands' writes).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/marques");
  // The page offers only what the role may do (the action checks each intent again).
  const may = { write: staffMay(session, "catalog.write") };
  const brands = await listAdminBrands(await getDb());
  return { brands: brands.map(({ id, name, slug, product_count }) => ({ id, name, slug, product_count })), may };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/marques");
  if (denied) return denied;
  const actor = adminActorOf(session);
  const form = await readFormFields(request);
  const intent = typeof form.intent === "string" ? form.intent : "";
  const db = await getDb();
  if (intent === "create") {
    return answerAction(async () => {
      const brand = await createBrand(db, { name: form.name }, actor);
      return { data: { brandId: brand.id }, message: `Marque « ${brand.name} » créée` };
    });
  }
  if (intent === "rename" || intent === "delete") {
    const id = BrandIdSchema.safeParse(form);
    if (!id.success) return refused(notFound("brand_not_found", id.error.issues[0].message));
    const { brandId } = id.data;
    if (intent === "rename") {
      // The name alone: the description stays as a connector set it.
      return answerAction(async () => {
        const brand = await updateBrand(db, brandId, { name: form.name ?? "" }, actor);
        return { data: { brandId }, message: `Marque renommée en « ${brand.name} »` };
      });
    }
    return answerAction(async () => {
      await deleteBrand(db, brandId, actor);
      return { data: { brandId }, message: "Marque supprimée" };
    });
  }
  return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Marques | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminBrands({ loaderData }: Route.ComponentProps) {
  return <AdminBrandsView brands={loaderData.brands} may={loaderData.may} />;
}

export const ErrorBoundary = RouteErrorBoundary;
