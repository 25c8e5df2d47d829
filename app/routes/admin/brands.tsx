import { data } from "react-router";
import type { Route } from "./+types/brands";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { createBrand, deleteBrand, listAdminBrands, updateBrand } from "~/.server/modules/catalog/brands-admin.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { BrandIdSchema, type BrandAnswer } from "~/domain/catalog/admin-brands.schema";
import { AdminBrandsView } from "~/features/admin/components/admin-brands-view";
import { readFormFields } from "~/.server/forms";
import { answeringRouteAction } from "~/.server/error-responses";

/**
 * Marques: the list with product counts; create, rename and delete post intents to the action,
 * which calls the catalog module's brand functions the admin API uses (decision 049, Brands' writes).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const brands = await listAdminBrands(await getDb());
  return { brands: brands.map(({ id, name, slug, product_count }) => ({ id, name, slug, product_count })) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = adminActorOf(await requireAdmin(request));
  const form = await readFormFields(request);
  const intent = typeof form.intent === "string" ? form.intent : "";
  const db = await getDb();
  if (intent === "create") {
    return answering(intent, undefined, async () => {
      const brand = await createBrand(db, { name: form.name }, actor);
      return { ok: true, intent, brandId: brand.id, message: `Marque « ${brand.name} » créée` };
    });
  }
  if (intent === "rename" || intent === "delete") {
    const id = BrandIdSchema.safeParse(form);
    if (!id.success) return data<BrandAnswer>({ ok: false, intent, message: id.error.issues[0].message }, { status: 404 });
    const { brandId } = id.data;
    if (intent === "rename") {
      // The name alone: the description stays as a connector set it.
      return answering(intent, brandId, async () => {
        const brand = await updateBrand(db, brandId, { name: form.name ?? "" }, actor);
        return { ok: true, intent, brandId, message: `Marque renommée en « ${brand.name} »` };
      });
    }
    return answering(intent, brandId, async () => {
      await deleteBrand(db, brandId, actor);
      return { ok: true, intent, brandId, message: "Marque supprimée" };
    });
  }
  return data<BrandAnswer>({ ok: false, message: "Une erreur est survenue" }, { status: 400 });
}

/** The intent's answer, or its refusal with the domain error's message and status. */
function answering(intent: string, brandId: string | undefined, run: () => Promise<BrandAnswer>) {
  return answeringRouteAction(run, (error): BrandAnswer => ({
    ok: false,
    intent,
    ...(brandId === undefined ? {} : { brandId }),
    message: error.message,
  }));
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Marques | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminBrands({ loaderData }: Route.ComponentProps) {
  return <AdminBrandsView brands={loaderData.brands} />;
}

export const ErrorBoundary = RouteErrorBoundary;
