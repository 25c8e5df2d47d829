/**
 * Comptabilité (docs/decisions/065-accounting-export.md), where the accounting module meets what
 * it needs from others: the chart of accounts and the SIREN (settings), and the invoices of
 * orders still without one (invoices workflow) for the fix an unsealed period offers.
 */
import type { Database } from "~/.server/db/client";
import {
  accountingPreview,
  exportFec,
  exportOss,
  exportSalesLedger,
  ossTotalsOf,
  salesLedgerOf,
  unsealedOrders,
  type ExportFile,
} from "~/.server/modules/accounting/accounting.service";
import type { AccountingPreview, LedgerRow, OssRow } from "~/domain/accounting/accounting.types";
import { getChartOfAccounts, saveChartOfAccounts } from "~/.server/modules/settings/chart-of-accounts.service";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { recordAdminChange } from "~/.server/outbox/events";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import type { ChartOfAccounts } from "~/domain/accounting/chart-of-accounts";
import type { AccountingDownload, AccountingPeriod, OssQuarter } from "~/domain/accounting/period";
import { ensureInvoice } from "./invoices";

export { getChartOfAccounts };

export async function getAccountingPreview(db: Database, period: AccountingPeriod): Promise<AccountingPreview> {
  return accountingPreview(db, period, await getChartOfAccounts(db));
}

/** One of the three files, or the French refusal (bad period, unsealed invoices, no SIREN). */
export async function accountingDownload(db: Database, request: AccountingDownload, now = new Date()): Promise<ExportFile> {
  if (request.kind === "oss") return exportOss(db, request.quarter);
  if (request.kind === "ledger") return exportSalesLedger(db, request.period);
  const [chart, identity] = await Promise.all([getChartOfAccounts(db), getShopIdentity(db)]);
  return exportFec(db, { period: request.period, chart, siren: identity.siren, now });
}

export async function getSalesLedger(db: Database, period: AccountingPeriod): Promise<LedgerRow[]> {
  return salesLedgerOf(db, period);
}

export async function getOssTotals(db: Database, quarter: OssQuarter): Promise<{ period: AccountingPeriod; rows: OssRow[] }> {
  return ossTotalsOf(db, quarter);
}

/**
 * Seals a period: issues the invoice of each paid order placed in it that has none, each in its
 * own transaction as a first download would (so two clicks make one invoice per order). They are
 * dated today, hence journalled in today's period.
 */
export async function issueMissingInvoices(db: Database, period: AccountingPeriod, now = new Date()): Promise<number> {
  const done = new Set<string>();
  for (;;) {
    const { orders } = await unsealedOrders(db, period);
    if (orders.length === 0) return done.size;
    for (const order of orders) {
      // An order still listed after its invoice was issued would loop for ever: a fault, said once.
      if (done.has(order.id)) throw new Error(`order ${order.number} is still without an invoice after ensureInvoice`);
      await ensureInvoice(db, order.id, now);
      done.add(order.id);
    }
  }
}

/** Paramètres, "Plan de comptes": saved and recorded in the activity log in one transaction. */
export async function updateChartOfAccounts(db: Database, actor: AdminActor, input: unknown): Promise<ChartOfAccounts> {
  return db.transaction(async (tx) => {
    const { before, after } = await saveChartOfAccounts(tx, input);
    await recordAdminChange(tx, actor, {
      action: "settings.chart_of_accounts_update",
      entityType: "settings",
      entityId: "chart_of_accounts",
      summary: "Plan de comptes modifié",
      before,
      after,
    });
    return after;
  });
}
