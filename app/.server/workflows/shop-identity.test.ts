import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import type { DatabaseHandle } from "../db/client";
import { adminActivityLog } from "../db/schema";
import { saveShopIdentity } from "./shop-identity";
import { getShopIdentity } from "../modules/settings/shop-identity.service";
import { remapIdentityErrors, shopIdentityFromForm } from "~/domain/settings/shop-identity-form";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

let handle: DatabaseHandle;
const actor = { id: "user-identity-admin", label: "admin@aurore.test" };

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

function formOf(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

describe("saveShopIdentity", () => {
  it("saves the identity and records the change with the values before and after", async () => {
    const before = await getShopIdentity(handle.db, 0);
    const saved = await saveShopIdentity(handle.db, actor, {
      ...before,
      contactPhone: "01 98 76 54 32",
      securityContactEmail: "rssi@aurore.test",
    });
    expect(saved.contactPhone).toBe("01 98 76 54 32");
    expect((await getShopIdentity(handle.db, Date.now() + 60_000)).securityContactEmail).toBe("rssi@aurore.test");
    await settleDomainEvents(handle.db);
    const entries = await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.action, "settings.identity_update"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorLabel: "admin@aurore.test",
      entityType: "settings",
      before: { contactPhone: before.contactPhone },
      after: { contactPhone: "01 98 76 54 32", securityContactEmail: "rssi@aurore.test" },
    });
  });

  it("refuses bad fields with one French message each, saving and logging nothing", async () => {
    const current = await getShopIdentity(handle.db, Date.now() + 120_000);
    const { values, weekdays } = shopIdentityFromForm(
      formOf({
        ...Object.fromEntries(Object.entries(current).filter(([, v]) => typeof v === "string")),
        contactEmail: "pas-un-email",
        companyName: " ",
        "day-1-open": "on",
        "day-1-opens": "09:00",
        "day-1-closes": "19:00",
        "day-6-open": "on",
        "day-6-opens": "18:00",
        "day-6-closes": "10:00",
      }),
    );
    const error = await saveShopIdentity(handle.db, actor, values).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "invalid", code: "invalid_shop_identity" });
    const fieldErrors = remapIdentityErrors((error as { fieldErrors: Record<string, string> }).fieldErrors, weekdays);
    expect(fieldErrors).toMatchObject({
      contactEmail: "Adresse e-mail invalide",
      companyName: "Indiquez la raison sociale",
      "openingHours.day6.closes": "L'heure de fermeture doit suivre l'heure d'ouverture",
    });
    expect((await getShopIdentity(handle.db, Date.now() + 180_000)).contactEmail).toBe(current.contactEmail);
    await settleDomainEvents(handle.db);
    expect(await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.action, "settings.identity_update"))).toHaveLength(1);
  });
});
