import type { Route } from "./+types/categories";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { createCategory, deleteCategory, listAdminCategories, renameCategory } from "~/.server/modules/catalog/categories-admin.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { CategoryIdSchema } from "~/domain/catalog/admin-categories.schema";
import { AdminCategoriesView } from "~/features/admin/components/admin-categories-view";
import { readFormFields } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { invalid, notFound } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Catégories: the list with product counts; create, rename and delete post intents to the action. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/categories");
  // The page offers only what the role may do (the action checks each intent again).
  const may = { write: staffMay(session, "catalog.write") };
  return { categories: await listAdminCategories(await getDb()), may };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/categories");
  if (denied) return denied;
  const actor = adminActorOf(session);
  const form = await readFormFields(request);
  const intent = typeof form.intent === "string" ? form.intent : "";
  const db = await getDb();
  if (intent === "create") {
    return answerAction(async () => {
      const { category } = await createCategory(db, { name: form.name }, actor);
      return { data: { categoryId: category.id }, message: `Catégorie « ${category.name} » créée` };
    });
  }
  if (intent === "rename" || intent === "delete") {
    const id = CategoryIdSchema.safeParse(form);
    if (!id.success) return refused(notFound("category_not_found", id.error.issues[0].message));
    const { categoryId } = id.data;
    if (intent === "rename") {
      return answerAction(async () => {
        const { category } = await renameCategory(db, { id: categoryId, name: form.name }, actor);
        return { data: { categoryId }, message: `Catégorie renommée en « ${category.name} »` };
      });
    }
    return answerAction(async () => {
      await deleteCategory(db, categoryId, actor);
      return { data: { categoryId }, message: "Catégorie supprimée" };
    });
  }
  return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Catégories | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  return <AdminCategoriesView categories={loaderData.categories} may={loaderData.may} />;
}

export const ErrorBoundary = RouteErrorBoundary;
