/**
 * Orders placed straight through the workflows, for unit and workflow tests: one line paid by
 * the simulated card, then moved to a status by an administrator.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../../app/.server/db/client";
import type { SimulatedPaymentProvider } from "../../app/.server/modules/payments/payment-provider";
import { placeOrder } from "../../app/.server/workflows/place-order";
import { changeOrderStatus } from "../../app/.server/workflows/change-order-status";
import { PlaceOrderSchema } from "../../app/domain/checkout/checkout.schema";
import { APPROVED_CARD, CONTACT, type TestShopper } from "./shoppers";

export type OrderStatusAfter = "delivered" | "shipped" | "cancelled";

/** One unit of `productId`, paid by card, then set to `status` by the administrator `adminId`. */
export async function placeOrderWithStatus(
  db: Database,
  options: { provider: SimulatedPaymentProvider; shopper: TestShopper; productId: string; adminId: string; status?: OrderStatusAfter },
) {
  const placed = await placeOrder(db, {
    userId: options.shopper.id,
    idempotencyKey: randomUUID(),
    provider: options.provider,
    request: PlaceOrderSchema.parse({
      address_id: options.shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      lines: [{ product_id: options.productId, quantity: 1 }],
    }),
  });
  await changeOrderStatus(db, {
    orderId: placed.order.id,
    newStatus: options.status ?? "delivered",
    actor: { userId: options.adminId, role: "admin" },
    provider: options.provider,
  });
  return placed.order;
}
