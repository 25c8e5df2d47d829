/**
 * The chart of accounts of the accountant's export (docs/decisions/065-accounting-export.md), kept
 * under the `chart_of_accounts` key of shop_settings. Read only by exports, so never cached: a save
 * applies to the next export in every process.
 */
import { readSetting, refusedSettings, writeSetting } from "./settings-store";
import type { Executor } from "~/.server/db/client";
import { ChartOfAccountsSchema, DEFAULT_CHART_OF_ACCOUNTS, type ChartOfAccounts } from "~/domain/accounting/chart-of-accounts";

export const CHART_OF_ACCOUNTS_KEY = "chart_of_accounts";
export const CHART_OF_ACCOUNTS_INVALID_MESSAGE = "Plan de comptes invalide : corrigez les comptes signalés";

/** The saved chart, or the defaults (a stored value that no longer passes the schema gives the defaults). */
export async function getChartOfAccounts(db: Executor): Promise<ChartOfAccounts> {
  const value = await readSetting(db, CHART_OF_ACCOUNTS_KEY);
  const stored = ChartOfAccountsSchema.safeParse({ ...DEFAULT_CHART_OF_ACCOUNTS, ...((value as object | undefined) ?? {}) });
  return stored.success ? stored.data : DEFAULT_CHART_OF_ACCOUNTS;
}

/** Checks and saves the chart; refused with a French message per field, nothing written. */
export async function saveChartOfAccounts(db: Executor, input: unknown): Promise<{ before: ChartOfAccounts; after: ChartOfAccounts }> {
  const parsed = ChartOfAccountsSchema.safeParse(input ?? {});
  if (!parsed.success) throw refusedSettings("invalid_chart_of_accounts", parsed.error, CHART_OF_ACCOUNTS_INVALID_MESSAGE);
  const before = await getChartOfAccounts(db);
  const after = parsed.data;
  await writeSetting(db, CHART_OF_ACCOUNTS_KEY, after);
  return { before, after };
}
