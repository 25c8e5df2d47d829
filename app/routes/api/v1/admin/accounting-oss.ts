import type { Route } from "./+types/accounting-oss";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, dataResponse, everyIssue, methodNotAllowed, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { getOssTotals } from "~/.server/workflows/accounting";
import { OssQuarterSchema } from "~/domain/accounting/period";

/** GET /api/v1/admin/accounting/oss?year=&quarter=: the One-Stop Shop's totals per member state and rate (decision 065). */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "accounting", "read");
  const params = new URL(request.url).searchParams;
  const quarter = validate(
    OssQuarterSchema,
    { year: params.get("year") ?? undefined, quarter: params.get("quarter") ?? undefined },
    everyIssue({ key: "parameter", path: "first" }),
    "invalid_query",
  );
  const { period, rows } = await getOssTotals(await getDb(), quarter);
  return dataResponse({ year: quarter.year, quarter: quarter.quarter, period, rows });
});

export const action = methodNotAllowed;
