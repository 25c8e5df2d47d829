import type { Route } from "./+types/products-export";
import { requireStaffDownload } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { streamStockCsv } from "~/.server/modules/catalog/products-admin.service";
import { readAdminProductQuery } from "~/domain/catalog/admin-products.schema";
import { csvFileName } from "~/lib/csv";
import { log } from "~/.server/logger";
import { textStream } from "~/.server/text-stream";

/**
 * GET /admin/produits/export.csv?search=&category=&stock=: the stock report (one line per variant) of the current
 * filters, streamed in chunks (UTF-8 with BOM so Excel reads the accents).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffDownload(request, "admin/produits/export.csv");
  const query = readAdminProductQuery(new URL(request.url).searchParams);
  const db = await getDb();
  const body = textStream(streamStockCsv(db, query), (error) => log.error({ err: error }, "admin: stock CSV export failed"));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("stock")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
