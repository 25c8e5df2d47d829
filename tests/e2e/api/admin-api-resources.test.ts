/**
 * The admin API over HTTP for orders, returns and refunds, clients (RGPD erasure), promo codes,
 * gift cards and reviews (decision 049), with an administrator's session: every operation refuses
 * a visitor and a shopper; the cursor walk with updated_since gives every row once; bad input gets
 * the back-office's French message, never a 500. Every answer, refusals included, is validated
 * against the served OpenAPI document (its status listed, its body of the documented schema).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { placeOrderOverHttp } from "../../support/orders-http";
import { checkedApiCall } from "../../support/api/typed-client";
import { ADMIN_API_SCOPES } from "./admin-api-scopes";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
type Json = Record<string, any>;

let admin: string;
let shopper: string;

const call = (method: string, path: string, cookie: string | null, body?: unknown) => checkedApiCall(method, path, cookie, body, baseURL);

/** Every row of a cursor walk, one page of `limit` at a time, with the number of pages. */
async function walk(path: string, query: Record<string, string>): Promise<{ rows: Json[]; pages: number }> {
  const rows: Json[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const page = await call("GET", `${path}?${params}`, admin);
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    rows.push(...(page.json.data as Json[]));
    cursor = page.json.next_cursor as string | null;
    pages++;
  } while (cursor && pages < 500);
  return { rows, pages };
}

function expectOnce(rows: Json[], ids: string[]) {
  for (const id of ids) expect(rows.filter((r) => r.id === id)).toHaveLength(1);
  expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
}

beforeAll(async () => {
  admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopper = await signUpCookie(baseURL, uniqueEmail("admin-api"), "Secret123!Aurore", "Solène");
});

describe("every operation is the administrator's", () => {
  it.each(ADMIN_API_SCOPES.map((s) => [s.method, s.path] as const))("%s %s: visitor 401, shopper 403", async (method, path) => {
    const body = method === "GET" || method === "DELETE" ? undefined : {};
    const visitor = await call(method, path, null, body);
    expect(visitor.status).toBe(401);
    expect(visitor.json.error).toEqual({ code: "unauthenticated", message: "Connexion requise" });
    const asShopper = await call(method, path, shopper, body);
    expect(asShopper.status).toBe(403);
    expect(asShopper.json.error.code).toBe("forbidden");
  });
});

describe("orders", () => {
  it("walks the orders changed since a time by cursor, each once, filtered by day; page mode stays", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const buyer = await signUpCookie(baseURL, uniqueEmail("api-orders"));
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) placed.push(((await placeOrderOverHttp(baseURL, buyer)) as Json).id as string);

    const { rows, pages } = await walk("/api/v1/admin/orders", { updated_since: since, limit: "1" });
    expectOnce(rows, placed);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(rows[0]).toMatchObject({ number: expect.stringMatching(/^AUR-/), updated_at: expect.any(String) });

    // A status change moves the order to the end of the walk: a connector that kept the last time it saw sees it again.
    const lastSeen = rows.at(-1)!.updated_at as string;
    const shipped = await call("POST", `/api/v1/admin/orders/${placed[0]}/ship`, admin, {
      carrier: "colissimo",
      tracking_number: "6A12345678901",
    });
    expect(shipped.status, JSON.stringify(shipped.json)).toBe(200);
    expect(shipped.json.data.status).toBe("shipped");
    const after = await walk("/api/v1/admin/orders", { updated_since: lastSeen, limit: "50" });
    expect(after.rows.map((r) => r.id)).toContain(placed[0]);
    expect(after.rows.find((r) => r.id === placed[0])?.status).toBe("shipped");

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
    const fromToday = await walk("/api/v1/admin/orders", { created_from: today, created_to: today, updated_since: since, limit: "50" });
    expectOnce(fromToday.rows, placed);
    const beforeToday = await call("GET", `/api/v1/admin/orders?created_to=2000-01-01&limit=5`, admin);
    expect(beforeToday.json.data).toEqual([]);
    // Without cursor, updated_since or limit: the numbered pages the back-office clients use.
    const paged = await call("GET", `/api/v1/admin/orders?created_from=${today}&page=1`, admin);
    expect(paged.json.pagination).toMatchObject({ page: 1 });
    expect(paged.json.data.map((r: Json) => r.id)).toEqual(expect.arrayContaining(placed));
  });

  it("answers bad input in French, never a 500", async () => {
    const cases: [string, number, string][] = [
      ["/api/v1/admin/orders?status=perdue", 400, "Statut de commande invalide"],
      ["/api/v1/admin/orders?created_from=2026-13-45", 400, "Date invalide : attendue au format AAAA-MM-JJ"],
      ["/api/v1/admin/orders?created_from=2026-11-02&created_to=2026-11-01", 400, "La date de fin doit suivre la date de début"],
      ["/api/v1/admin/orders?cursor=pas-un-curseur", 400, "Curseur de pagination invalide"],
      [
        `/api/v1/admin/orders?cursor=${Buffer.from(JSON.stringify([new Date().toISOString(), "x"])).toString("base64url")}`,
        400,
        "Curseur de pagination invalide",
      ],
      ["/api/v1/admin/orders?limit=0", 400, "Paramètres de liste invalides"],
      ["/api/v1/admin/orders?updated_since=hier", 400, "Paramètres de liste invalides"],
      ["/api/v1/admin/orders?search=cr%00me", 400, "Ce champ contient des caractères non autorisés."],
      [`/api/v1/admin/orders/${randomUUID()}`, 404, "Commande introuvable"],
    ];
    for (const [path, status, message] of cases) {
      const res = await call("GET", path, admin);
      expect([path, res.status]).toEqual([path, status]);
      expect(res.json.error.message).toContain(message);
    }
    const unknownStatus = await call("POST", "/api/v1/admin/order-status", admin, { order_id: randomUUID(), status: "perdue" });
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.json.error.message).toBe("Statut de commande invalide");
    const badTracking = await call("POST", `/api/v1/admin/orders/${randomUUID()}/ship`, admin, {
      carrier: "colissimo",
      tracking_number: "12",
    });
    expect(badTracking.status).toBe(400);
  });
});

