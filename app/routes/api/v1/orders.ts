import type { Route } from "./+types/orders";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { listOrders } from "~/.server/modules/orders/orders.service";

/** GET /api/v1/orders: the signed-in shopper's orders with their items, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const orders = await listOrders(await getDb(), session.user.id);
  return jsonOk({ data: orders });
}

/** POST /api/v1/orders (placing an order) lands with the checkout workflow. */
export function action() {
  return jsonError(404, "not_found", "Ressource introuvable");
}
