import type { Route } from "./+types/clients-export";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { exportClientsCsv } from "~/.server/modules/accounts/clients-admin.service";
import { readAdminClientQuery } from "~/domain/customers/admin-clients.schema";

/** Selection export sends at most a page of ids; more is not a selection made on screen. */
const MAX_SELECTED_IDS = 500;

/**
 * GET /admin/clients/export?search=&status= (the filtered list) or ?id=…&id=… (Exporter
 * sélection): clients_{date}.csv, UTF-8 with BOM.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = readAdminClientQuery(params);
  const ids = params.has("id") ? params.getAll("id").slice(0, MAX_SELECTED_IDS) : undefined;
  const { fileName, body } = await exportClientsCsv(await getDb(), { search: query.search, status: query.status, ids });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
