import type { Route } from "./+types/accounting-ledger";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, dataResponse, everyIssue, methodNotAllowed, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { getSalesLedger } from "~/.server/workflows/accounting";
import { AccountingPeriodSchema } from "~/domain/accounting/period";

/** GET /api/v1/admin/accounting/ledger?from=&to=: the sales ledger per VAT rate and destination (decision 065). */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "accounting", "read");
  const params = new URL(request.url).searchParams;
  const period = validate(
    AccountingPeriodSchema,
    { from: params.get("from"), to: params.get("to") },
    everyIssue({ key: "parameter", path: "first" }),
    "invalid_query",
  );
  return dataResponse({ period, rows: await getSalesLedger(await getDb(), period) });
});

export const action = methodNotAllowed;
