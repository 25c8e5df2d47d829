import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { shopSettings } from "../../db/schema";
import {
  AMOUNT_DECIMALS_MESSAGE,
  AMOUNT_POSITIVE_MESSAGE,
  AMOUNT_REQUIRED_MESSAGE,
  FREE_SHIPPING_THRESHOLD_MAX_MESSAGE,
  SHIPPING_FEE_MAX_MESSAGE,
  centsToEurosInput,
} from "~/domain/settings/shop-settings.schema";
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_FEE_CENTS } from "~/lib/shop-rules";
import { SETTINGS_TTL_MS, SHIPPING_SETTINGS_KEY, getShippingSettings, updateShippingSettings } from "./shop-settings.service";

let handle: DatabaseHandle;
const admin = "user-settings-admin";

async function storedRow() {
  const [row] = await handle.db.select().from(shopSettings).where(eq(shopSettings.key, SHIPPING_SETTINGS_KEY));
  return row;
}

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

describe("shop settings: shipping", () => {
  it("defaults to the published rules when nothing is stored", async () => {
    expect(await storedRow()).toBeUndefined();
    expect(await getShippingSettings(handle.db)).toEqual({
      feeCents: SHIPPING_FEE_CENTS,
      freeThresholdCents: FREE_SHIPPING_THRESHOLD_CENTS,
    });
  });

  it("refuses bad amounts with French messages and stores nothing", async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ shipping_fee: "-1", free_shipping_threshold: "100" }, { shipping_fee: AMOUNT_POSITIVE_MESSAGE }],
      [{ shipping_fee: "abc", free_shipping_threshold: "100" }, { shipping_fee: AMOUNT_POSITIVE_MESSAGE }],
      [{ shipping_fee: "9,90", free_shipping_threshold: "1e3" }, { free_shipping_threshold: AMOUNT_POSITIVE_MESSAGE }],
      [{ shipping_fee: "9,999", free_shipping_threshold: "100" }, { shipping_fee: AMOUNT_DECIMALS_MESSAGE }],
      [{ shipping_fee: "100.01", free_shipping_threshold: "100" }, { shipping_fee: SHIPPING_FEE_MAX_MESSAGE }],
      [{ shipping_fee: "9,90", free_shipping_threshold: "10000,01" }, { free_shipping_threshold: FREE_SHIPPING_THRESHOLD_MAX_MESSAGE }],
      [
        { shipping_fee: "9,90", free_shipping_threshold: "99999999999999999999" },
        { free_shipping_threshold: FREE_SHIPPING_THRESHOLD_MAX_MESSAGE },
      ],
      [
        { shipping_fee: "", free_shipping_threshold: "-5" },
        { shipping_fee: AMOUNT_REQUIRED_MESSAGE, free_shipping_threshold: AMOUNT_POSITIVE_MESSAGE },
      ],
      [{}, { shipping_fee: AMOUNT_REQUIRED_MESSAGE, free_shipping_threshold: AMOUNT_REQUIRED_MESSAGE }],
    ];
    for (const [input, errors] of cases) {
      await expect(updateShippingSettings(handle.db, input, admin), JSON.stringify(input)).rejects.toMatchObject({
        kind: "invalid",
        code: "invalid_shipping_settings",
        message: Object.values(errors).join(" ; "),
        fieldErrors: errors,
      });
    }
    await expect(updateShippingSettings(handle.db, null, admin)).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_shipping_settings",
      fieldErrors: { shipping_fee: AMOUNT_REQUIRED_MESSAGE, free_shipping_threshold: AMOUNT_REQUIRED_MESSAGE },
    });
    expect(await storedRow()).toBeUndefined();
    expect(await getShippingSettings(handle.db)).toEqual({ feeCents: 990, freeThresholdCents: 10_000 });
  });

  it("stores euros as cents and reads the new figures at once", async () => {
    // Warm the cache first: the update must drop it.
    await getShippingSettings(handle.db);
    const result = await updateShippingSettings(handle.db, { shipping_fee: "5,9", free_shipping_threshold: " 50 " }, admin);
    expect(result).toEqual({ feeCents: 590, freeThresholdCents: 5000 });
    expect(await getShippingSettings(handle.db)).toEqual({ feeCents: 590, freeThresholdCents: 5000 });
    const row = await storedRow();
    expect(row?.value).toMatchObject({ fee_cents: 590, free_threshold_cents: 5000, updated_by: admin });

    // Bounds are accepted: free delivery at 0 €, the largest threshold, a 100 € fee.
    expect(await updateShippingSettings(handle.db, { shipping_fee: "100.00", free_shipping_threshold: "10000" }, admin)).toEqual({
      feeCents: 10_000,
      freeThresholdCents: 1_000_000,
    });
    expect(await updateShippingSettings(handle.db, { shipping_fee: "0", free_shipping_threshold: "0,00" }, admin)).toEqual({
      feeCents: 0,
      freeThresholdCents: 0,
    });
    // A refused update leaves the last good figures.
    await expect(updateShippingSettings(handle.db, { shipping_fee: "-3", free_shipping_threshold: "10" }, admin)).rejects.toMatchObject({
      code: "invalid_shipping_settings",
    });
    expect(await getShippingSettings(handle.db)).toEqual({ feeCents: 0, freeThresholdCents: 0 });
    await updateShippingSettings(handle.db, { shipping_fee: "9,90", free_shipping_threshold: "100" }, admin);
  });

  it("caches for a few seconds, then reads what another process wrote", async () => {
    const now = Date.now();
    expect(await getShippingSettings(handle.db, now)).toEqual({ feeCents: 990, freeThresholdCents: 10_000 });
    // Another server process updates the row: this one keeps its figures until the TTL passes.
    await handle.db
      .update(shopSettings)
      .set({ value: { fee_cents: 490, free_threshold_cents: 3000 } })
      .where(eq(shopSettings.key, SHIPPING_SETTINGS_KEY));
    expect(await getShippingSettings(handle.db, now + 1000)).toEqual({ feeCents: 990, freeThresholdCents: 10_000 });
    expect(await getShippingSettings(handle.db, now + SETTINGS_TTL_MS + 1)).toEqual({ feeCents: 490, freeThresholdCents: 3000 });
  });

  it("falls back to the defaults for a malformed stored value", async () => {
    await handle.db
      .update(shopSettings)
      .set({ value: { fee_cents: "cher", free_threshold_cents: -1 } })
      .where(eq(shopSettings.key, SHIPPING_SETTINGS_KEY));
    expect(await getShippingSettings(handle.db, Date.now() + 60_000)).toEqual({ feeCents: 990, freeThresholdCents: 10_000 });
  });

  it("shows cents as the form's euros", () => {
    expect(centsToEurosInput(990)).toBe("9,90");
    expect(centsToEurosInput(10_000)).toBe("100");
    expect(centsToEurosInput(5)).toBe("0,05");
  });
});
