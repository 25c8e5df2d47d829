import type { Route } from "./+types/return-label";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, found, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { returnLabelPdf } from "~/.server/workflows/returns";
import { RETURN_NOT_FOUND_MESSAGE } from "~/domain/returns/returns";

/** GET /api/v1/admin/returns/{id}/label: any return's label, for the back-office. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  await requireAdminApi(request, "returns", "read");
  const label = found(await returnLabelPdf(await getDb(), params.id, "admin"), RETURN_NOT_FOUND_MESSAGE);
  return pdfAttachment(label.bytes, label.filename);
});

export const action = methodNotAllowed;
