/**
 * The confirmation page's answer for a valid, an expired and an unknown link, from its loader
 * on a test database (the page reads the process database through getDb()).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, like, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import type { DatabaseHandle } from "~/.server/db/client";
import { outbox, restockAlerts } from "~/.server/db/schema";
import { insertSeedProducts } from "~/.server/db/seed/demo";
import { requestVisitorRestockAlert } from "~/.server/modules/catalog/restock-alerts.service";
import { RESTOCK_CONFIRMATION_TTL_HOURS } from "~/lib/shop-rules";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { withI18n } from "../../../tests/support/i18n";
import { MemoryRouter } from "react-router";
import RestockConfirmationPage, { loader } from "./confirmation";

const db = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/.server/db", () => ({ getDb: async () => db.current }));

const BASE = "https://boutique.example";
let handle: DatabaseHandle;
let productId: string;
let variantId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  db.current = handle.db;
  const [seeded] = await handle.db.transaction((tx) =>
    insertSeedProducts(tx, [
      {
        name: "Rouge Opaline",
        priceCents: 2200,
        variants: [
          { sku: "OPA-CORAIL", label: "Corail", shade: "Corail", shadeHex: "#f26b5b", priceCents: 2200, stock: 0 },
          { sku: "OPA-PRUNE", label: "Prune", shade: "Prune", shadeHex: "#6b2344", priceCents: 2200, stock: 2 },
        ],
      },
    ]),
  );
  productId = seeded.id;
  variantId = seeded.variantId;
});

afterAll(async () => {
  await handle?.close();
  // The next file in this worker must not inherit this file's mocked modules (isolate: false).
  vi.resetModules();
});

async function linkFor(email: string): Promise<string> {
  await requestVisitorRestockAlert(handle.db, variantId, email, BASE);
  const [mail] = await handle.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(like(sql`${outbox.payload}->>'to'`, email));
  const token = /token=([\w-]+)/.exec(String(mail?.payload.text))?.[1];
  if (!token) throw new Error("no confirmation mail");
  return token;
}

const open = (token: string) =>
  loader({ request: new Request(`${BASE}/alerte-stock/confirmation?token=${token}`), params: {}, context: {} } as Parameters<
    typeof loader
  >[0]);

describe("/alerte-stock/confirmation", () => {
  it("confirms a fresh link, says an expired one has expired and offers the product page to ask again", async () => {
    const productUrl = `/product/${productId}?variant=OPA-CORAIL`;
    expect(await open(await linkFor("fraiche@example.com"))).toEqual({ state: "confirmed", productName: "Rouge Opaline", productUrl });

    const stale = await linkFor("ancienne@example.com");
    await handle.db
      .update(restockAlerts)
      .set({ createdAt: sql`now() - make_interval(hours => ${RESTOCK_CONFIRMATION_TTL_HOURS + 1})` })
      .where(eq(restockAlerts.email, "ancienne@example.com"));
    const expired = await open(stale);
    expect(expired).toEqual({ state: "expired", productName: "Rouge Opaline", productUrl });
    // The page says so in French and its main link leads back to the product to ask again.
    const html = renderToString(
      withI18n(
        createElement(
          MemoryRouter,
          null,
          createElement(RestockConfirmationPage, { loaderData: expired } as unknown as Parameters<typeof RestockConfirmationPage>[0]),
        ),
        "fr",
      ),
    );
    expect(html).toContain("Lien de confirmation expiré");
    expect(html).toContain("il n&#x27;est valable que 48 heures");
    expect(html).toMatch(new RegExp(`<a[^>]*href="${productUrl.replace(/[?]/g, "\\?")}"[^>]*>Demander une nouvelle alerte</a>`));

    expect(await open("faux-jeton")).toEqual({ state: "invalid", productName: null, productUrl: "/products" });
  });
});
