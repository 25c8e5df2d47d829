import type { Route } from "./+types/shipment-labels";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, found, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { parisDay } from "~/lib/paris-time";
import { joinedLabels } from "~/.server/workflows/shipments";

const NO_LABEL_MESSAGE = "Aucune des commandes choisies n'a d'étiquette : préparez d'abord leur expédition.";

/** GET /api/v1/admin/shipments/labels?order_ids=: the selected orders' labels in one PDF. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  const ids = (new URL(request.url).searchParams.get("order_ids") ?? "").split(",").filter(Boolean);
  const pdf = found(await joinedLabels(await getDb(), ids), NO_LABEL_MESSAGE);
  return pdfAttachment(pdf, `etiquettes-${parisDay(new Date())}.pdf`);
});

export const action = methodNotAllowed;
