import type { Route } from "./+types/forgotten-carts";
import { Link } from "react-router";
import { requireStaffPage } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { cartReminderReport } from "~/.server/modules/cart-reminders/cart-reminders.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { ForgottenCartsView } from "~/features/admin/components/forgotten-carts-view";
import { CART_REMINDER_RECOVERY_DAYS } from "~/lib/shop-rules";

/** The latest reminders the page lists; the totals count them all. */
const SHOWN = 200;

/** Statistiques > Paniers oubliés: the reminders sent and the carts recovered (docs/decisions/069-forgotten-cart.md). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request, "admin/statistiques/paniers-oublies");
  return { report: await cartReminderReport(await getDb(), { limit: SHOWN }) };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Paniers oubliés | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminForgottenCarts({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/statistiques" className="underline underline-offset-4">
            Statistiques
          </Link>
        </p>
        <h1 className="font-display text-3xl">Paniers oubliés</h1>
        <p className="mt-1 text-muted">
          Rappels envoyés aux clients connectés qui ont laissé des articles dans leur panier, et commandes passées dans les{" "}
          {CART_REMINDER_RECOVERY_DAYS} jours qui suivent un rappel.
        </p>
      </div>
      <ForgottenCartsView report={loaderData.report} shown={SHOWN} />
    </div>
  );
}

/** 401 and 403 explained in French, with a way back. */
export const ErrorBoundary = RouteErrorBoundary;
