/**
 * A gift card issued straight by the service, as a paid order of a new buyer would issue it (an
 * e-mail card for Léa), with its plain code: for tests that pay with a card or count its balance.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "~/.server/db/client";
import { orderItems, orders } from "~/.server/db/schema";
import { issueGiftCards } from "~/.server/modules/gift-cards/gift-cards.service";
import { createShopper } from "./shoppers";

export async function issueTestGiftCard(
  db: Database,
  { amountCents, message = "", now = new Date() }: { amountCents: number; message?: string; now?: Date },
) {
  const buyer = await createShopper(db);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: buyer.id,
        orderNumber: `CMD-${randomUUID().slice(0, 12)}`,
        subtotalCents: amountCents,
        totalCents: amountCents,
        shippingAddress: { first_name: "A", last_name: "B", street: "", city: "", postal_code: "", country: "", phone: "" },
        metadata: { customer_info: { email: buyer.email, name: "Marie", phone: "0612345678" } },
      })
      .returning({ id: orders.id });
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: order.id,
        quantity: 1,
        unitPriceCents: amountCents,
        totalPriceCents: amountCents,
        productSnapshot: { name: "Carte cadeau", price_cents: amountCents, brand: "Aurore", image_url: null },
      })
      .returning({ id: orderItems.id });
    const [card] = await issueGiftCards(tx, {
      orderId: order.id,
      buyerUserId: buyer.id,
      buyerName: "Marie",
      lines: [
        {
          orderItemId: item.id,
          config: {
            amountCents,
            occasion: "anniversaire",
            deliveryMode: "email",
            recipientName: "Léa",
            recipientEmail: "lea@example.com",
            message,
          },
        },
      ],
      now,
    });
    return { ...card, buyerId: buyer.id };
  });
}
