import type { Route } from "./+types/accounting-export";
import { requireStaffDownload } from "~/.server/auth/staff-routes.server";
import { getDb } from "~/.server/db";
import { statusOf } from "~/.server/error-responses";
import { recordAdminChange } from "~/.server/outbox/events";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { accountingDownload } from "~/.server/workflows/accounting";
import { readAccountingDownload, type AccountingDownload } from "~/domain/accounting/period";
import { isDomainError } from "~/domain/errors";

const refusal = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

const KIND_LABELS: Record<AccountingDownload["kind"], string> = { fec: "FEC", ledger: "Journal des ventes", oss: "Déclaration OSS" };

/** The activity log's line: which books left the shop, for which period. */
function exportSummary(asked: AccountingDownload, fileName: string): string {
  const what =
    asked.kind === "oss"
      ? `${KIND_LABELS.oss} du trimestre ${asked.quarter.quarter} de ${asked.quarter.year}`
      : `${KIND_LABELS[asked.kind]} du ${asked.period.from} au ${asked.period.to}`;
  return `Téléchargement depuis la Comptabilité : ${what} (${fileName})`;
}

/**
 * GET /admin/comptabilite/export?type=fec|ledger&from=&to= or ?type=oss&year=&quarter=: the
 * Comptabilité page's downloads (decision 065). A refusal is its French sentence, never a file
 * cut short: each file is built whole before it is answered. Each download is logged as
 * `accounting.export`, as the admin API's are (decision 066).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffDownload(request, "admin/comptabilite/export");
  const asked = readAccountingDownload(new URL(request.url).searchParams);
  if (!asked.ok) return refusal(400, asked.message);
  const download = asked.value;
  try {
    const db = await getDb();
    const file = await accountingDownload(db, download);
    // Once the file is built (a refused period exports nothing): who took the books, and which.
    await db.transaction((tx) =>
      recordAdminChange(tx, adminActorOf(session), {
        action: "accounting.export",
        entityType: "accounting",
        entityId: download.kind,
        summary: exportSummary(download, file.fileName),
        after:
          download.kind === "oss"
            ? { kind: "oss", year: download.quarter.year, quarter: download.quarter.quarter, file: file.fileName }
            : { kind: download.kind, from: download.period.from, to: download.period.to, file: file.fileName },
      }),
    );
    return new Response(file.body as BodyInit, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refusal(statusOf(error), error.message);
  }
}
