/**
 * The chart of accounts of the accountant's export (docs/decisions/065-accounting-export.md), kept
 * under the `chart_of_accounts` key of shop_settings. Read only by exports, so never cached: a save
 * applies to the next export in every process.
 */
import { refusedSettings } from "./settings-refusal";
import { eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { shopSettings } from "~/.server/db/schema";
import { ChartOfAccountsSchema, DEFAULT_CHART_OF_ACCOUNTS, type ChartOfAccounts } from "~/domain/accounting/chart-of-accounts";

export const CHART_OF_ACCOUNTS_KEY = "chart_of_accounts";
export const CHART_OF_ACCOUNTS_INVALID_MESSAGE = "Plan de comptes invalide : corrigez les comptes signalés";

/** The saved chart, or the defaults (a stored value that no longer passes the schema gives the defaults). */
export async function getChartOfAccounts(db: Executor): Promise<ChartOfAccounts> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, CHART_OF_ACCOUNTS_KEY));
  const stored = ChartOfAccountsSchema.safeParse({ ...DEFAULT_CHART_OF_ACCOUNTS, ...((row?.value as object | undefined) ?? {}) });
  return stored.success ? stored.data : DEFAULT_CHART_OF_ACCOUNTS;
}

/** Checks and saves the chart; refused with a French message per field, nothing written. */
export async function saveChartOfAccounts(db: Executor, input: unknown): Promise<{ before: ChartOfAccounts; after: ChartOfAccounts }> {
  const parsed = ChartOfAccountsSchema.safeParse(input ?? {});
  if (!parsed.success) throw refusedSettings("invalid_chart_of_accounts", parsed.error, CHART_OF_ACCOUNTS_INVALID_MESSAGE);
  const before = await getChartOfAccounts(db);
  const after = parsed.data;
  const updatedAt = new Date();
  await db
    .insert(shopSettings)
    .values({ key: CHART_OF_ACCOUNTS_KEY, value: after, updatedAt })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: after, updatedAt } });
  return { before, after };
}
