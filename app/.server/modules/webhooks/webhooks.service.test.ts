import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { refusalMessage } from "../../../../tests/support/domain-result";
import { storedView, wordStoredNotification } from "../../../../tests/support/notification-wording";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { notifications, outbox, user, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema";
import { log } from "../../logger";
import { isDomainError } from "~/domain/errors";
import { WEBHOOK_MESSAGES } from "~/domain/webhooks/webhooks";
import { LOW_STOCK_THRESHOLD } from "~/lib/shop-rules";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { placeOrder } from "../../workflows/place-order";
import { setStockLevels } from "../inventory/inventory.service";
import { changeOrderStatus } from "../../workflows/change-order-status";
import { SimulatedPaymentProvider } from "../payments/payment-provider";
import { signatureHeader, verifySignature } from "./signature";
import { checkWebhookUrl, resolveDeliverableAddresses } from "./url-guard";
import { httpPoster } from "./webhook-delivery";
import {
  nextWebhookAttempt,
  processWebhookDeliveries,
  webhookRetryDelayMs,
  WEBHOOK_RETRY_WINDOW_MS,
  type PostWebhook,
  type WebhookPost,
} from "./webhook-delivery";
import { createWebhookEndpoint, enqueueWebhookEvent, listWebhookDeliveries, resendWebhookDelivery } from "./webhooks.service";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

let handle: DatabaseHandle;
const provider = new SimulatedPaymentProvider(async () => handle.db);

beforeAll(async () => {
  handle = await createTestDatabase();
  vi.spyOn(log, "warn").mockImplementation(() => {});
  vi.spyOn(log, "error").mockImplementation(() => {});
});

afterAll(async () => {
  await handle?.close();
  vi.restoreAllMocks();
});

beforeEach(async () => {
  await handle.db.delete(webhookEndpoints);
  await handle.db.delete(webhookEvents);
});

/** An endpoint written straight to the table (the service refuses private URLs, as it should). */
async function endpoint(events: string[], secret = "whsec_test", url = "https://hooks.example.com/aurore") {
  const [row] = await handle.db.insert(webhookEndpoints).values({ url, events, secret }).returning();
  return row;
}

/** A receiver that records what it gets and answers with the given statuses in turn (then 200). */
function recorder(statuses: number[] = []) {
  const received: WebhookPost[] = [];
  const post: PostWebhook = async (p) => {
    received.push(p);
    return { status: statuses.shift() ?? 200, body: "" };
  };
  return { received, post };
}

const parsed = (p: WebhookPost) =>
  JSON.parse(p.body) as { id: string; type: string; created_at: string; resource_id: string; data: Record<string, unknown> };

describe("signature", () => {
  it("signs t.body with HMAC-SHA256 as a receiver recomputes it", () => {
    const body = JSON.stringify({ id: "evt", type: "order.created" });
    const now = new Date("2026-11-26T10:00:00Z");
    const header = signatureHeader("whsec_abc", body, now);
    const t = Math.floor(now.getTime() / 1000);
    // The receiver's own computation, with nothing from the shop's code.
    const expected = createHmac("sha256", "whsec_abc").update(`${t}.${body}`).digest("hex");
    expect(header).toBe(`t=${t},v1=${expected}`);
    expect(verifySignature("whsec_abc", header, body, 300, now)).toBe(true);
    expect(verifySignature("whsec_abc", header, body.replace("created", "refunded"), 300, now)).toBe(false);
    expect(verifySignature("whsec_other", header, body, 300, now)).toBe(false);
    expect(verifySignature("whsec_abc", header, body, 300, new Date(now.getTime() + 301_000))).toBe(false);
  });

  it("delivers a body whose header verifies with the endpoint's secret", async () => {
    const ep = await endpoint(["order.created"], "whsec_delivery");
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "order.created", "o-1", { id: "o-1", total_cents: 4200 }));
    const { received, post } = recorder();
    expect(await processWebhookDeliveries(handle.db, { post })).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
    const [p] = received;
    expect(p.url).toBe(ep.url);
    expect(verifySignature("whsec_delivery", p.headers["Aurore-Signature"], p.body)).toBe(true);
    const body = parsed(p);
    expect(body).toMatchObject({ type: "order.created", resource_id: "o-1", data: { id: "o-1", total_cents: 4200 } });
    expect(p.headers["Aurore-Event-Id"]).toBe(body.id);
    expect(new Date(body.created_at).getTime()).toBeGreaterThan(0);
  });
});

