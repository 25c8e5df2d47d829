import type { Route } from "./+types/accounting-export";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { statusOf } from "~/.server/error-responses";
import { accountingDownload } from "~/.server/workflows/accounting";
import { readAccountingDownload } from "~/domain/accounting/period";
import { isDomainError } from "~/domain/errors";

const refusal = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

/**
 * GET /admin/comptabilite/export?type=fec|ledger&from=&to= or ?type=oss&year=&quarter=: the
 * Comptabilité page's downloads (decision 065). A refusal is its French sentence, never a file
 * cut short: each file is built whole before it is answered.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const asked = readAccountingDownload(new URL(request.url).searchParams);
  if (!asked.ok) return refusal(400, asked.message);
  try {
    const file = await accountingDownload(await getDb(), asked.value);
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
