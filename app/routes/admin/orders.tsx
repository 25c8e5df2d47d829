import type { Route } from "./+types/orders";
import { readStaffForm, requireStaffAction, requireStaffPage } from "~/.server/auth/staff-routes.server";
import { requireRecentSecondFactor, staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf, type AdminActor } from "~/.server/modules/activity-log/activity-log.service";
import { forgetAdminOrderCounts, listAdminOrders } from "~/.server/modules/orders/orders-admin.service";
import { changeOrderStatus, shipOrder } from "~/.server/workflows/change-order-status";
import { answerAction, refused } from "~/.server/action-result";
import { invalid } from "~/domain/errors";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { AdminStatusChangeSchema, readAdminOrderQuery, type OrderChanged } from "~/domain/orders/admin-orders.schema";
import { AdminOrdersView } from "~/features/admin/components/admin-orders-view";
import { OrderDetailAccessProvider } from "~/features/admin/components/admin-order-detail-modal";
import { orderStatusLabel } from "~/domain/orders/order.types";
import { logRequestError, withReference } from "~/.server/request-id";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Gestion des Commandes: the state (search, status, page) lives in the URL so it survives a reload. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/commandes");
  // The page offers only what the role may do (the action checks each intent again).
  const may = {
    write: staffMay(session, "orders.write"),
    ship: staffMay(session, "orders.ship"),
    // The order's detail: 'Rembourser un montant' (a role with a limit refunds within it).
    refund: staffMay(session, "refunds.write"),
  };
  const query = readAdminOrderQuery(new URL(request.url).searchParams);
  try {
    const result = await listAdminOrders(await getDb(), {
      search: query.search,
      status: query.status,
      page: query.page,
      pageSize: query.page_size,
    });
    return { query, may, result, error: null };
  } catch (error) {
    // The detail (SQL included) goes to the log only; the page shows where to find it.
    const requestId = logRequestError(request, "admin-orders", error);
    return { query, may, result: null, error: withReference("Erreur lors du chargement des commandes.", requestId) };
  }
}

/** intent change-status: through the order status workflow (stock, points, notification, e-mail). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  const read = await readStaffForm(request, session, "admin/commandes");
  if (!read.ok) return read.answer;
  const form = Object.fromEntries([...read.form].filter((e): e is [string, string] => typeof e[1] === "string"));
  if (form.intent === "ship") return ship(form, session.user.id, adminActorOf(session));
  if (form.intent !== "change-status") return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
  const parsed = AdminStatusChangeSchema.safeParse(form);
  if (!parsed.success) return refused(invalid("invalid_status", parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.somethingWentWrong));
  const { orderId, status } = parsed.data;
  const db = await getDb();
  try {
    return await answerAction<OrderChanged>(async () => {
      const result = await changeOrderStatus(db, {
        orderId,
        newStatus: status,
        actor: { userId: session.user.id, role: "admin", admin: adminActorOf(session) },
        // 'shipped' needs orders.ship, a whole-order refund the owner's limit (decision 066).
        staff: { permissions: session.user.staff.permissions, confirmSecondFactor: () => requireRecentSecondFactor(session) },
      });
      return { data: { orderId }, message: `Commande ${result.order.number} : ${orderStatusLabel(result.order.status)}` };
    });
  } finally {
    forgetAdminOrderCounts(db);
  }
}

/** intent ship: 'Expédier' with the carrier and tracking number, through the same workflow. */
async function ship(form: Record<string, string>, adminId: string, admin: AdminActor) {
  const orderId = form.orderId ?? "";
  const db = await getDb();
  try {
    return await answerAction<OrderChanged>(async () => {
      const result = await shipOrder(db, {
        orderId,
        form: { carrier: form.carrier, tracking_number: form.tracking_number },
        actor: { userId: adminId, role: "admin", admin },
      });
      return { data: { orderId }, message: `Commande ${result.order.number} expédiée` };
    });
  } finally {
    forgetAdminOrderCounts(db);
  }
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Gestion des Commandes | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { may } = loaderData;
  return (
    <OrderDetailAccessProvider may={{ refund: may.refund }}>
      <AdminOrdersView query={loaderData.query} result={loaderData.result} error={loaderData.error} may={may} />
    </OrderDetailAccessProvider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
