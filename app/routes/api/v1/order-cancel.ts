import type { Route } from "./+types/order-cancel";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { cancelOwnOrder } from "~/.server/workflows/change-order-status";

/** POST /api/v1/orders/:id/cancel: cancels the shopper's pending order within the hour after it was placed. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "method_not_allowed", "Méthode non autorisée");
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const result = await cancelOwnOrder(await getDb(), session.user.id, params.id);
  if (!result.ok) return jsonError(result.status, result.code, result.message);
  return jsonOk({ data: result.order });
}

export function loader() {
  return jsonError(405, "method_not_allowed", "Méthode non autorisée");
}
