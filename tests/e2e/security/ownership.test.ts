/**
 * The buying path's API over HTTP: a shopper never reaches another shopper's cart, addresses or
 * orders; visitors get 401; placing an order is idempotent, recomputes prices on the server and
 * answers bad input with a French message and a stable code, never a 500.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;

type Json = Record<string, any>;

function idem(): Record<string, string> {
  return { "idempotency-key": randomUUID() };
}

function call(method: string, path: string, cookie: string | null, body?: unknown, headers: Record<string, string> = {}) {
  return apiCall(baseURL, method, path, cookie, body, headers);
}

const ADDRESS = HTTP_ADDRESS;
const CARD = HTTP_CARD;
const CONTACT = HTTP_CONTACT;

let alice: string;
let bob: string;
let aliceAddress: string;
let bobAddress: string;
let product: { id: string; price_cents: number; stock_quantity: number };

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUpCookie(baseURL, uniqueEmail("alice")), signUpCookie(baseURL, uniqueEmail("bob"))]);
  const a = await call("POST", "/api/v1/addresses", alice, ADDRESS);
  const b = await call("POST", "/api/v1/addresses", bob, { ...ADDRESS, first_name: "Bob" });
  expect(a.status).toBe(201);
  aliceAddress = a.json.data.id;
  bobAddress = b.json.data.id;
  const list = await call("GET", "/api/v1/products?sort=price_desc&page_size=20", null);
  product = list.json.data.find((p: Json) => p.variant_count === 1 && p.stock_quantity >= 5 && p.in_stock);
  expect(product).toBeDefined();
});

describe("visitors", () => {
  it.each([
    ["GET", "/api/v1/cart"],
    ["PUT", "/api/v1/cart"],
    ["GET", "/api/v1/favorites"],
    ["GET", "/api/v1/addresses"],
    ["POST", "/api/v1/addresses"],
    ["GET", "/api/v1/orders"],
    ["POST", "/api/v1/orders"],
    ["GET", `/api/v1/orders/${randomUUID()}`],
    ["POST", `/api/v1/orders/${randomUUID()}/cancel`],
    ["GET", "/api/v1/payment-methods"],
    ["POST", "/api/v1/payment-methods"],
    ["GET", `/api/v1/payment-methods/${randomUUID()}`],
    ["PATCH", `/api/v1/payment-methods/${randomUUID()}`],
    ["DELETE", `/api/v1/payment-methods/${randomUUID()}`],
    ["GET", "/api/v1/support-tickets"],
    ["POST", "/api/v1/support-tickets"],
    ["GET", `/api/v1/support-tickets/${randomUUID()}`],
    ["GET", `/api/v1/support-tickets/${randomUUID()}/messages`],
    ["POST", `/api/v1/support-tickets/${randomUUID()}/messages`],
    ["GET", "/api/v1/loyalty"],
    ["GET", "/api/v1/notifications"],
    ["GET", "/api/v1/notifications/stream"],
    ["POST", "/api/v1/notifications/read-all"],
    ["GET", `/api/v1/notifications/${randomUUID()}`],
    ["PATCH", `/api/v1/notifications/${randomUUID()}`],
    ["DELETE", `/api/v1/notifications/${randomUUID()}`],
    ["POST", "/api/v1/payment-authentications/auth_x"],
  ])("%s %s -> 401 with a French message", async (method, path) => {
    const res = await call(method, path, null, method === "GET" ? undefined : {}, { "idempotency-key": randomUUID() });
    expect(res.status).toBe(401);
    expect(res.json.error).toEqual({ code: "unauthenticated", message: "Connexion requise" });
  });
});

describe("an admin API key", () => {
  it("opens none of a shopper's routes, even with every scope (docs/decisions/049)", async () => {
    const admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    const form = new URLSearchParams({ intent: "api-key-create", name: `Tous accès ${randomUUID().slice(0, 8)}` });
    for (const area of ["catalog", "stock", "orders", "clients", "promotions", "reviews", "returns"]) form.set(`scope_${area}`, "write");
    const created = await fetch(`${baseURL}/admin/parametres.data`, {
      method: "POST",
      headers: { cookie: admin, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const key = /aur_live_[A-Za-z0-9_-]{43}/.exec(await created.text())?.[0];
    expect(key).toBeDefined();
    for (const path of [
      "/api/v1/me",
      "/api/v1/cart",
      "/api/v1/addresses",
      "/api/v1/orders",
      "/api/v1/payment-methods",
      "/api/v1/loyalty",
    ]) {
      const res = await call("GET", path, null, undefined, { authorization: `Bearer ${key}` });
      expect(res.status).toBe(401);
    }
  });
});

describe("placing an order over HTTP", () => {
  let orderId: string;

  it("computes the total on the server and ignores prices sent by the client", async () => {
    const key = randomUUID();
    const res = await call(
      "POST",
      "/api/v1/orders",
      alice,
      {
        address_id: aliceAddress,
        contact: CONTACT,
        card: CARD,
        lines: [{ product_id: product.id, quantity: 1, price_cents: 1 }],
        total_cents: 1,
      },
      { "idempotency-key": key },
    );
    expect(res.status).toBe(201);
    const order = res.json.data;
    orderId = order.id;
    expect(order.subtotal_cents).toBe(product.price_cents);
    expect(order.total_cents).toBe(product.price_cents + order.shipping_cents);
    expect(order.number).toMatch(/^AUR-\d{4}-\d{6}$/);
    expect(order.reference).toBe(order.number);
    expect(order.metadata.payment).toMatchObject({ brand: "visa", last_four: "4242" });
    expect(JSON.stringify(order)).not.toContain("4242424242424242");

    // The same attempt again (double click, retried request): the same order, not a second one.
    const again = await call(
      "POST",
      "/api/v1/orders",
      alice,
      { address_id: aliceAddress, contact: CONTACT, card: CARD, lines: [{ product_id: product.id, quantity: 1 }] },
      { "idempotency-key": key },
    );
    expect(again.status).toBe(200);
    expect(again.json.data.id).toBe(orderId);
    const list = await call("GET", "/api/v1/orders", alice);
    expect(list.json.data.filter((o: Json) => o.id === orderId)).toHaveLength(1);
  });

  it("answers 402 with next_action for 3-D Secure, completed once and only by its shopper", async () => {
    const key = randomUUID();
    const threeDs = { ...CARD, number: "4000 0027 6000 3184" };
    const order = { address_id: aliceAddress, contact: CONTACT, card: threeDs, lines: [{ product_id: product.id, quantity: 1 }] };
    const asked = await call("POST", "/api/v1/orders", alice, order, { "idempotency-key": key });
    expect(asked.status).toBe(402);
    expect(asked.json.error.code).toBe("authentication_required");
    expect(asked.json.next_action).toEqual({ type: "authenticate", authentication_id: expect.stringMatching(/^auth_/) });
    const id = asked.json.next_action.authentication_id as string;
    expect((await call("POST", `/api/v1/payment-authentications/${id}`, bob, { result: "succeeded" })).status).toBe(404);
    const bad = await call("POST", `/api/v1/payment-authentications/${id}`, alice, { result: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain("Résultat d'authentification invalide");
    const done = await call("POST", `/api/v1/payment-authentications/${id}`, alice, { result: "succeeded" });
    expect(done.status).toBe(201);
    expect(done.json.data.metadata.payment).toMatchObject({ last_four: "3184" });
    const twice = await call("POST", `/api/v1/payment-authentications/${id}`, alice, { result: "succeeded" });
    expect(twice.status).toBe(409);
    expect(twice.json.error.code).toBe("authentication_completed");
    const replay = await call("POST", "/api/v1/orders", alice, order, { "idempotency-key": key });
    expect(replay.status).toBe(200);
    expect(replay.json.data.id).toBe(done.json.data.id);
  });

  it("keeps each shopper's orders, addresses and cart to themselves", async () => {
    expect((await call("GET", `/api/v1/orders/${orderId}`, bob)).status).toBe(404);
    const cancel = await call("POST", `/api/v1/orders/${orderId}/cancel`, bob, {});
    expect(cancel.status).toBe(404);
    // Its returns too: the same 404 as the order, not an empty list that says the order exists.
    const returns = await call("GET", `/api/v1/orders/${orderId}/returns`, bob);
    expect(returns.status).toBe(404);
    expect(returns.json.error).toMatchObject({ message: "Commande introuvable" });
    expect((await call("GET", `/api/v1/orders/${orderId}/returns`, alice)).status).toBe(200);
    expect((await call("GET", "/api/v1/orders/pas-un-uuid/returns", alice)).status).toBe(404);
    expect((await call("GET", "/api/v1/orders", bob)).json.data).toEqual([]);
    expect((await call("GET", `/api/v1/addresses/${aliceAddress}`, bob)).status).toBe(404);
    expect((await call("PATCH", `/api/v1/addresses/${aliceAddress}`, bob, { city: "Paris" })).status).toBe(404);
    expect((await call("DELETE", `/api/v1/addresses/${aliceAddress}`, bob)).status).toBe(404);
    const bobList = await call("GET", "/api/v1/addresses", bob);
    expect(bobList.json.data.map((a: Json) => a.id)).toEqual([bobAddress]);

    // Ordering to someone else's address is refused, nothing is charged or taken.
    const stolen = await call(
      "POST",
      "/api/v1/orders",
      bob,
      { address_id: aliceAddress, contact: CONTACT, card: CARD, lines: [{ product_id: product.id, quantity: 1 }] },
      { "idempotency-key": randomUUID() },
    );
    expect(stolen.status).toBe(400);
    expect(stolen.json.error).toMatchObject({ code: "invalid_address", message: "Veuillez sélectionner une adresse de livraison valide" });

    await call("PUT", "/api/v1/cart", alice, { lines: [{ product_id: product.id, quantity: 2 }] });
    const bobCart = await call("GET", "/api/v1/cart", bob);
    expect(bobCart.status).toBe(200);
    expect(JSON.stringify(bobCart.json.data)).not.toContain(product.id);
  });

  it("never lets a shopper reach the admin API, even for their own order or account (403, nothing changed)", async () => {
    const me = await call("GET", "/api/v1/me", alice);
    for (const [method, path, body] of [
      ["GET", "/api/v1/admin/orders", undefined],
      ["GET", `/api/v1/admin/orders/${orderId}`, undefined],
      ["POST", `/api/v1/admin/orders/${orderId}/ship`, { carrier: "colissimo", tracking_number: "6A12345678901" }],
      ["POST", "/api/v1/admin/order-status", { order_id: orderId, status: "delivered" }],
      ["GET", `/api/v1/admin/clients/${me.json.data.id}`, undefined],
      ["DELETE", `/api/v1/admin/clients/${me.json.data.id}`, undefined],
      ["POST", "/api/v1/admin/gift-cards", { client_id: me.json.data.id, amount: 100, reason: "Moi" }],
      ["POST", "/api/v1/admin/promo-codes", { code: "MOIMEME", kind: "percentage", value: "100" }],
    ] as const) {
      const res = await call(method, path, alice, body);
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    const own = await call("GET", `/api/v1/orders/${orderId}`, alice);
    expect(own.json.data.status).not.toBe("delivered");
    expect((await call("GET", "/api/v1/me", alice)).status).toBe(200);
  });

  it("answers bad input with a French message and a stable code, never a 500", async () => {
    const body = { address_id: aliceAddress, contact: CONTACT, card: CARD, lines: [{ product_id: product.id, quantity: 1 }] };
    const cases: [unknown, Record<string, string>, number, string][] = [
      [body, {}, 400, "idempotency_key_required"],
      [{ ...body, lines: [{ product_id: product.id, quantity: -3 }] }, { "idempotency-key": randomUUID() }, 400, "invalid_body"],
      [{ ...body, lines: [{ product_id: product.id, quantity: 1e9 }] }, { "idempotency-key": randomUUID() }, 400, "invalid_body"],
      [{ ...body, lines: [{ product_id: "not-a-uuid", quantity: 1 }] }, { "idempotency-key": randomUUID() }, 400, "invalid_body"],
      [{ ...body, lines: [{ product_id: randomUUID(), quantity: 1 }] }, { "idempotency-key": randomUUID() }, 400, "invalid_item"],
      [{ ...body, lines: [{ product_id: product.id, quantity: 99 }] }, { "idempotency-key": randomUUID() }, 409, "insufficient_stock"],
      [{ ...body, points_to_use: 150 }, { "idempotency-key": randomUUID() }, 400, "invalid_body"],
      [{ ...body, points_to_use: 100 }, { "idempotency-key": randomUUID() }, 400, "insufficient_points"],
      [{ ...body, card: { ...CARD, number: "4000 0000 0000 0002" } }, { "idempotency-key": randomUUID() }, 402, "payment_declined"],
      [{ ...body, card: { ...CARD, number: "4242 4242 4242 4241" } }, { "idempotency-key": randomUUID() }, 400, "invalid_body"],
      ["not json", { "idempotency-key": randomUUID() }, 400, "invalid_body"],
    ];
    const before = await call("GET", `/api/v1/products/${product.id}`, null, undefined, { "cache-control": "no-cache" });
    for (const [payload, headers, status, code] of cases) {
      const res = await call("POST", "/api/v1/orders", alice, payload, headers);
      expect({ status: res.status, code: res.json.error?.code }).toEqual({ status, code });
      expect(typeof res.json.error.message).toBe("string");
      expect(res.json.error.message.length).toBeGreaterThan(0);
    }
    const after = await call("GET", `/api/v1/products/${product.id}`, null, undefined, { "cache-control": "no-cache" });
    expect(after.json.data.stock_quantity).toBe(before.json.data.stock_quantity);
  });
});

describe("payment methods and support tickets", () => {
  const VISA = { number: "4242 4242 4242 4242", expiry: "12/39", holder: "Alice Martin" };
  let aliceCard: string;
  let aliceTicket: string;

  beforeAll(async () => {
    const card = await call("POST", "/api/v1/payment-methods", alice, VISA);
    expect(card.status).toBe(201);
    expect(card.json.data).toMatchObject({ brand: "visa", last4: "4242", expiry: "12/39", is_default: true, usable: true });
    aliceCard = card.json.data.id;
    const ticket = await call("POST", "/api/v1/support-tickets", alice, { subject: "Colis abîmé", description: "Flacon cassé." });
    expect(ticket.status).toBe(201);
    expect(ticket.json.data.ticket_number).toMatch(/^SAV-\d{4}-\d{6}$/);
    aliceTicket = ticket.json.data.id;
  });

  async function aliceCards() {
    return (await call("GET", "/api/v1/payment-methods", alice)).json.data as Json[];
  }

  it("answers another shopper's card id or a malformed id with 404 and changes nothing", async () => {
    const before = await aliceCards();
    const bobCard = await call("POST", "/api/v1/payment-methods", bob, { ...VISA, holder: "Bob", number: "5555 5555 5555 4444" });
    expect(bobCard.status).toBe(201);
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { is_default: true }],
      ["DELETE", undefined],
    ] as const) {
      for (const id of [aliceCard, "pas-un-identifiant", "1 OR 1=1"]) {
        const res = await call(method, `/api/v1/payment-methods/${encodeURIComponent(id)}`, bob, body);
        expect({ method, id, status: res.status }).toEqual({ method, id, status: 404 });
        expect(res.json.error).toEqual({ code: "not_found", message: "Moyen de paiement introuvable" });
      }
    }
    expect(await aliceCards()).toEqual(before);
    const bobList = (await call("GET", "/api/v1/payment-methods", bob)).json.data as Json[];
    expect(bobList.map((c) => [c.id, c.is_default])).toEqual([[bobCard.json.data.id, true]]);
  });

  it("answers bad card input with a French message and a 4xx, never a 500, and stores nothing", async () => {
    const before = await aliceCards();
    const cases: [string, string, unknown, number, string][] = [
      ["POST", "/api/v1/payment-methods", { ...VISA, number: "6011 1111 1111 1117" }, 400, "invalid_payment_method"],
      ["POST", "/api/v1/payment-methods", { ...VISA, number: "4242 4242 4242 4241" }, 400, "invalid_payment_method"],
      ["POST", "/api/v1/payment-methods", { ...VISA, number: "12a4" }, 400, "invalid_payment_method"],
      ["POST", "/api/v1/payment-methods", { ...VISA, holder: undefined }, 400, "invalid_payment_method"],
      ["POST", "/api/v1/payment-methods", { ...VISA, holder: "x".repeat(10_000) }, 400, "invalid_payment_method"],
      ["POST", "/api/v1/payment-methods", { ...VISA, expiry: "13/39" }, 400, "invalid_payment_method"],
      ["POST", "/api/v1/payment-methods", { ...VISA, expiry: "01/20" }, 400, "invalid_payment_method"],
      ["POST", "/api/v1/payment-methods", { ...VISA, cvc: "123" }, 400, "cvc_refused"],
      ["POST", "/api/v1/payment-methods", { ...VISA, card_cvc: "123" }, 400, "cvc_refused"],
      ["POST", "/api/v1/payment-methods", [VISA], 400, "invalid_body"],
      ["POST", "/api/v1/payment-methods", "not json", 400, "invalid_body"],
      ["PATCH", `/api/v1/payment-methods/${aliceCard}`, { is_default: false }, 400, "invalid_body"],
      ["PATCH", `/api/v1/payment-methods/${aliceCard}`, { last4: "0000" }, 400, "invalid_body"],
      ["PUT", "/api/v1/payment-methods", VISA, 405, "method_not_allowed"],
    ];
    for (const [method, path, body, status, code] of cases) {
      const res = await call(method, path, alice, body);
      expect({ body, status: res.status, code: res.json.error?.code }).toEqual({ body, status, code });
      expect(res.json.error.message.length).toBeGreaterThan(0);
    }
    const wrong = await call("POST", "/api/v1/payment-methods", alice, { ...VISA, number: "6011 1111 1111 1117", expiry: "01/20" });
    expect(wrong.json.error.details).toEqual(
      expect.arrayContaining([
        { field: "number", message: "Carte non acceptée (Visa, Mastercard ou American Express)" },
        { field: "expiry", message: "Carte expirée" },
      ]),
    );
    const noHolder = await call("POST", "/api/v1/payment-methods", alice, { ...VISA, holder: "" });
    expect(noHolder.json.error.details).toEqual([{ field: "holder", message: "Le nom du titulaire est obligatoire" }]);
    expect(await aliceCards()).toEqual(before);
  });

  it("pays only with the shopper's own saved card: another shopper's card id is a 404 and no order", async () => {
    const bobCard = ((await call("GET", "/api/v1/payment-methods", bob)).json.data as Json[])[0];
    const order = { address_id: aliceAddress, contact: CONTACT, lines: [{ product_id: product.id, quantity: 1 }] };
    const ordersBefore = ((await call("GET", "/api/v1/orders", alice)).json.data as Json[]).length;
    const stolen = await call("POST", "/api/v1/orders", alice, { ...order, payment_method_id: bobCard.id, cvc: "123" }, idem());
    expect(stolen.status).toBe(404);
    expect(stolen.json.error).toMatchObject({
      code: "payment_method_not_found",
      message: "Carte enregistrée introuvable : choisissez une autre carte.",
    });
    const noCvc = await call("POST", "/api/v1/orders", alice, { ...order, payment_method_id: aliceCard }, idem());
    expect({ status: noCvc.status, code: noCvc.json.error?.code }).toEqual({ status: 400, code: "cvc_required" });
    const both = await call("POST", "/api/v1/orders", alice, { ...order, payment_method_id: aliceCard, cvc: "123", card: CARD }, idem());
    expect({ status: both.status, code: both.json.error?.code }).toEqual({ status: 400, code: "payment_choice" });
    expect(((await call("GET", "/api/v1/orders", alice)).json.data as Json[]).length).toBe(ordersBefore);

    // Her own card pays, its CVC typed again; the order records the card's brand and last four.
    const paid = await call("POST", "/api/v1/orders", alice, { ...order, payment_method_id: aliceCard, cvc: "123" }, idem());
    expect(paid.status).toBe(201);
    expect(paid.json.data.metadata.payment).toMatchObject({ brand: "visa", last_four: "4242" });
  });

  it("refuses an 11th card with a French message", async () => {
    const carol = await signUpCookie(baseURL, uniqueEmail("carol"));
    for (let month = 1; month <= 10; month++) {
      const res = await call("POST", "/api/v1/payment-methods", carol, { ...VISA, expiry: `${String(month).padStart(2, "0")}/39` });
      expect(res.status).toBe(201);
    }
    const eleventh = await call("POST", "/api/v1/payment-methods", carol, { ...VISA, expiry: "11/39" });
    expect(eleventh.status).toBe(409);
    expect(eleventh.json.error).toMatchObject({ code: "payment_method_limit", message: expect.stringContaining("plus de 10 cartes") });
    expect((await call("GET", "/api/v1/payment-methods", carol)).json.data).toHaveLength(10);
  });

  it("3-D Secure over HTTP: the same key shows the same challenge; a failed one leaves no order and counts once", async () => {
    const order = {
      address_id: aliceAddress,
      contact: CONTACT,
      card: { ...CARD, number: "4000 0027 6000 3184" },
      lines: [{ product_id: product.id, quantity: 1 }],
    };
    const key = idem();
    const first = await call("POST", "/api/v1/orders", alice, order, key);
    expect(first.status).toBe(402);
    expect(first.json.error.code).toBe("authentication_required");
    const id = first.json.next_action.authentication_id as string;
    // The shopper closed the bank's page and ordered again: the same attempt, the same challenge.
    const again = await call("POST", "/api/v1/orders", alice, order, key);
    expect(again.status).toBe(402);
    expect(again.json.next_action).toEqual({ type: "authenticate", authentication_id: id });

    const path = `/api/v1/payment-authentications/${encodeURIComponent(id)}`;
    const ordersBefore = ((await call("GET", "/api/v1/orders", alice)).json.data as Json[]).length;
    const failed = await call("POST", path, alice, { result: "failed" });
    expect(failed.status).toBe(402);
    expect(failed.json.error).toMatchObject({
      code: "payment_declined",
      message: "Votre banque n'a pas validé le paiement (authentification 3-D Secure échouée) : vous n'avez pas été débité.",
    });
    const twice = await call("POST", path, alice, { result: "succeeded" });
    expect(twice.status).toBe(409);
    expect(twice.json.error.code).toBe("authentication_completed");
    expect(((await call("GET", "/api/v1/orders", alice)).json.data as Json[]).length).toBe(ordersBefore);
  });

  it("keeps each shopper's tickets to themselves and refuses bad tickets in French", async () => {
    const other = await call("GET", `/api/v1/support-tickets/${aliceTicket}`, bob);
    expect(other.status).toBe(404);
    expect(other.json.error).toEqual({ code: "not_found", message: "Ticket introuvable" });
    expect((await call("GET", "/api/v1/support-tickets/pas-un-identifiant", bob)).status).toBe(404);
    expect((await call("GET", `/api/v1/support-tickets/${aliceTicket}`, alice)).json.data.id).toBe(aliceTicket);
    expect((await call("GET", "/api/v1/support-tickets", bob)).json.data).toEqual([]);
    // The conversation: someone else's thread reads and answers as unknown, nothing is written.
    const foreignThread = await call("GET", `/api/v1/support-tickets/${aliceTicket}/messages`, bob);
    expect(foreignThread.status).toBe(404);
    expect(foreignThread.json.error).toEqual({ code: "not_found", message: "Ticket introuvable" });
    const foreignReply = await call("POST", `/api/v1/support-tickets/${aliceTicket}/messages`, bob, { body: "Intrusion" });
    expect(foreignReply.status).toBe(404);
    expect(foreignReply.json.error.message).toBe("Ticket introuvable");
    const tooLong = await call("POST", `/api/v1/support-tickets/${aliceTicket}/messages`, alice, { body: "m".repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.message).toBe("Le message ne doit pas dépasser 5\u202f000 caractères");
    const own = await call("GET", `/api/v1/support-tickets/${aliceTicket}/messages`, alice);
    expect((own.json.data.messages as Json[]).map((m) => m.body)).toEqual(["Flacon cassé."]);

    const before = (await call("GET", "/api/v1/support-tickets", alice)).json.data as Json[];
    const cases: [unknown, string, string][] = [
      [{ subject: "Aide", description: "Texte", category: "billing" }, "category", "Veuillez choisir une catégorie"],
      [{ subject: "Aide", description: "Texte", priority: "critical" }, "priority", "Veuillez choisir une priorité"],
      [{ subject: "s".repeat(10_000), description: "Texte" }, "subject", "Le sujet ne doit pas dépasser 200 caractères"],
      [{ description: "Texte" }, "subject", "Le sujet est obligatoire"],
      [{ subject: "Aide" }, "description", "La description est obligatoire"],
    ];
    for (const [body, field, message] of cases) {
      const res = await call("POST", "/api/v1/support-tickets", alice, body);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("invalid_ticket");
      const detail = (res.json.error.details as Json[]).find((d) => d.field === field);
      expect(detail?.message).toContain(message);
    }
    expect((await call("POST", "/api/v1/support-tickets", alice, "not json")).status).toBe(400);
    expect((await call("GET", "/api/v1/support-tickets", alice)).json.data).toEqual(before);
  });
});

describe("notifications over HTTP", () => {
  // Another shopper's real notification ids are covered by tests/e2e/accounts/notifications.test.ts
  // (its own server starts with notifications in the database) and by the service tests.
  it("answers unknown and malformed ids with 404 'Notification introuvable', never a 500", async () => {
    const notFound = { code: "not_found", message: "Notification introuvable" };
    for (const id of [randomUUID(), "not-a-uuid", "%27%3B%20DROP%20TABLE%20notifications%3B--"]) {
      const path = `/api/v1/notifications/${id}`;
      expect({ path, ...(await call("GET", path, bob)) }).toMatchObject({ path, status: 404, json: { error: notFound } });
      expect({ path, ...(await call("PATCH", path, bob, { is_read: true })) }).toMatchObject({
        path,
        status: 404,
        json: { error: notFound },
      });
      expect({ path, ...(await call("DELETE", path, bob)) }).toMatchObject({ path, status: 404, json: { error: notFound } });
    }
  });

  it("validates the filter and the body in French, and counts nothing below 0", async () => {
    const badFilter = await call("GET", "/api/v1/notifications?filter=everything", alice);
    expect(badFilter.status).toBe(400);
    expect(badFilter.json.error.code).toBe("invalid_query");
    const badBody = await call("PATCH", `/api/v1/notifications/${randomUUID()}`, alice, { is_read: false });
    expect(badBody.status).toBe(400);
    expect(badBody.json.error.code).toBe("invalid_body");
    expect((await call("POST", "/api/v1/notifications/read-all", alice, {})).json).toEqual({ data: { updated: 0 } });
    for (const filter of ["all", "unread", "read"]) {
      const list = await call("GET", `/api/v1/notifications?filter=${filter}`, alice);
      expect(list.status).toBe(200);
      expect(list.json).toEqual({ data: [], unread_count: 0 });
    }
  });
});
