import type { Route } from "./+types/accounting-oss";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, dataResponse, everyIssue, methodNotAllowed, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { recordAdminChange } from "~/.server/outbox/events";
import { getOssTotals } from "~/.server/workflows/accounting";
import { OssQuarterSchema } from "~/domain/accounting/period";

/**
 * GET /api/v1/admin/accounting/oss?year=&quarter=: the One-Stop Shop's totals per member state and rate (decision 065);
 * logged as `accounting.export` with its caller, as the back-office's downloads are (decision 066).
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const { actor } = await requireAdminApi(request, "accounting", "read");
  const params = new URL(request.url).searchParams;
  const quarter = validate(
    OssQuarterSchema,
    { year: params.get("year") ?? undefined, quarter: params.get("quarter") ?? undefined },
    everyIssue({ key: "parameter", path: "first" }),
    "invalid_query",
  );
  const db = await getDb();
  const { period, rows } = await getOssTotals(db, quarter);
  // The OSS download's figures as JSON: the same figures leave the shop, so the same entry is logged.
  await db.transaction((tx) =>
    recordAdminChange(tx, actor, {
      action: "accounting.export",
      entityType: "accounting",
      entityId: "oss",
      summary: `Déclaration OSS du trimestre ${quarter.quarter} de ${quarter.year} exportée par l'API`,
      after: { kind: "oss", year: quarter.year, quarter: quarter.quarter, from: period.from, to: period.to },
    }),
  );
  return dataResponse({ year: quarter.year, quarter: quarter.quarter, period, rows });
});

export const action = methodNotAllowed;
