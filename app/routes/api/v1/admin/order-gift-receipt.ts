import type { Route } from "./+types/order-gift-receipt";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { giftDocumentPdf } from "~/.server/workflows/order-gift";

/** GET /api/v1/admin/orders/:id/gift-receipt: printed with the parcel (decision 068). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  const { bytes, filename } = await giftDocumentPdf(await getDb(), { orderId: params.id, viewer: "admin", kind: "gift_receipt" });
  return pdfAttachment(bytes, filename);
});

export const action = methodNotAllowed;