describe("returns and refunds", () => {
  it("a delivered order's return is walked by cursor, refused on bad decisions, then received and refunded at most what was paid", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const buyer = await signUpCookie(baseURL, uniqueEmail("api-return"));
    const order = (await placeOrderOverHttp(baseURL, buyer, 2)) as Json;
    for (const status of ["shipped", "delivered"]) {
      expect((await call("POST", "/api/v1/admin/order-status", admin, { order_id: order.id, status })).status).toBe(200);
    }
    const detail = await call("GET", `/api/v1/admin/orders/${order.id}`, admin);
    const line = detail.json.data.items[0] as Json;
    const asked = await call("POST", `/api/v1/orders/${order.id}/returns`, buyer, {
      lines: [{ order_item_id: line.id, quantity: 1 }],
      reason: "not_suited",
      confirm_unopened: true,
    });
    expect(asked.status, JSON.stringify(asked.json)).toBe(201);
    const ret = asked.json.data as Json;

    const listed = await walk("/api/v1/admin/returns", { updated_since: since, limit: "1" });
    expectOnce(listed.rows, [ret.id]);

    const bad: [unknown, string][] = [
      [{ lines: [] }, "Indiquez pour chaque article s'il est accepté ou refusé"],
      [{ lines: [{ return_item_id: randomUUID(), accepted: true }] }, "Indiquez pour chaque article s'il est accepté ou refusé"],
      [{ lines: [{ return_item_id: ret.items[0].id, accepted: false }] }, "Indiquez la raison du refus"],
      [{ lines: [{ return_item_id: ret.items[0].id, accepted: "oui\u0000" }] }, "Ce champ contient des caractères non autorisés."],
    ];
    for (const [body, message] of bad) {
      const res = await call("POST", `/api/v1/admin/returns/${ret.id}/receive`, admin, body);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.error.message).toContain(message);
    }
    expect(
      (
        await call("POST", `/api/v1/admin/returns/${randomUUID()}/receive`, admin, {
          lines: [{ return_item_id: ret.items[0].id, accepted: true }],
        })
      ).status,
    ).toBe(404);

    const received = await call("POST", `/api/v1/admin/returns/${ret.id}/receive`, admin, {
      lines: [{ return_item_id: ret.items[0].id, accepted: true }],
    });
    expect(received.status, JSON.stringify(received.json)).toBe(200);
    expect(received.json.data.status).toBe("refunded");
    expect(received.json.data.refund_cents).toBeGreaterThan(0);
    expect(received.json.data.refund_cents).toBeLessThanOrEqual(order.total_cents);
    expect(received.json.data.credit_note_number).toMatch(/^AV-/);
    const again = await call("POST", `/api/v1/admin/returns/${ret.id}/receive`, admin, {
      lines: [{ return_item_id: ret.items[0].id, accepted: true }],
    });
    expect(again.status).toBe(409);
    // The refunded return comes back in the walk after its reception.
    const changed = await walk("/api/v1/admin/returns", { updated_since: since, limit: "50", status: "refunded" });
    expect(changed.rows.find((r) => r.id === ret.id)?.refund_cents).toBe(received.json.data.refund_cents);
    // The order, cancelled after a refunded return, would pay those lines twice: refused.
    const cancel = await call("POST", "/api/v1/admin/order-status", admin, { order_id: order.id, status: "returned" });
    expect(cancel.status).toBe(409);
  });
});

