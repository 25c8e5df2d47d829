import type { Route } from "./+types/order-credit-note";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { getOrderDocumentPdf } from "~/.server/workflows/invoices";

/** GET /api/v1/admin/orders/:id/credit-notes/:number: a credit note of any order, as a PDF. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read", "invoices.read");
  const { bytes, filename } = await getOrderDocumentPdf(await getDb(), {
    orderId: params.id,
    viewer: "admin",
    document: { kind: "credit_note", number: params.number },
  });
  return pdfAttachment(bytes, filename);
});

export const action = methodNotAllowed;
