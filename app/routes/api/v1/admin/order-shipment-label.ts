import type { Route } from "./+types/order-shipment-label";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, found, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { printedParcel } from "~/.server/workflows/shipments";

const SHIPMENT_LABEL_NOT_FOUND_MESSAGE = "Cette commande n'a pas encore d'étiquette : préparez d'abord son expédition.";

/** GET /api/v1/admin/orders/{id}/shipment/label: the carrier's label as it was printed, its CN23 after it. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  const parcel = found(await printedParcel(await getDb(), params.id), SHIPMENT_LABEL_NOT_FOUND_MESSAGE);
  return pdfAttachment(parcel.pdf, `etiquette-${parcel.trackingNumber}.pdf`);
});

export const action = methodNotAllowed;
