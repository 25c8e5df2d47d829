import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { adminActivityLog, exchangeRates } from "../../db/schema";
import { eq } from "drizzle-orm";
import { isDomainError } from "~/domain/errors";
import { forgetExchangeRates, getExchangeRates, getIndicativeCurrency, updateExchangeRates } from "./exchange-rates.service";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

async function refusal(input: unknown): Promise<Record<string, string>> {
  try {
    await updateExchangeRates(handle.db, input, "admin-1");
  } catch (error) {
    if (isDomainError(error)) return (error.fieldErrors ?? {}) as Record<string, string>;
    throw error;
  }
  throw new Error("accepted");
}

describe("exchange rates", () => {
  it("starts with the rates the migration seeds", async () => {
    const seeded = await handle.db.select().from(exchangeRates);
    expect(Object.fromEntries(seeded.map((r) => [r.currency, r.rateE4]))).toEqual({ USD: 10800, GBP: 8500, CHF: 9500 });
    expect(await getExchangeRates(handle.db)).toEqual({ USD: 1.08, GBP: 0.85, CHF: 0.95 });
    expect(await getIndicativeCurrency(handle.db, "EUR")).toBeNull();
    expect(await getIndicativeCurrency(handle.db, "CHF")).toEqual({ currency: "CHF", rate: 0.95 });
  });

  it("saves the three rates (comma or point, four decimals) and forgets the cached ones", async () => {
    await getExchangeRates(handle.db);
    await updateExchangeRates(handle.db, { USD: "1,1234", GBP: "0.86", CHF: " 0,9 " }, "admin-1", {
      id: "admin-1",
      label: "admin@aurore.test",
    });
    expect(await getExchangeRates(handle.db)).toEqual({ USD: 1.1234, GBP: 0.86, CHF: 0.9 });
    await settleDomainEvents(handle.db);
    const [entry] = await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.action, "settings.exchange_rates_update"));
    expect(entry).toMatchObject({
      actorLabel: "admin@aurore.test",
      entityType: "settings",
      before: { USD: 1.08, GBP: 0.85, CHF: 0.95 },
      after: { USD: 1.1234, GBP: 0.86, CHF: 0.9 },
    });
    const rows = await handle.db.select().from(exchangeRates);
    expect(rows.find((r) => r.currency === "USD")).toMatchObject({ rateE4: 11234, updatedBy: "admin-1" });
  });

  it("refuses bad rates with French messages and changes nothing", async () => {
    forgetExchangeRates(handle.db);
    const before = await getExchangeRates(handle.db);
    expect(await refusal({ USD: "", GBP: "abc", CHF: "1,23456" })).toEqual({
      USD: "Indiquez un taux",
      GBP: "Le taux doit être un nombre (par exemple 1,08)",
      CHF: "Le taux a au plus 4 décimales",
    });
    expect(await refusal({ USD: "0", GBP: "0,85", CHF: "0,95" })).toEqual({ USD: "Le taux doit être positif" });
    expect(await refusal({ USD: "-1", GBP: "0,85", CHF: "0,95" })).toEqual({ USD: "Le taux doit être un nombre (par exemple 1,08)" });
    expect(await refusal({ USD: "1,08", GBP: "25", CHF: "0,95" })).toEqual({ GBP: "Le taux doit être compris entre 0,1 et 10" });
    expect(await refusal(null)).toMatchObject({ USD: "Indiquez un taux" });
    forgetExchangeRates(handle.db);
    expect(await getExchangeRates(handle.db)).toEqual(before);
  });
});
