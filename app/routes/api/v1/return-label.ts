import type { Route } from "./+types/return-label";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiLoader, found, methodNotAllowed } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { pdfAttachment } from "~/.server/http";
import { returnLabelPdf } from "~/.server/workflows/returns";
import { RETURN_NOT_FOUND_MESSAGE } from "~/domain/returns/returns";

/** GET /api/v1/returns/:id/label: the prepaid return label (PDF) of one of the shopper's returns. */
export const loader = apiLoader(async ({ request, params }: Route.LoaderArgs) => {
  const session = await requireApiUser(request);
  const label = found(await returnLabelPdf(await getDb(), params.id, { userId: session.user.id }), RETURN_NOT_FOUND_MESSAGE);
  return pdfAttachment(label.bytes, label.filename);
});

export const action = methodNotAllowed;
