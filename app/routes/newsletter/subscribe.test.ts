/**
 * A visitor's confirmation mails (newsletter double opt-in, back-in-stock alert) speak the
 * language of the page they were asked from (decision 044), read from the footer's cookie.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import type { DatabaseHandle } from "~/.server/db/client";
import { outbox } from "~/.server/db/schema";
import { insertSeedProducts } from "~/.server/db/seed/demo";
import { requestRestockAlert } from "~/.server/modules/catalog/restock-alerts.service";
import { action } from "./subscribe";

const db = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/.server/db", () => ({ getDb: async () => db.current }));

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  db.current = handle.db;
});

afterAll(async () => {
  await handle?.close();
  // The next file in this worker must not inherit this file's mocked modules (isolate: false).
  vi.resetModules();
});

async function mailTo(email: string): Promise<{ subject: string; text: string }> {
  const rows = await handle.db
    .select({ subject: sql<string>`${outbox.payload}->>'subject'`, text: sql<string>`${outbox.payload}->>'text'` })
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${email}`);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

function subscribe(email: string, cookie?: string, ip = "203.0.113.40") {
  const body = new URLSearchParams({ email });
  const request = new Request("http://localhost/newsletter", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
  });
  return action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
}

describe("newsletter confirmation mail", () => {
  it("is English for a visitor browsing in English, French otherwise", async () => {
    await subscribe("visitor.en@example.com", "aurore_lang=en");
    const english = await mailTo("visitor.en@example.com");
    expect(english.subject).toBe("Confirm your subscription to the Aurore newsletter");
    expect(english.text).not.toContain("Confirmez");

    await subscribe("visiteur.fr@example.com", undefined, "203.0.113.41");
    expect((await mailTo("visiteur.fr@example.com")).subject).toBe("Confirmez votre inscription à la newsletter Aurore");
  });
});

describe("back-in-stock confirmation mail", () => {
  it("is English when the visitor asked from an English page", async () => {
    const [seeded] = await handle.db.transaction((tx) =>
      insertSeedProducts(tx, [
        {
          name: "Rouge Opaline",
          priceCents: 2200,
          variants: [{ sku: "OPA-NUIT", label: "Nuit", shade: "Nuit", shadeHex: "#202040", priceCents: 2200, stock: 0 }],
        },
      ]),
    );
    await requestRestockAlert(
      handle.db,
      { variantId: seeded.variantId, user: null, email: "alert.en@example.com", language: "en" },
      "https://boutique.example",
    );
    const mail = await mailTo("alert.en@example.com");
    expect(mail.subject).toMatch(/^Confirm your back-in-stock alert: /);
    expect(mail.text).not.toContain("Confirmez");
  });
});
