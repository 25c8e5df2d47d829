import type { Route } from "./+types/accounting-fec";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, everyIssue, methodNotAllowed, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { recordAdminChange } from "~/.server/outbox/events";
import { accountingDownload } from "~/.server/workflows/accounting";
import { AccountingPeriodSchema } from "~/domain/accounting/period";

/**
 * GET /api/v1/admin/accounting/fec?from=&to=: the FEC of a sealed period of closed days (decision 065);
 * logged as `accounting.export` with its caller, as the back-office's downloads are (decision 066).
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const { actor } = await requireAdminApi(request, "accounting", "read");
  const params = new URL(request.url).searchParams;
  const period = validate(
    AccountingPeriodSchema,
    { from: params.get("from"), to: params.get("to") },
    everyIssue({ key: "parameter", path: "first" }),
    "invalid_query",
  );
  const db = await getDb();
  const file = await accountingDownload(db, { kind: "fec", period });
  // Once the file is built (a refused period exports nothing): who took the books, and which.
  await db.transaction((tx) =>
    recordAdminChange(tx, actor, {
      action: "accounting.export",
      entityType: "accounting",
      entityId: "fec",
      summary: `FEC du ${period.from} au ${period.to} exporté par l'API (${file.fileName})`,
      after: { kind: "fec", from: period.from, to: period.to, file: file.fileName },
    }),
  );
  return new Response(file.body as BodyInit, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const action = methodNotAllowed;
