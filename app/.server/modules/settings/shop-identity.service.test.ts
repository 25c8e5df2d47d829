import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { DomainError } from "~/domain/errors";
import { groupOpeningHours, isOpenAt, phoneHref, DEFAULT_OPENING_HOURS } from "~/domain/settings/shop-identity";
import { defaultShopIdentity, getShopIdentity, updateShopIdentity } from "./shop-identity.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("shop identity", () => {
  it("stands on the configuration and the published hours until a save", async () => {
    const identity = await getShopIdentity(handle.db, 0);
    expect(identity).toEqual(defaultShopIdentity());
    expect(identity.openingHours).toEqual(DEFAULT_OPENING_HOURS);
  });

  it("saves a valid identity and reads it back, and refuses a bad one field by field", async () => {
    const input = { ...defaultShopIdentity(), contactPhone: "04 95 00 00 00", securityContactEmail: "rssi@aurore.test" };
    const { before, after } = await updateShopIdentity(handle.db, input);
    expect(before.contactPhone).toBe(defaultShopIdentity().contactPhone);
    expect(after.contactPhone).toBe("04 95 00 00 00");
    expect((await getShopIdentity(handle.db, 0)).securityContactEmail).toBe("rssi@aurore.test");

    const refused = await updateShopIdentity(handle.db, {
      ...input,
      contactEmail: "pas-une-adresse",
      openingHours: [{ weekday: 1, opens: "19:00", closes: "09:00" }],
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).fieldErrors).toEqual({
      contactEmail: "Adresse e-mail invalide",
      "openingHours.0.closes": "L'heure de fermeture doit suivre l'heure d'ouverture",
    });
    expect((await getShopIdentity(handle.db, 0)).contactPhone).toBe("04 95 00 00 00");
  });
});

describe("opening hours", () => {
  it("are open on Paris time, the closing minute closed", () => {
    // Monday 2 November 2026, Paris is UTC+1.
    expect(isOpenAt(DEFAULT_OPENING_HOURS, new Date("2026-11-02T07:59:00Z"))).toBe(false);
    expect(isOpenAt(DEFAULT_OPENING_HOURS, new Date("2026-11-02T08:00:00Z"))).toBe(true);
    expect(isOpenAt(DEFAULT_OPENING_HOURS, new Date("2026-11-02T17:59:00Z"))).toBe(true);
    expect(isOpenAt(DEFAULT_OPENING_HOURS, new Date("2026-11-02T18:00:00Z"))).toBe(false);
    // Sunday closed.
    expect(isOpenAt(DEFAULT_OPENING_HOURS, new Date("2026-11-08T12:00:00Z"))).toBe(false);
  });

  it("are grouped by consecutive days with the same hours, as the Service client page prints them", () => {
    expect(groupOpeningHours(DEFAULT_OPENING_HOURS)).toEqual([
      { from: 1, to: 5, opens: "09:00", closes: "19:00" },
      { from: 6, to: 6, opens: "10:00", closes: "18:00" },
    ]);
    expect(phoneHref("01 23 45 67 89")).toBe("tel:+33123456789");
  });
});
