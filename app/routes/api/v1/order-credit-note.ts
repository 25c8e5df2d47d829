import type { Route } from "./+types/order-credit-note";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiLoader, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { getOrderDocumentPdf } from "~/.server/workflows/invoices";

/** GET /api/v1/orders/:id/credit-notes/:number: a credit note of one of the shopper's orders, as a PDF. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  const { bytes, filename } = await getOrderDocumentPdf(await getDb(), {
    orderId: params.id,
    viewer: { userId: session.user.id },
    document: { kind: "credit_note", number: params.number },
  });
  return pdfAttachment(bytes, filename);
});

export const action = methodNotAllowed;