describe("retry schedule", () => {
  it("doubles from the base delay up to an hour", () => {
    expect([1, 2, 3, 4, 8, 9, 20].map((n) => webhookRetryDelayMs(n, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    const start = new Date("2026-11-26T00:00:00Z");
    expect(nextWebhookAttempt(1, start, start, 30_000)).toEqual(new Date(start.getTime() + 30_000));
    expect(nextWebhookAttempt(30, start, new Date(start.getTime() + WEBHOOK_RETRY_WINDOW_MS - 60_000), 30_000)).toBeNull();
  });

  it("retries with backoff for 24 h, then fails the delivery, marks the endpoint failing and tells the administrators once", async () => {
    const admin = await createShopper(handle.db, { name: "Admin" });
    await handle.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
    const ep = await endpoint(["stock.low"]);
    const start = new Date(Date.now() + 1000);
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "stock.low", "p-1", { product_id: "p-1" }));
    await handle.db.update(webhookDeliveries).set({ windowStartedAt: start, nextAttemptAt: start });
    const { received, post } = recorder(Array(100).fill(500));
    let now = start;
    const gaps: number[] = [];
    for (let pass = 0; pass < 60; pass += 1) {
      const r = await processWebhookDeliveries(handle.db, { post, now, retryBaseMs: 30_000 });
      if (r.gaveUp) break;
      expect(r.failed).toBe(1);
      await settleDomainEvents(handle.db);
      const [d] = await handle.db.select().from(webhookDeliveries);
      // Not due a millisecond before its time.
      const early = await processWebhookDeliveries(handle.db, { post, now: new Date(d.nextAttemptAt.getTime() - 1), retryBaseMs: 30_000 });
      expect(early).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
      gaps.push(d.nextAttemptAt.getTime() - now.getTime());
      now = d.nextAttemptAt;
    }
    expect(gaps.slice(0, 5)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(Math.max(...gaps)).toBe(3_600_000);
    expect(now.getTime() - start.getTime()).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(now.getTime() - start.getTime()).toBeGreaterThan(WEBHOOK_RETRY_WINDOW_MS - 3_600_000);
    await settleDomainEvents(handle.db);
    const [d] = await handle.db.select().from(webhookDeliveries);
    expect(d.status).toBe("failed");
    const failedAttempts = received.length;
    expect(d.attempts).toBe(failedAttempts);
    expect(await handle.db.$count(webhookAttempts, eq(webhookAttempts.deliveryId, d.id))).toBe(received.length);
    const [after] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(after.failingSince).not.toBeNull();
    await settleDomainEvents(handle.db);
    const told = await handle.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(told.map((n) => n.title)).toEqual(["Webhook en échec"]);
    expect(told[0]).toMatchObject({ messageKey: "webhookFailing", params: { url: ep.url } });
    expect(wordStoredNotification("fr", storedView(told[0]))).toEqual({ title: told[0].title, message: told[0].message });
    expect(wordStoredNotification("en", storedView(told[0]))).toEqual({
      title: "Webhook failing",
      message: `The webhook ${ep.url} could not be delivered for 24 hours: it is marked as failing.`,
    });
    const mails = await handle.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${admin.email}`);
    expect(mails).toHaveLength(1);
    expect(String(mails[0].payload.subject)).toBe(`Webhook en échec : ${ep.url}`);

    // A second delivery given up on the same failing endpoint tells nobody again.
    await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "stock.low", "p-2", { product_id: "p-2" }));
    await handle.db
      .update(webhookDeliveries)
      .set({ windowStartedAt: new Date(0), nextAttemptAt: new Date(0) })
      .where(eq(webhookDeliveries.status, "pending"));
    expect((await processWebhookDeliveries(handle.db, { post, now, retryBaseMs: 30_000 })).gaveUp).toBe(1);
    expect(await handle.db.$count(notifications, eq(notifications.userId, admin.id))).toBe(1);

    // 'Renvoyer' queues it again; a success clears the endpoint's failing mark.
    await resendWebhookDelivery(handle.db, ep.id, d.id);
    const ok = recorder([200]);
    expect((await processWebhookDeliveries(handle.db, { post: ok.post })).delivered).toBe(1);
    const [healed] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(healed.failingSince).toBeNull();
    const log = await listWebhookDeliveries(handle.db, ep.id);
    const resent = log.find((l) => l.id === d.id)!;
    expect(resent.status).toBe("delivered");
    expect(resent.attempts.at(-1)).toMatchObject({ ok: true, responseCode: 200 });
    expect(resent.attempts.filter((a) => a.responseCode === 500)).toHaveLength(failedAttempts);
  });
});

describe("SSRF guard", () => {
  const refused = refusalMessage;

  it("refuses non-http schemes and internal addresses written in the URL, in French", () => {
    expect(refused(() => checkWebhookUrl("ftp://hooks.example.com/x", false))).toBe(WEBHOOK_MESSAGES.urlScheme);
    expect(WEBHOOK_MESSAGES.urlScheme).toBe("Seules les adresses http:// ou https:// sont acceptées");
    for (const url of [
      "http://127.0.0.1:8080/x",
      "http://10.0.0.1/x",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/x",
      "http://localhost:3000/x",
      "http://0.0.0.0/x",
      "http://192.168.1.10/x",
      "http://[::ffff:127.0.0.1]/x",
      "http://[fe80::1]/x",
      "http://224.0.0.1/x",
    ]) {
      expect(
        refused(() => checkWebhookUrl(url, false)),
        url,
      ).toBe(WEBHOOK_MESSAGES.urlPrivate);
    }
    expect(WEBHOOK_MESSAGES.urlPrivate).toBe("Cette adresse désigne un réseau privé ou la machine elle-même : elle est refusée");
    expect(refused(() => checkWebhookUrl("https://hooks.example.com/aurore", false))).toBe("accepted");
    expect(refused(() => checkWebhookUrl("http://127.0.0.1:8080/x", true))).toBe("accepted");
  });

  it("refuses a name that resolves to loopback or a private address at delivery time", async () => {
    const toLoopback = async () => [{ address: "127.0.0.1", family: 4 }];
    const mixed = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    await expect(resolveDeliverableAddresses("rebind.example.com", false, toLoopback)).rejects.toThrow(WEBHOOK_MESSAGES.urlPrivate);
    await expect(resolveDeliverableAddresses("rebind.example.com", false, mixed)).rejects.toThrow(WEBHOOK_MESSAGES.urlPrivate);
    await expect(resolveDeliverableAddresses("rebind.example.com", true, toLoopback)).resolves.toHaveLength(1);

    // The poster itself: a local server is never reached through a name resolving to it.
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits += 1;
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const guarded = httpPoster({ allowPrivate: false, lookup: toLoopback });
      await expect(guarded({ url: `http://rebind.example.com:${port}/`, body: "{}", headers: {} })).rejects.toThrow(
        WEBHOOK_MESSAGES.urlPrivate,
      );
      expect(hits).toBe(0);
      // With the setting on, the same name reaches the pinned address.
      const allowed = httpPoster({ allowPrivate: true, lookup: toLoopback });
      expect((await allowed({ url: `http://rebind.example.com:${port}/`, body: "{}", headers: {} })).status).toBe(200);
      expect(hits).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses to save such an endpoint, the message on the URL field", async () => {
    for (const url of ["http://127.0.0.1/x", "ftp://hooks.example.com/x", "http://localhost/x"]) {
      const error = await createWebhookEndpoint(handle.db, { url, events: ["order.created"], active: true }).catch((e: unknown) => e);
      expect(isDomainError(error) && error.fieldErrors?.url, url).toBe(
        url.startsWith("ftp") ? WEBHOOK_MESSAGES.urlScheme : WEBHOOK_MESSAGES.urlPrivate,
      );
    }
    expect(await handle.db.$count(webhookEndpoints)).toBe(0);
  });
});

describe("order and uniqueness", () => {
  it("delivers one resource's events in order, other resources meanwhile", async () => {
    await endpoint(["order.status_changed"]);
    for (const [resource, step] of [
      ["A", 1],
      ["A", 2],
      ["B", 1],
      ["A", 3],
    ] as const) {
      await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "order.status_changed", resource, { step }));
    }
    // A1 fails: A2 and A3 wait behind it, B1 goes.
    const first = recorder([500]);
    await processWebhookDeliveries(handle.db, { post: first.post, retryBaseMs: 1 });
    expect(first.received.map((p) => `${parsed(p).resource_id}${parsed(p).data.step}`).sort()).toEqual(["A1", "B1"]);
    await new Promise((r) => setTimeout(r, 20));
    const rest = recorder();
    for (let i = 0; i < 5; i += 1) await processWebhookDeliveries(handle.db, { post: rest.post });
    expect(rest.received.map((p) => `${parsed(p).resource_id}${parsed(p).data.step}`)).toEqual(["A1", "A2", "A3"]);
  });

  it("never gives one delivery to two concurrent workers", async () => {
    await endpoint(["product.updated"]);
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < 40; i += 1) await enqueueWebhookEvent(tx, "product.updated", `p-${i}`, { i });
    });
    const { received, post } = recorder();
    const slow: PostWebhook = async (p) => {
      await new Promise((r) => setTimeout(r, 2));
      return post(p);
    };
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([1, 2, 3].map(() => processWebhookDeliveries(handle.db, { post: slow })));
    }
    const ids = received.map((p) => parsed(p).id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it("writes exactly one event per status change when two changes of one order race", async () => {
    const ep = await endpoint(["order.created", "order.status_changed"]);
    const shopper = await createShopper(handle.db);
    const [p] = await pickProducts(handle.db, 1, 20);
    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      provider,
      request: PlaceOrderSchema.parse({
        address_id: shopper.addressId,
        contact: CONTACT,
        card: APPROVED_CARD,
        lines: [{ product_id: p.id, quantity: 1 }],
      }),
    });
    const orderId = placed.order.id;
    const actor = { userId: shopper.id, role: "admin" as const };
    await Promise.all([
      changeOrderStatus(handle.db, { orderId, newStatus: "processing", actor, provider }),
      changeOrderStatus(handle.db, { orderId, newStatus: "shipped", actor, provider }),
    ]);
    await settleDomainEvents(handle.db);
    const events = await handle.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.resourceId, orderId))
      .orderBy(asc(webhookEvents.createdAt));
    expect(events.map((e) => e.type).sort()).toEqual(["order.created", "order.status_changed", "order.status_changed"]);
    const changes = events.filter((e) => e.type === "order.status_changed").map((e) => `${e.payload.previous_status}>${e.payload.status}`);
    // Each change saw the other's result (the order row is locked): a chain, never two "pending>".
    expect([
      ["pending>processing", "processing>shipped"],
      ["pending>shipped", "shipped>processing"],
    ]).toContainEqual([...changes].sort());
    expect(
      await handle.db.$count(
        webhookDeliveries,
        and(eq(webhookDeliveries.endpointId, ep.id), eq(webhookDeliveries.resourceKey, `order:${orderId}`)),
      ),
    ).toBe(3);

    // Delivered in the order they happened: created first, then the two changes as committed.
    const { received, post } = recorder();
    for (let i = 0; i < 4; i += 1) await processWebhookDeliveries(handle.db, { post });
    const delivered = received.map((r) => parsed(r));
    expect(delivered[0].type).toBe("order.created");
    // The order they happened in is the chain's (the change from "pending" first), not the events'
    // created_at: that is each transaction's start, and the change that waited for the lock may
    // have started first.
    const chain = [...changes].sort((a, b) => Number(b.startsWith("pending>")) - Number(a.startsWith("pending>")));
    expect(delivered.slice(1).map((d) => `${d.data.previous_status}>${d.data.status}`)).toEqual(chain);
  });

  it("writes stock.low once when an order takes a variant to the low-stock threshold, not again below it", async () => {
    await endpoint(["stock.low"]);
    const shopper = await createShopper(handle.db);
    const [p] = await pickProducts(handle.db, 1, LOW_STOCK_THRESHOLD + 2);
    const buy = (quantity: number) =>
      placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        provider,
        request: PlaceOrderSchema.parse({
          address_id: shopper.addressId,
          contact: CONTACT,
          card: APPROVED_CARD,
          lines: [{ product_id: p.id, quantity }],
        }),
      });
    await buy(1); // threshold + 1: still above
    await settleDomainEvents(handle.db);
    expect(await handle.db.$count(webhookEvents)).toBe(0);
    await buy(1); // threshold: crossed
    await buy(1); // below: already low
    await settleDomainEvents(handle.db);
    const events = await handle.db.select().from(webhookEvents);
    expect(events.map((e) => [e.type, e.resourceId, e.payload.stock_quantity, e.payload.variant_id])).toEqual([
      ["stock.low", p.id, LOW_STOCK_THRESHOLD, p.variantId],
    ]);
  });

  it("writes stock.low when the catalogue import sets a level at the threshold, nothing for a level above it", async () => {
    await endpoint(["stock.low"]);
    const [low, high] = await pickProducts(handle.db, 2, LOW_STOCK_THRESHOLD + 5);
    await handle.db.transaction((tx) =>
      setStockLevels(
        tx,
        [
          { variantId: low.variantId, stock: LOW_STOCK_THRESHOLD },
          { variantId: high.variantId, stock: LOW_STOCK_THRESHOLD + 1 },
        ],
        { actorUserId: null, note: "Import CSV du catalogue" },
      ),
    );
    await settleDomainEvents(handle.db);
    const events = await handle.db.select().from(webhookEvents);
    expect(events.map((e) => [e.type, e.resourceId, e.payload.stock_quantity])).toEqual([["stock.low", low.id, LOW_STOCK_THRESHOLD]]);
  });

  it("writes nothing when no active endpoint listens to the type", async () => {
    await handle.db
      .insert(webhookEndpoints)
      .values({ url: "https://hooks.example.com/off", events: ["order.created"], secret: "s", active: false });
    await endpoint(["review.created"]);
    expect(await handle.db.transaction((tx) => enqueueWebhookEvent(tx, "order.created", "o-9", {}))).toBeNull();
    await settleDomainEvents(handle.db);
    expect(await handle.db.$count(webhookEvents)).toBe(0);
  });
});
