import type { Route } from "./+types/order-invoice";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { getOrderDocumentPdf } from "~/.server/workflows/invoices";

/** GET /api/v1/admin/orders/:id/invoice: any order's invoice, as a PDF (issued on first download for older orders). */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read", "invoices.read");
  const { bytes, filename } = await getOrderDocumentPdf(await getDb(), {
    orderId: params.id,
    viewer: "admin",
    document: { kind: "invoice" },
  });
  return pdfAttachment(bytes, filename);
});

export const action = methodNotAllowed;
