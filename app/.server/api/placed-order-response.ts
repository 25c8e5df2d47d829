import type { PlacedOrder } from "~/.server/workflows/place-order";

/** A placed order as the API answers it: 201 when created, 200 when an earlier request made it. */
export function placedOrderResponse(result: PlacedOrder): Response {
  return Response.json(
    { data: result.order },
    { status: result.replayed ? 200 : 201, headers: { "Cache-Control": "no-store", Location: `/api/v1/orders/${result.order.id}` } },
  );
}
