import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../../app/.server/db/client";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";
import { byRole, fetchPage, headings, named, occurrences } from "../../support/html-page";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { FEC_COLUMNS, decodeLatin9, fecProblems } from "~/domain/accounting/fec";
import { OSS_QUARTER_MESSAGE, PERIOD_FROM_MESSAGE, PERIOD_ORDER_MESSAGE } from "~/domain/accounting/period";
import { addParisDays, parisDay } from "~/lib/paris-time";

/**
 * Comptabilité over HTTP (docs/decisions/065-accounting-export.md): the page and its downloads for
 * the back-office only, the admin API behind the `accounting:read` scope, and every bad period
 * answered in French with nothing written.
 */
const { baseURL, databaseUrl } = e2eShop();
const today = parisDay(new Date());
const yesterday = addParisDays(today, -1);

let admin: string;
let shopper: string;

async function createKey(name: string, scopes: Record<string, "read" | "write">): Promise<string> {
  const body = new URLSearchParams({ intent: "api-key-create", name });
  for (const [area, access] of Object.entries(scopes)) body.set(`scope_${area}`, access);
  const res = await fetch(`${baseURL}/admin/parametres.data`, {
    method: "POST",
    headers: { cookie: admin, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  expect(res.status).toBe(200);
  const secret = /aur_live_[A-Za-z0-9_-]{43}/.exec(await res.text())?.[0];
  expect(secret).toBeDefined();
  return secret!;
}

async function get(path: string, auth: { cookie?: string; key?: string }) {
  const headers: Record<string, string> = {};
  if (auth.cookie) headers.cookie = auth.cookie;
  if (auth.key) headers.authorization = `Bearer ${auth.key}`;
  const res = await fetch(`${baseURL}${path}`, { headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const json = (bytes: Uint8Array) =>
  JSON.parse(new TextDecoder().decode(bytes)) as { data?: unknown; error?: { code: string; message: string } };
// ignoreBOM keeps the byte order mark, so the test sees the CSV as Excel does.
const text = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);

beforeAll(async () => {
  admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopper = await signUpCookie(baseURL, uniqueEmail("accounting"));
});

describe("who reaches Comptabilité", () => {
  it("shows the page to the administrator, with the period form, and refuses a shopper", async () => {
    const page = await fetchPage(baseURL, "/admin/comptabilite", { cookie: admin });
    expect(page.status).toBe(200);
    expect(headings(page.main, 1, "Comptabilité")).toHaveLength(1);
    expect(named(page.main, "input", "Du")).toHaveLength(1);
    expect(named(page.main, "input", "Au")).toHaveLength(1);
    expect(byRole(page.main, "button", "Afficher la période")).toHaveLength(1);
    expect(byRole(page.main, "button", "Totaux OSS par État membre (CSV)")).toHaveLength(1);
    expect((await get("/admin/comptabilite", { cookie: shopper })).status).toBe(403);
    expect((await get(`/admin/comptabilite/export?type=ledger&from=${yesterday}&to=${today}`, { cookie: shopper })).status).toBe(403);
  });

  it("serves the admin API to a key with accounting:read only", async () => {
    const path = `/api/v1/admin/accounting/ledger?from=${yesterday}&to=${today}`;
    expect((await get(path, { cookie: shopper })).status).toBe(403);
    const other = await createKey(`compta-sans-${randomUUID().slice(0, 6)}`, { orders: "write" });
    const refused = await get(path, { key: other });
    expect(refused.status).toBe(403);
    expect(json(refused.bytes).error?.message).toBe("Cette clé API n'a pas l'accès « Comptabilité (lecture) »");
    const reader = await createKey(`compta-${randomUUID().slice(0, 6)}`, { accounting: "read" });
    const ledger = await get(path, { key: reader });
    expect(ledger.status).toBe(200);
    expect(json(ledger.bytes).data).toMatchObject({ period: { from: yesterday, to: today } });
    const oss = await get(`/api/v1/admin/accounting/oss?year=${today.slice(0, 4)}&quarter=1`, { key: reader });
    expect([200, 409]).toContain(oss.status);
    const fec = await get(`/api/v1/admin/accounting/fec?from=${yesterday}&to=${yesterday}`, { key: reader });
    expect([200, 409]).toContain(fec.status);
    if (fec.status === 200) {
      expect(fec.headers.get("content-type")).toBe("text/plain; charset=iso-8859-15");
      expect(fec.headers.get("content-disposition")).toMatch(new RegExp(`filename="\\d{9}FEC${yesterday.replaceAll("-", "")}\\.txt"`));
      const file = decodeLatin9(fec.bytes);
      expect(file.split("\r\n")[0].split("\t")).toEqual([...FEC_COLUMNS]);
      expect(fecProblems(file)).toEqual([]);
    }
  });

  it("downloads the sales ledger as CSV from the page", async () => {
    const res = await get(`/admin/comptabilite/export?type=ledger&from=${yesterday}&to=${today}`, { cookie: admin });
    expect([200, 409]).toContain(res.status);
    if (res.status === 200) {
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="journal-des-ventes_${yesterday}_${today}.csv"`);
      expect(text(res.bytes)).toMatch(/^\uFEFFTaux de TVA \(%\);TVA de l'État;Pays de livraison;Régime;/);
    }
  });
});

describe("bad input, in French, never a 500", () => {
  it.each([
    [`/api/v1/admin/accounting/fec?from=2026-03-31&to=2026-03-01`, PERIOD_ORDER_MESSAGE],
    [`/api/v1/admin/accounting/ledger?from=2026-03-31&to=2026-03-01`, PERIOD_ORDER_MESSAGE],
    [`/api/v1/admin/accounting/ledger?from=31-03-2026&to=2026-04-01`, PERIOD_FROM_MESSAGE],
    [`/api/v1/admin/accounting/ledger?from=2026-02-30&to=2026-04-01`, PERIOD_FROM_MESSAGE],
    [`/api/v1/admin/accounting/oss?year=2026&quarter=5`, OSS_QUARTER_MESSAGE],
    [`/api/v1/admin/accounting/fec?from=${yesterday}&to=${today}`, "au plus tard hier"],
  ])("%s: 400", async (path, message) => {
    const res = await get(path, { cookie: admin });
    expect(res.status).toBe(400);
    expect(json(res.bytes).error?.message).toContain(message);
  });

  it("answers the page's download with the French sentence", async () => {
    const res = await get(`/admin/comptabilite/export?type=fec&from=2026-03-31&to=2026-03-01`, { cookie: admin });
    expect(res.status).toBe(400);
    expect(text(res.bytes)).toBe(PERIOD_ORDER_MESSAGE);
    const page = await fetchPage(baseURL, "/admin/comptabilite?from=2026-03-31&to=2026-03-01", { cookie: admin });
    expect(page.status).toBe(200);
    expect(occurrences(page.main, PERIOD_ORDER_MESSAGE)).toBe(1);
  });
});

describe.runIf(Boolean(databaseUrl))("a period with an order paid before invoices existed (PostgreSQL)", () => {
  let db: DatabaseHandle;
  const day = "2021-06-15";
  const number = `AUR-2021-E${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = await openDatabase({ kind: "postgres", url: databaseUrl!, poolSize: 2 });
    await db.db.execute(sql`
      INSERT INTO orders (order_number, status, payment_status, subtotal_cents, shipping_cents, total_cents, shipping_address, created_at, updated_at)
      VALUES (${number}, 'delivered', 'paid', 0, 490, 490,
        ${JSON.stringify({ first_name: "Camille", last_name: "Durand", street: "1 rue des Lilas", city: "Lyon", postal_code: "69001", country: "France", phone: "0600000000" })}::jsonb,
        ${`${day}T10:00:00Z`}, ${`${day}T10:00:00Z`})`);
  });

  afterAll(async () => {
    await db?.close();
  });

  it("refuses the exports, names the order and offers the fix; once issued, the export goes through", async () => {
    const fec = await get(`/api/v1/admin/accounting/fec?from=2021-06-01&to=2021-06-30`, { cookie: admin });
    expect(fec.status).toBe(409);
    const error = json(fec.bytes).error!;
    expect(error.code).toBe("unsealed_invoices");
    expect(error.message).toContain(`La commande ${number} de la période est payée mais n'a pas encore de facture`);
    expect(error.message).toContain("Émettre les factures manquantes");
    const page = await fetchPage(baseURL, "/admin/comptabilite?from=2021-06-01&to=2021-06-30", { cookie: admin });
    expect(byRole(page.main, "button", "Émettre les factures manquantes")).toHaveLength(1);

    const issued = await fetch(`${baseURL}/admin/comptabilite.data`, {
      method: "POST",
      headers: { cookie: admin, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ from: "2021-06-01", to: "2021-06-30" }),
    });
    expect(issued.status).toBe(200);
    expect(await issued.text()).toContain("1 facture émise");
    const after = await get(`/api/v1/admin/accounting/fec?from=2021-06-01&to=2021-06-30`, { cookie: admin });
    expect(after.status).toBe(200);
  });
});

describe("the page in a browser, 390 px wide", () => {
  it("chooses a period with labelled French date fields, without sideways scrolling, and saves the chart of accounts", async () => {
    const browser = await launchBrowser();
    const context = await signedInContext(browser, baseURL, admin, { viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/admin/comptabilite?from=2026-03-31&to=2026-03-01`);
      await waitForHydration(page);
      await expect.poll(() => page.getByText(PERIOD_ORDER_MESSAGE).count()).toBe(1);
      await page.getByLabel("Du", { exact: true }).fill(yesterday);
      await page.getByLabel("Au", { exact: true }).fill(yesterday);
      await page.getByRole("button", { name: "Afficher la période" }).click();
      await page.waitForURL((url) => url.searchParams.get("to") === yesterday);
      await expect.poll(() => page.getByRole("heading", { name: "Téléchargements" }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto(`${baseURL}/admin/parametres`);
      await waitForHydration(page);
      const section = page.getByRole("region", { name: "Plan de comptes" });
      const sales = section.getByLabel("Ventes de marchandises");
      await sales.fill("411000");
      await section.getByRole("button", { name: "Enregistrer le plan de comptes" }).click();
      await expect.poll(() => section.getByText("Un compte de ventes commence par 70").count()).toBe(1);
      await sales.fill("707100");
      await section.getByRole("button", { name: "Enregistrer le plan de comptes" }).click();
      await expect.poll(() => section.getByText("Plan de comptes enregistré").count()).toBe(1);
      await page.reload();
      await expect
        .poll(() => page.getByRole("region", { name: "Plan de comptes" }).getByLabel("Ventes de marchandises").inputValue())
        .toBe("707100");
      // Back to the default, for the other journeys.
      await page.getByRole("region", { name: "Plan de comptes" }).getByLabel("Ventes de marchandises").fill("707000");
      await page.getByRole("region", { name: "Plan de comptes" }).getByRole("button", { name: "Enregistrer le plan de comptes" }).click();
      await expect.poll(() => page.getByText("Plan de comptes enregistré").count()).toBe(1);
    } finally {
      await context.close();
      await browser.close();
    }
  });
});
