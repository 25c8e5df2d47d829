import type { Route } from "./+types/clients-export";
import { requireRecentSecondFactorFor, requireStaffDownload } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { exportClientsCsv } from "~/.server/modules/accounts/clients-admin.service";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { recordAdminChange } from "~/.server/outbox/events";
import { CLIENT_FILTER_LABELS, readAdminClientQuery, type AdminClientQuery } from "~/domain/customers/admin-clients.schema";
import { CSV_BOM, CSV_SEPARATOR, parseCsv } from "~/lib/csv";
import { plural } from "~/lib/plural";

/** Selection export sends at most a page of ids; more is not a selection made on screen. */
const MAX_SELECTED_IDS = 500;

/** The clients in the file: its records but the header (a bio may hold a line break, so not its lines). */
const clientCountOf = (body: string) => Math.max(0, parseCsv(body.replace(CSV_BOM, ""), CSV_SEPARATOR).length - 1);

/** Which clients, for the log: the selection, or the list's filters. */
function scopeOf(query: AdminClientQuery, ids: string[] | undefined): string {
  if (ids) return " (sélection)";
  const filters = [query.search ? `recherche « ${query.search} »` : "", query.status === "all" ? "" : CLIENT_FILTER_LABELS[query.status]];
  const named = filters.filter(Boolean);
  return named.length > 0 ? ` (${named.join(", ")})` : "";
}

/**
 * GET /admin/clients/export?search=&status= (the filtered list) or ?id=…&id=… (Exporter
 * sélection): clients_{date}.csv, UTF-8 with BOM. Personal data leaving the shop (decision 066):
 * the second factor passed within the last minutes, and the export is logged as `client.export`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffDownload(request, "admin/clients/export");
  await requireRecentSecondFactorFor(request, session);
  const params = new URL(request.url).searchParams;
  const query = readAdminClientQuery(params);
  const ids = params.has("id") ? params.getAll("id").slice(0, MAX_SELECTED_IDS) : undefined;
  const db = await getDb();
  const { fileName, body } = await exportClientsCsv(db, { search: query.search, status: query.status, ids });
  const count = clientCountOf(body);
  await db.transaction((tx) =>
    recordAdminChange(tx, adminActorOf(session), {
      action: "client.export",
      entityType: "client",
      summary: `Export CSV de ${plural(count, "client", "clients")}${scopeOf(query, ids)}`,
      after: { count, file: fileName, search: query.search, status: query.status, selected: ids?.length ?? null },
    }),
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
