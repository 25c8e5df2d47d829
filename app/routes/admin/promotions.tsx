import { data } from "react-router";
import type { Route } from "./+types/promotions";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { listAdminCategories } from "~/.server/modules/catalog/categories-admin.service";
import {
  createPromoCode,
  listAdminPromoCodes,
  setPromoCodeActive,
  updatePromoCode,
} from "~/.server/modules/promotions/promo-codes-admin.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { AdminPromotionsView } from "~/features/admin/components/admin-promotions-view";
import type { PromoAnswer } from "~/domain/promotions/promotions.schema";
import { readFormData } from "~/.server/forms";

/** Codes promo: the list; create, edit and disable/enable post intents to the action. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = await getDb();
  const [codes, categories] = await Promise.all([listAdminPromoCodes(db), listAdminCategories(db)]);
  return { codes, categories: categories.map((c) => ({ id: c.id, name: c.name })) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const fields = { ...Object.fromEntries(form), category_ids: form.getAll("category_ids") };
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const db = await getDb();
  if (intent === "create" || intent === "update") {
    const result = intent === "create" ? await createPromoCode(db, fields) : await updatePromoCode(db, id, fields);
    if (!result.ok) return data<PromoAnswer>({ ok: false, intent, message: result.message, errors: result.errors }, { status: result.status });
    return data<PromoAnswer>({
      ok: true,
      intent,
      message: intent === "create" ? `Code promo ${result.promo.code} créé` : `Code promo ${result.promo.code} modifié`,
    });
  }
  if (intent === "disable" || intent === "enable") {
    const result = await setPromoCodeActive(db, id, intent === "enable");
    if (!result.ok) return data<PromoAnswer>({ ok: false, intent, message: result.message }, { status: result.status });
    return data<PromoAnswer>({
      ok: true,
      intent,
      message: intent === "enable" ? `Code promo ${result.promo.code} réactivé` : `Code promo ${result.promo.code} désactivé`,
    });
  }
  return data<PromoAnswer>({ ok: false, intent, message: "Une erreur est survenue" }, { status: 400 });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Codes promo | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminPromotions({ loaderData }: Route.ComponentProps) {
  return <AdminPromotionsView codes={loaderData.codes} categories={loaderData.categories} />;
}

export const ErrorBoundary = RouteErrorBoundary;
