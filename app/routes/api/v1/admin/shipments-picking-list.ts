import type { Route } from "./+types/shipments-picking-list";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { parisDay } from "~/lib/paris-time";
import { pickingList } from "~/.server/workflows/shipments";

/** GET /api/v1/admin/shipments/picking-list?order_ids=: what to gather for the selected orders. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "orders", "read");
  const ids = (new URL(request.url).searchParams.get("order_ids") ?? "").split(",").filter(Boolean);
  return pdfAttachment(await pickingList(await getDb(), ids), `preparation-${parisDay(new Date())}.pdf`);
});

export const action = methodNotAllowed;
