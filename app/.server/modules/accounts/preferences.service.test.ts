import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { user, userPreferences } from "../../db/schema";
import { getPreferences, getThemePreference, savePreferences } from "./preferences.service";
import { DEFAULT_PREFERENCES, PreferencesSchema, type Preferences } from "~/domain/account/preferences.schema";

let handle: DatabaseHandle;
const alice = "user-prefs-alice";
const bruno = "user-prefs-bruno";

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values([
    { id: alice, name: "Alice Martin", email: "alice.prefs@example.com" },
    { id: bruno, name: "Bruno Petit", email: "bruno.prefs@example.com" },
  ]);
});

afterAll(async () => {
  await handle?.close();
});

const custom: Preferences = {
  emailOrderUpdates: true,
  emailPromotions: false,
  emailNewsletters: true,
  emailReviewInvitations: false,
  smsNotifications: true,
  pushNotifications: false,
  language: "en",
  currency: "CHF",
  timezone: "Asia/Tokyo",
  theme: "dark",
  privacySettings: { allow_product_recommendations: false },
};

describe("getPreferences", () => {
  it("creates the spec's defaults on first read, once", async () => {
    expect(await handle.db.select().from(userPreferences).where(eq(userPreferences.userId, alice))).toHaveLength(0);
    const first = await getPreferences(handle.db, alice);
    expect(first).toEqual({
      emailOrderUpdates: true,
      emailPromotions: true,
      emailNewsletters: false,
      emailReviewInvitations: true,
      smsNotifications: false,
      pushNotifications: true,
      language: "fr",
      currency: "EUR",
      timezone: "Europe/Paris",
      theme: "light",
      privacySettings: { allow_product_recommendations: true },
    });
    await Promise.all([getPreferences(handle.db, alice), getPreferences(handle.db, alice)]);
    expect(await handle.db.select().from(userPreferences).where(eq(userPreferences.userId, alice))).toHaveLength(1);
  });
});

describe("savePreferences", () => {
  it("inserts when no row exists and updates on the next save (upsert)", async () => {
    const saved = await savePreferences(handle.db, bruno, custom);
    expect(saved).toEqual(custom);
    expect(await getPreferences(handle.db, bruno)).toEqual(custom);
    const again = await savePreferences(handle.db, bruno, { ...custom, theme: "auto", language: "fr" });
    expect(again.theme).toBe("auto");
    expect(again.language).toBe("fr");
    expect(await handle.db.select().from(userPreferences).where(eq(userPreferences.userId, bruno))).toHaveLength(1);
    expect(await getThemePreference(handle.db, bruno)).toBe("auto");
  });

  it("never reads or changes another user's row", async () => {
    await savePreferences(handle.db, alice, { ...DEFAULT_PREFERENCES, theme: "dark", smsNotifications: true });
    await savePreferences(handle.db, bruno, { ...custom, theme: "light" });
    expect((await getPreferences(handle.db, alice)).theme).toBe("dark");
    expect((await getPreferences(handle.db, alice)).smsNotifications).toBe(true);
    expect((await getPreferences(handle.db, bruno)).theme).toBe("light");
    expect((await getPreferences(handle.db, bruno)).language).toBe("en");
  });

  it("keeps the columns the form no longer offers: marketing follows promotions, privacy keeps its other keys", async () => {
    await handle.db
      .update(userPreferences)
      .set({ privacySettings: { profile_visibility: "public", show_purchase_history: true, allow_product_recommendations: true } })
      .where(eq(userPreferences.userId, bruno));
    await savePreferences(handle.db, bruno, {
      ...custom,
      emailPromotions: false,
      privacySettings: { allow_product_recommendations: false },
    });
    const [row] = await handle.db.select().from(userPreferences).where(eq(userPreferences.userId, bruno));
    expect(row!.emailMarketing).toBe(false);
    expect(row!.privacySettings).toEqual({
      profile_visibility: "public",
      show_purchase_history: true,
      allow_product_recommendations: false,
    });
  });

  it("reads an unknown stored value as the default", async () => {
    await handle.db
      .update(userPreferences)
      .set({ theme: "neon", currency: "XYZ", language: "de" })
      .where(eq(userPreferences.userId, alice));
    const read = await getPreferences(handle.db, alice);
    expect(read.theme).toBe("light");
    expect(read.currency).toBe("EUR");
    expect(read.language).toBe("fr");
  });
});

describe("PreferencesSchema", () => {
  it("turns form fields into the stored shape (unticked boxes are false)", () => {
    const parsed = PreferencesSchema.parse({
      emailReviewInvitations: "on",
      language: "en",
      currency: "GBP",
      timezone: "Europe/London",
      theme: "dark",
      allowProductRecommendations: "on",
    });
    expect(parsed).toEqual({
      emailOrderUpdates: false,
      emailPromotions: false,
      emailNewsletters: false,
      emailReviewInvitations: true,
      smsNotifications: false,
      pushNotifications: false,
      language: "en",
      currency: "GBP",
      timezone: "Europe/London",
      theme: "dark",
      privacySettings: { allow_product_recommendations: true },
    });
  });

  it("refuses values outside the offered choices", () => {
    const base = { language: "fr", currency: "EUR", timezone: "Europe/Paris", theme: "light" };
    for (const bad of [
      { language: "it" },
      { language: "es" },
      { language: "de" },
      { currency: "JPY" },
      { timezone: "Europe/Berlin" },
      { theme: "blue" },
    ]) {
      const result = PreferencesSchema.safeParse({ ...base, ...bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Valeur non autorisée");
    }
  });
});
