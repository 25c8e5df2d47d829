import type { Route } from "./+types/accounting-fec";
import { requireAdminApi } from "~/.server/api/admin-api";
import { apiLoader, everyIssue, methodNotAllowed, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { accountingDownload } from "~/.server/workflows/accounting";
import { AccountingPeriodSchema } from "~/domain/accounting/period";

/** GET /api/v1/admin/accounting/fec?from=&to=: the FEC of a sealed period of closed days (decision 065). */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  await requireAdminApi(request, "accounting", "read");
  const params = new URL(request.url).searchParams;
  const period = validate(
    AccountingPeriodSchema,
    { from: params.get("from"), to: params.get("to") },
    everyIssue({ key: "parameter", path: "first" }),
    "invalid_query",
  );
  const file = await accountingDownload(await getDb(), { kind: "fec", period });
  return new Response(file.body as BodyInit, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
});

export const action = methodNotAllowed;
