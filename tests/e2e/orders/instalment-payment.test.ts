/**
 * The page of an instalment the bank wants authenticated (docs/decisions/035-instalments.md), over
 * HTTP: /paiement-echeance?token=… is for the signed-in owner of the order only; a visitor gets
 * 401, anyone else, and a bad or expired link, the same 404. The e2e shop takes cards with the
 * simulated acquirer, which never asks this off session: on PostgreSQL the journey puts the
 * instalment in the state the daily job leaves it in (waiting, its link's hash stored), straight
 * in the shop's database, and the owner pays it on the page with a browser.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { sql } from "drizzle-orm";
import { openDatabase, rowsOf, type DatabaseHandle } from "../../../app/.server/db/client";
import { uniqueEmail } from "../../support/accounts";
import { launchBrowser, signedInContext, waitForHydration } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";
import { fetchPage, headings, textOf } from "../../support/html-page";
import { signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { formatPrice } from "~/lib/money";

const { baseURL, databaseUrl } = e2eShop();
const page = (token: string) => `/paiement-echeance?token=${encodeURIComponent(token)}`;

let alice: string;
let bob: string;

/** What the page's form posts (as the browser's fetcher does), answered as route data. */
function post(token: string, cookie: string | null, body: Record<string, string>) {
  return fetch(`${baseURL}/paiement-echeance.data?token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(body),
  });
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUpCookie(baseURL, uniqueEmail("echeance-a")), signUpCookie(baseURL, uniqueEmail("echeance-b"))]);
});

describe("/paiement-echeance, whatever the link", () => {
  it("asks a visitor to sign in (401), and never shows the page", async () => {
    const visitor = await fetchPage(baseURL, page("nimporte-quoi"));
    expect(visitor.status).toBe(401);
    expect(textOf(visitor.main)).toContain("Connectez-vous pour accéder à cette page.");
    expect(await post("nimporte-quoi", null, { intent: "confirm" }).then((r) => r.status)).toBe(401);
  });

  it.each([
    ["an unknown token", "pas-un-jeton"],
    ["no token", ""],
  ])("answers a signed-in shopper 404 for %s, in French", async (_what, token) => {
    const answer = await fetchPage(baseURL, page(token), { cookie: alice });
    expect(answer.status).toBe(404);
    expect(headings(answer.main, 1, ACCOUNT_MESSAGES.instalmentLinkInvalid)).toHaveLength(1);
    expect(answer.headers.get("cache-control")).toContain("no-store");
    expect(await post(token, alice, { intent: "confirm" }).then((r) => r.status)).toBe(404);
  });
});

describe.runIf(Boolean(databaseUrl))("/paiement-echeance for an instalment waiting for its shopper (PostgreSQL)", () => {
  let db: DatabaseHandle;
  let browser: Browser;
  let orderNumber: string;
  let token: string;
  let instalmentId: string;

  const setExpiry = (interval: string) =>
    db.db.execute(sql`UPDATE payment_instalments SET authentication_expires_at = now() + ${interval}::interval WHERE id = ${instalmentId}`);

  beforeAll(async () => {
    db = await openDatabase({ kind: "postgres", url: databaseUrl!, poolSize: 2 });
    browser = await launchBrowser();
    // Alice pays in 3 over the API (50 € at least, by card).
    const address = await apiCall(baseURL, "POST", "/api/v1/addresses", alice, HTTP_ADDRESS);
    expect(address.status).toBe(201);
    const list = await apiCall(baseURL, "GET", "/api/v1/products?sort=price_desc&page_size=40", null);
    const product = list.json.data.find(
      (p: { variant_count: number; in_stock: boolean; stock_quantity: number; price_cents: number }) =>
        p.variant_count === 1 && p.in_stock && p.stock_quantity >= 5 && p.price_cents >= 2500,
    );
    const order = await apiCall(
      baseURL,
      "POST",
      "/api/v1/orders",
      alice,
      {
        address_id: address.json.data.id,
        contact: HTTP_CONTACT,
        card: HTTP_CARD,
        instalments: 3,
        lines: [{ product_id: product.id, quantity: 2 }],
      },
      { "idempotency-key": randomUUID() },
    );
    expect(order.status).toBe(201);
    orderNumber = order.json.data.number;
    // The daily job's soft-declined try, as it leaves the second instalment: waiting, its link's hash stored.
    token = randomBytes(32).toString("base64url");
    const [row] = rowsOf<{ id: string }>(
      await db.db.execute(sql`
        UPDATE payment_instalments
        SET status = 'pending', tries = 1, authentication_token_hash = ${createHash("sha256").update(token).digest("hex")},
            authentication_expires_at = now() + interval '7 days'
        WHERE order_id = ${order.json.data.id} AND seq = 2
        RETURNING id`),
    );
    instalmentId = row!.id;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await db?.close();
  });

  it("shows its owner the order number, the amount, the due date and 'Confirmer le paiement'", async () => {
    const [row] = rowsOf<{ amount_cents: number; due_date: string }>(
      await db.db.execute(sql`SELECT amount_cents, due_date::text AS due_date FROM payment_instalments WHERE id = ${instalmentId}`),
    );
    const owner = await fetchPage(baseURL, page(token), { cookie: alice });
    expect(owner.status).toBe(200);
    expect(owner.title).toBe("Confirmer votre échéance | Aurore");
    // Spaces as the page writes them (French prices use a narrow no-break space) compared as spaces.
    const spaced = (value: string) => value.replace(/\s/g, " ");
    const text = spaced(textOf(owner.main));
    expect(text).toContain(orderNumber);
    expect(text).toContain(spaced(formatPrice(row!.amount_cents)));
    expect(text).toContain(
      new Date(`${row!.due_date}T12:00:00Z`).toLocaleDateString("fr-FR", { day: "numeric", month: "long", year: "numeric" }),
    );
    expect(owner.main.querySelectorAll("button").map((b) => textOf(b))).toContain("Confirmer le paiement");
    expect(owner.headers.get("cache-control")).toContain("no-store");
    // The last policy listed is the one browsers apply (the server's default comes first).
    expect(owner.headers.get("referrer-policy")).toMatch(/(^|, )no-referrer$/);
  });

  it("answers another shopper, and the owner once the link has expired, the same 404", async () => {
    const stranger = await fetchPage(baseURL, page(token), { cookie: bob });
    expect(stranger.status).toBe(404);
    expect(headings(stranger.main, 1, ACCOUNT_MESSAGES.instalmentLinkInvalid)).toHaveLength(1);
    expect(textOf(stranger.main)).not.toContain(orderNumber);
    expect(await post(token, bob, { intent: "confirm" }).then((r) => r.status)).toBe(404);
    expect((await fetchPage(baseURL, page(token))).status).toBe(401);

    await setExpiry("-1 minute");
    try {
      expect((await fetchPage(baseURL, page(token), { cookie: alice })).status).toBe(404);
      expect(await post(token, alice, { intent: "confirm" }).then((r) => r.status)).toBe(404);
    } finally {
      await setExpiry("7 days");
    }
    // Nothing was charged by any of these.
    const [still] = rowsOf<{ status: string; tries: number }>(
      await db.db.execute(sql`SELECT status, tries FROM payment_instalments WHERE id = ${instalmentId}`),
    );
    expect(still).toEqual({ status: "pending", tries: 1 });
  });

  it("lets the owner pay it with a click (simulated acquirer: no bank dialog), once", async () => {
    const context = await signedInContext(browser, baseURL, alice);
    const tab = await context.newPage();
    await tab.goto(page(token));
    await waitForHydration(tab);
    await tab.getByRole("main").getByRole("button", { name: "Confirmer le paiement" }).click();
    await tab.getByRole("heading", { name: "Échéance réglée" }).waitFor({ timeout: 15_000 });
    expect(await tab.getByRole("main").textContent()).toContain(`l'échéance 2/3 de votre commande ${orderNumber} est réglée`);
    await context.close();

    const [paid] = rowsOf<{ status: string; tries: number }>(
      await db.db.execute(sql`SELECT status, tries FROM payment_instalments WHERE id = ${instalmentId}`),
    );
    expect(paid).toEqual({ status: "paid", tries: 2 });
    // A replay pays nothing more; the link now says it is paid.
    expect(await post(token, alice, { intent: "confirm" }).then((r) => r.status)).toBe(200);
    const [again] = rowsOf<{ tries: number }>(await db.db.execute(sql`SELECT tries FROM payment_instalments WHERE id = ${instalmentId}`));
    expect(again!.tries).toBe(2);
    expect(textOf((await fetchPage(baseURL, page(token), { cookie: alice })).main)).toContain("Échéance réglée");
  });
});
