import type { Route } from "./+types/order-gift-receipt";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiLoader, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { giftDocumentPdf } from "~/.server/workflows/order-gift";

/** GET /api/v1/orders/:id/gift-receipt: the gift receipt (no prices) of one of the shopper's orders; someone else's is "not found". */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  const { bytes, filename } = await giftDocumentPdf(await getDb(), {
    orderId: params.id,
    viewer: { userId: session.user.id },
    kind: "gift_receipt",
  });
  return pdfAttachment(bytes, filename);
});

export const action = methodNotAllowed;
