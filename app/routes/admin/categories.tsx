import { data } from "react-router";
import type { Route } from "./+types/categories";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { createCategory, deleteCategory, listAdminCategories, renameCategory } from "~/.server/modules/catalog/categories-admin.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { CategoryIdSchema, type CategoryAnswer } from "~/domain/catalog/admin-categories.schema";
import { AdminCategoriesView } from "~/features/admin/components/admin-categories-view";
import { readFormFields } from "~/.server/forms";
import { answeringRouteAction } from "~/.server/error-responses";

/** Catégories: the list with product counts; create, rename and delete post intents to the action. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { categories: await listAdminCategories(await getDb()) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = adminActorOf(await requireAdmin(request));
  const form = await readFormFields(request);
  const intent = typeof form.intent === "string" ? form.intent : "";
  const db = await getDb();
  if (intent === "create") {
    return answering(intent, undefined, async () => {
      const { category } = await createCategory(db, { name: form.name }, actor);
      return { ok: true, intent, categoryId: category.id, message: `Catégorie « ${category.name} » créée` };
    });
  }
  if (intent === "rename" || intent === "delete") {
    const id = CategoryIdSchema.safeParse(form);
    if (!id.success) return data<CategoryAnswer>({ ok: false, intent, message: id.error.issues[0].message }, { status: 404 });
    const { categoryId } = id.data;
    if (intent === "rename") {
      return answering(intent, categoryId, async () => {
        const { category } = await renameCategory(db, { id: categoryId, name: form.name }, actor);
        return { ok: true, intent, categoryId, message: `Catégorie renommée en « ${category.name} »` };
      });
    }
    return answering(intent, categoryId, async () => {
      await deleteCategory(db, categoryId, actor);
      return { ok: true, intent, categoryId, message: "Catégorie supprimée" };
    });
  }
  return data<CategoryAnswer>({ ok: false, message: "Une erreur est survenue" }, { status: 400 });
}

/** The intent's answer, or its refusal with the domain error's message and status. */
function answering(intent: string, categoryId: string | undefined, run: () => Promise<CategoryAnswer>) {
  return answeringRouteAction(run, (error): CategoryAnswer => ({
    ok: false,
    intent,
    ...(categoryId === undefined ? {} : { categoryId }),
    message: error.message,
  }));
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Catégories | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return <AdminCategoriesView categories={loaderData.categories} />;
}

export const ErrorBoundary = RouteErrorBoundary;