describe("clients", () => {
  it("lists by cursor, reads and erases a client (RGPD); an administrator is not erased", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const emails = [uniqueEmail("api-client"), uniqueEmail("api-client")];
    for (const email of emails) await signUpCookie(baseURL, email, "Secret123!Aurore", "Maëlle");
    const { rows } = await walk("/api/v1/admin/clients", { updated_since: since, limit: "1" });
    const ours = rows.filter((r) => emails.includes(r.email));
    expect(ours).toHaveLength(2);
    expectOnce(
      rows,
      ours.map((r) => r.id as string),
    );
    expect(rows.some((r) => r.email === E2E_ADMIN.email)).toBe(false);

    const one = await call("GET", `/api/v1/admin/clients/${ours[0].id}`, admin);
    expect(one.status).toBe(200);
    expect(one.json.data.email).toBe(ours[0].email);

    const erased = await call("DELETE", `/api/v1/admin/clients/${ours[0].id}`, admin);
    expect(erased.status, JSON.stringify(erased.json)).toBe(200);
    expect(erased.json.data).toMatchObject({ id: ours[0].id, deleted: true });
    const gone = await call("GET", `/api/v1/admin/clients/${ours[0].id}`, admin);
    expect(gone.status).toBe(404);
    expect(gone.json.error.message).toBe("Client introuvable");
    expect((await call("DELETE", `/api/v1/admin/clients/${ours[0].id}`, admin)).status).toBe(404);
    expect((await call("DELETE", "/api/v1/admin/clients/ab%00cd", admin)).status).toBe(404);

    const me = await call("GET", "/api/v1/me", admin);
    const self = await call("DELETE", `/api/v1/admin/clients/${me.json.data.id}`, admin);
    expect(self.status).toBe(403);
  });
});

describe("promo codes", () => {
  const form = (code: string) => ({ code, kind: "percentage", value: "15", min_order: "0", description: "Test API" });

  it("creates, reads, updates, disables, walks and deletes codes", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const codes = [0, 1, 2].map(() => `API${randomUUID().slice(0, 8).toUpperCase()}`);
    const ids: string[] = [];
    for (const code of codes) {
      const created = await call("POST", "/api/v1/admin/promo-codes", admin, form(code));
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      expect(created.json.data).toMatchObject({ code, percent_off: 15, active: true });
      ids.push(created.json.data.id);
    }
    const { rows } = await walk("/api/v1/admin/promo-codes", { updated_since: since, limit: "1" });
    expectOnce(rows, ids);

    const updated = await call("PUT", `/api/v1/admin/promo-codes/${ids[0]}`, admin, { ...form(codes[0]), kind: "fixed", value: "7,50" });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(updated.json.data).toMatchObject({ kind: "fixed", amount_off_cents: 750, percent_off: null });
    const disabled = await call("PATCH", `/api/v1/admin/promo-codes/${ids[0]}`, admin, { active: false });
    expect(disabled.json.data.active).toBe(false);
    expect((await call("GET", `/api/v1/admin/promo-codes/${ids[0]}`, admin)).json.data.active).toBe(false);

    const deleted = await call("DELETE", `/api/v1/admin/promo-codes/${ids[1]}`, admin);
    expect(deleted.status).toBe(200);
    const gone = await call("GET", `/api/v1/admin/promo-codes/${ids[1]}`, admin);
    expect(gone.status).toBe(404);
    expect(gone.json.error.message).toBe("Code promo introuvable");
  });

  it("answers bad input with the form's French messages", async () => {
    const code = `API${randomUUID().slice(0, 8).toUpperCase()}`;
    const negative = await call("POST", "/api/v1/admin/promo-codes", admin, { ...form(code), kind: "fixed", value: "-5" });
    expect(negative.status).toBe(400);
    expect(negative.json.error.code).toBe("invalid_promo_code");
    const percent = await call("POST", "/api/v1/admin/promo-codes", admin, { ...form(code), value: "150" });
    expect(percent.status).toBe(400);
    const nul = await call("POST", "/api/v1/admin/promo-codes", admin, { ...form(code), description: "a\u0000b" });
    expect(nul.status).toBe(400);
    expect(nul.json.error.message).toBe("Ce champ contient des caractères non autorisés.");
    expect((await call("POST", "/api/v1/admin/promo-codes", admin, form(code))).status).toBe(201);
    const taken = await call("POST", "/api/v1/admin/promo-codes", admin, form(code));
    expect(taken.status).toBe(409);
    const active = await call("PATCH", `/api/v1/admin/promo-codes/${randomUUID()}`, admin, { active: "non" });
    expect(active.status).toBe(400);
    expect(active.json.error.message).toBe("Requête invalide : active (true ou false) est attendu");
    expect((await call("PUT", `/api/v1/admin/promo-codes/${randomUUID()}`, admin, form(`API${randomUUID().slice(0, 8)}`))).status).toBe(
      404,
    );
    expect((await call("DELETE", "/api/v1/admin/promo-codes/pas-un-id", admin)).status).toBe(404);
  });
});

