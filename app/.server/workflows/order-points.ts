/**
 * An order's Beauty Pass points, where the loyalty ledger and the order meet (decision 024): the
 * loyalty module credits or takes back the points, and the orders module records on the order
 * what is credited (orders.points_earned), in the caller's transaction with the order row locked,
 * so an order is credited at most once at a time however its statuses move
 * (docs/decisions/007-order-status-loyalty-notifications.md).
 */
import type { Database, Executor } from "~/.server/db/client";
import {
  creditPointsForOrder,
  REPAIR_DESCRIPTION,
  takeBackPointsOfOrder,
  type OrderForPoints,
} from "~/.server/modules/loyalty/loyalty.service";
import { listDeliveredOrdersWithoutPoints, lockOrder, setOrderPointsEarned } from "~/.server/modules/orders/orders.service";

/** Credits a delivered order's points (see creditPointsForOrder) and records them on the order. Returns the points. */
export async function creditOrderPoints(
  tx: Executor,
  order: OrderForPoints,
  options: { now?: Date; description?: string; paid?: { totalCents: number; newCents: number } } = {},
): Promise<number> {
  const points = await creditPointsForOrder(tx, order, options);
  if (points > 0) await setOrderPointsEarned(tx, order.id, order.pointsEarned + points);
  return points;
}

/** Takes back the points of an order no longer delivered (see takeBackPointsOfOrder). Returns the points debited. */
export async function reverseOrderPoints(tx: Executor, order: OrderForPoints, now = new Date()): Promise<number> {
  const points = await takeBackPointsOfOrder(tx, order, now);
  if (points === null) return 0;
  await setOrderPointsEarned(tx, order.id, 0);
  return points;
}

export type RepairResult = { orders: number; points: number };

/**
 * The spec's repair as a maintenance command (`npm run loyalty:repair`): every delivered order
 * whose points are not credited gets its credit (description 'Points gagnés pour commande
 * (récupération automatique)'). The balance is increased, not overwritten, so points already
 * spent stay spent. Running it again finds nothing to do.
 */
export async function repairLoyaltyPoints(db: Database, now = new Date()): Promise<RepairResult> {
  const result: RepairResult = { orders: 0, points: 0 };
  for (const id of await listDeliveredOrdersWithoutPoints(db)) {
    const points = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!order || order.status !== "delivered") return 0;
      return creditOrderPoints(tx, order, { now, description: REPAIR_DESCRIPTION });
    });
    if (points > 0) {
      result.orders += 1;
      result.points += points;
    }
  }
  return result;
}
