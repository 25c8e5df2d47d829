import type { Route } from "./+types/product-bundle";
import { data } from "react-router";
import { postRefusal, requireStaffAction, requireStaffPage } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { getBundleEditor, saveBundleComposition } from "~/.server/workflows/bundle-composition";
import { answerAction, refused } from "~/.server/action-result";
import { readFormData } from "~/.server/forms";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { BundleCompositionSchema, readBundleCompositionForm } from "~/domain/catalog/bundles";
import { invalid } from "~/domain/errors";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { AdminBundleView } from "~/features/admin/components/admin-bundle-view";

/**
 * Composition du coffret (docs/decisions/070-sets.md): a variant's components and quantities,
 * whether single components may be returned, and the stock they make, read-only. ?variant= picks
 * the product's variant, ?q= searches the catalogue for components to add.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffPage(request, "admin/produits/:id/coffret");
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 100);
  const editor = await getBundleEditor(await getDb(), {
    productId: params.id,
    variantId: url.searchParams.get("variant"),
    query,
  });
  if (!editor) throw data(SHOP_MESSAGES.productNotFound, { status: 404 });
  return { editor, query };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  const denied = postRefusal(session, "admin/produits/:id/coffret");
  if (denied) return denied;
  const { variantId, composition } = readBundleCompositionForm(await readFormData(request));
  const parsed = BundleCompositionSchema.safeParse(composition);
  if (!parsed.success) {
    return refused(invalid("invalid_bundle", parsed.error.issues[0]?.message ?? SHOP_MESSAGES.setNotFound, { field: "components" }));
  }
  return answerAction(async () => {
    const saved = await saveBundleComposition(await getDb(), {
      productId: params.id,
      variantId,
      composition: parsed.data,
      actor: adminActorOf(session),
    });
    return {
      data: saved,
      message: saved.isBundle ? `Composition enregistrée : ${saved.stock} coffret(s) disponible(s)` : "Ce produit n'est plus un coffret",
    };
  });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Composition du coffret | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminProductBundle({ loaderData, actionData }: Route.ComponentProps) {
  return <AdminBundleView {...loaderData} answer={actionData ?? null} />;
}

export const ErrorBoundary = RouteErrorBoundary;