describe("gift cards", () => {
  it("issues a goodwill card to a client, walks and reads it with its ledger; refuses bad amounts in French", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const email = uniqueEmail("api-gift");
    await signUpCookie(baseURL, email, "Secret123!Aurore", "Inès");
    const clients = await walk("/api/v1/admin/clients", { updated_since: since, limit: "50" });
    const client = clients.rows.find((r) => r.email === email)!;

    for (const [amount, message] of [
      ["-10", "Le montant doit être un nombre en euros"],
      ["abc", "Le montant doit être un nombre en euros"],
      ["100000", "Le montant doit être compris entre"],
    ] as const) {
      const res = await call("POST", "/api/v1/admin/gift-cards", admin, { client_id: client.id, amount, reason: "Geste commercial" });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.error.message).toContain(message);
    }
    const nul = await call("POST", "/api/v1/admin/gift-cards", admin, { client_id: client.id, amount: 20, reason: "Geste\u0000" });
    expect(nul.status).toBe(400);
    const unknown = await call("POST", "/api/v1/admin/gift-cards", admin, { client_id: "inconnu", amount: 20, reason: "Geste" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe("Client introuvable");

    const issued: string[] = [];
    for (const amount of [20, "35"]) {
      const res = await call("POST", "/api/v1/admin/gift-cards", admin, {
        client_id: client.id,
        amount,
        reason: "Geste commercial",
        message: "Merci",
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json.data.email).toBe(email);
      issued.push(res.json.data.id);
    }
    const { rows } = await walk("/api/v1/admin/gift-cards", { updated_since: since, limit: "1" });
    expectOnce(rows, issued);
    const card = await call("GET", `/api/v1/admin/gift-cards/${issued[0]}`, admin);
    expect(card.json.data).toMatchObject({ amount_cents: 2000, balance_cents: 2000, status: "active" });
    expect(card.json.data.ledger).toEqual([expect.objectContaining({ kind: "issue", amount_cents: 2000, note: "Geste commercial" })]);
    expect((await call("GET", `/api/v1/admin/gift-cards/${randomUUID()}`, admin)).json.error.message).toBe("Carte cadeau introuvable");
  });
});

describe("reviews", () => {
  it("walks the reviews by cursor and keeps the page mode; moderation of an unknown review is 404", async () => {
    const paged = await call("GET", "/api/v1/admin/reviews?status=pending", admin);
    expect(paged.status).toBe(200);
    expect(paged.json.data).toHaveProperty("reviews");
    const { rows } = await walk("/api/v1/admin/reviews", { limit: "2", updated_since: "2000-01-01T00:00:00Z" });
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const all = await walk("/api/v1/admin/reviews", { limit: "200", updated_since: "2000-01-01T00:00:00Z" });
    expect(rows.map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
    const unknown = await call("POST", `/api/v1/admin/reviews/${randomUUID()}/publish`, admin, {});
    expect(unknown.status).toBe(404);
    const badStatus = await call("GET", "/api/v1/admin/reviews?status=perdu&limit=5", admin);
    expect(badStatus.status).toBe(400);
    expect(badStatus.json.error.message).toBe("Statut inconnu");
  });
});
