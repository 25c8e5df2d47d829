import type { Route } from "./+types/accounting-ledger";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, dataResponse, everyIssue, methodNotAllowed, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { recordAdminChange } from "~/.server/outbox/events";
import { getSalesLedger } from "~/.server/workflows/accounting";
import { AccountingPeriodSchema } from "~/domain/accounting/period";

/**
 * GET /api/v1/admin/accounting/ledger?from=&to=: the sales ledger per VAT rate and destination (decision 065);
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
  const rows = await getSalesLedger(db, period);
  // The ledger's download as JSON: the same figures leave the shop, so the same entry is logged.
  await db.transaction((tx) =>
    recordAdminChange(tx, actor, {
      action: "accounting.export",
      entityType: "accounting",
      entityId: "ledger",
      summary: `Journal des ventes du ${period.from} au ${period.to} exporté par l'API`,
      after: { kind: "ledger", from: period.from, to: period.to },
    }),
  );
  return dataResponse({ period, rows });
});

export const action = methodNotAllowed;
