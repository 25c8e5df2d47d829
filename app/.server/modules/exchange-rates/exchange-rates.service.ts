/**
 * The indicative exchange rates of Paramètres (docs/decisions/043-preferences-that-take-effect.md):
 * the only writer of `exchange_rates`. Every page of a signed-in shopper who chose another
 * currency reads them, so they are cached per database handle for RATES_TTL_MS and dropped at
 * once in every server process when an administrator saves them ("settings", decision 038);
 * nothing is cached while this process cannot hear the others.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { exchangeRates } from "~/.server/db/schema";
import { announceInvalidation } from "~/.server/invalidations";
import { createDbMemo } from "~/.server/db-memo";
import { invalid } from "~/domain/errors";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { changedFields } from "~/domain/activity-log/masking";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import type { Currency } from "~/domain/account/preferences.schema";
import {
  DEFAULT_EXCHANGE_RATES,
  DISPLAY_CURRENCIES,
  EXCHANGE_RATE_SCALE,
  ExchangeRatesFormSchema,
  type ExchangeRateField,
  type ExchangeRates,
  type IndicativeCurrency,
} from "~/domain/currency/exchange-rates";

export const RATES_TTL_MS = 60_000;

const ratesMemo = createDbMemo<ExchangeRates>({ kind: "settings", name: "exchange-rates", ttlMs: RATES_TTL_MS });

/** The three rates; a missing row (a table emptied by hand) reads as the default rate. */
export async function getExchangeRates(db: Executor, now: number = Date.now()): Promise<ExchangeRates> {
  return ratesMemo.get(
    db,
    "value",
    async () => {
      const rows = await db.select().from(exchangeRates);
      const value = { ...DEFAULT_EXCHANGE_RATES };
      for (const row of rows) {
        if ((DISPLAY_CURRENCIES as readonly string[]).includes(row.currency)) {
          value[row.currency as ExchangeRateField] = row.rateE4 / EXCHANGE_RATE_SCALE;
        }
      }
      return value;
    },
    now,
  );
}

/** What a signed-in page needs to draw "≈ 13,90 CHF"; null for euros. */
export async function getIndicativeCurrency(db: Executor, currency: Currency): Promise<IndicativeCurrency> {
  if (currency === "EUR") return null;
  const rates = await getExchangeRates(db);
  return { currency, rate: rates[currency] };
}

/**
 * Paramètres: the three rates at once (all or none). A refused form throws
 * `invalid_exchange_rates` with one French message per field.
 */
export async function updateExchangeRates(db: Executor, input: unknown, actorUserId: string, actor?: AdminActor): Promise<ExchangeRates> {
  const parsed = ExchangeRatesFormSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const fieldErrors: Partial<Record<ExchangeRateField, string>> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as ExchangeRateField] ??= issue.message;
    throw invalid("invalid_exchange_rates", Object.values(fieldErrors).join(" ; "), { fieldErrors });
  }
  const rates = parsed.data;
  const updatedAt = new Date();
  await db.transaction(async (tx) => {
    const before = await getExchangeRates(tx);
    // One statement: the three rates change together or not at all.
    await tx
      .insert(exchangeRates)
      .values(
        DISPLAY_CURRENCIES.map((currency) => ({
          currency,
          rateE4: Math.round(rates[currency] * EXCHANGE_RATE_SCALE),
          updatedBy: actorUserId,
          updatedAt,
        })),
      )
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: { rateE4: sql`excluded.rate_e4`, updatedBy: actorUserId, updatedAt },
      });
    await recordAdminChangeBy(tx, actor, {
      action: "settings.exchange_rates_update",
      entityType: "settings",
      entityId: "exchange_rates",
      summary: "Taux de change indicatifs modifiés",
      ...changedFields(before, rates),
    });
  });
  // Only signed-in pages show converted prices (anonymous shared-cached pages never do).
  void announceInvalidation(["settings"]);
  return rates;
}

/** Tests that write the table directly drop this process's copy. */
export function forgetExchangeRates(db: Executor): void {
  ratesMemo.forget(db);
}
