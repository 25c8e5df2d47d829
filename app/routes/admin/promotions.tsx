import type { Route } from "./+types/promotions";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { listAdminCategories } from "~/.server/modules/catalog/categories-admin.service";
import {
  createPromoCode,
  listAdminPromoCodes,
  setPromoCodeActive,
  updatePromoCode,
} from "~/.server/modules/promotions/promo-codes-admin.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { AdminPromotionsView } from "~/features/admin/components/admin-promotions-view";
import { readFormData } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { invalid } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Codes promo: the list; create, edit and disable/enable post intents to the action. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/promotions");
  // The page offers only what the role may do (the action checks each intent again).
  const may = { write: staffMay(session, "promotions.write") };
  const db = await getDb();
  const [codes, categories] = await Promise.all([listAdminPromoCodes(db), listAdminCategories(db)]);
  return { codes, categories: categories.map((c) => ({ id: c.id, name: c.name })), may };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/promotions");
  if (denied) return denied;
  const actor = adminActorOf(session);
  const form = await readFormData(request);
  const fields = { ...Object.fromEntries(form), category_ids: form.getAll("category_ids") };
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const db = await getDb();
  if (intent === "create" || intent === "update") {
    return answerAction(async () => {
      const promo = intent === "create" ? await createPromoCode(db, fields, actor) : await updatePromoCode(db, id, fields, actor);
      return { data: null, message: intent === "create" ? `Code promo ${promo.code} créé` : `Code promo ${promo.code} modifié` };
    });
  }
  if (intent === "disable" || intent === "enable") {
    return answerAction(async () => {
      const promo = await setPromoCodeActive(db, id, intent === "enable", actor);
      return { data: null, message: intent === "enable" ? `Code promo ${promo.code} réactivé` : `Code promo ${promo.code} désactivé` };
    });
  }
  return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Codes promo | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  return <AdminPromotionsView codes={loaderData.codes} categories={loaderData.categories} may={loaderData.may} />;
}

export const ErrorBoundary = RouteErrorBoundary;
