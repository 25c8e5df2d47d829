import type { Route } from "./+types/order-shipment-label";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, found, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { labelOf, outboundShipmentOf } from "~/.server/modules/delivery/shipments.service";

const SHIPMENT_LABEL_NOT_FOUND_MESSAGE = "Cette commande n'a pas encore d'étiquette : préparez d'abord son expédition.";

/** GET /api/v1/admin/orders/{id}/shipment/label: the carrier's label as it was printed. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  const shipment = found(await outboundShipmentOf(await getDb(), params.id), SHIPMENT_LABEL_NOT_FOUND_MESSAGE);
  return pdfAttachment(labelOf(shipment).pdf, `etiquette-${shipment.trackingNumber}.pdf`);
});

export const action = methodNotAllowed;
