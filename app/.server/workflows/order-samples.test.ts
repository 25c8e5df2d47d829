import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, putInServerCart } from "../../../tests/support/shoppers";
import { settled } from "../../../tests/support/domain-result";
import type { DatabaseHandle } from "../db/client";
import { adminActivityLog as activityLog, invoiceDocuments, orderSamples, outbox, paymentAttempts, samples } from "../db/schema";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import {
  adjustSampleStock,
  createSample,
  listOfferedSamples,
  sampleStock,
  setSampleActive,
  updateSample,
} from "../modules/samples/samples.service";
import { getSampleAllowances, saveSampleAllowances } from "../modules/settings/sample-settings.service";
import { placeOrder as placeOrderOrThrow } from "./place-order";
import { cancelOwnOrder, changeOrderStatus } from "./change-order-status";
import { sampleAllowanceOf, sampleOfferFor } from "./order-samples";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { DEFAULT_SAMPLE_ALLOWANCES } from "~/domain/samples/sample-allowances";
import { BEAUTY_PASS_EXPERT_MIN_POINTS, BEAUTY_PASS_VIP_MIN_POINTS } from "~/lib/shop-rules";
import { settleDomainEvents } from "./event-subscribers";

let handle: DatabaseHandle;
let provider: SimulatedPaymentProvider;
const actor = { id: null, label: "Admin test" };

const placeOrder = (...args: Parameters<typeof placeOrderOrThrow>) => settled(placeOrderOrThrow(...args));

function request(input: Partial<PlaceOrderBody> & { address_id: string }) {
  return PlaceOrderSchema.parse({ contact: CONTACT, card: APPROVED_CARD, ...input });
}

/** A sample of its own for each test: the seeded demo samples are left alone. */
async function newSample(stock: number, name = `Échantillon ${randomUUID().slice(0, 8)}`) {
  return createSample(handle.db, { name, brand: "Maison Test", description: "1,5 ml", stock_quantity: String(stock) }, actor);
}

/** A shopper with one product in the server cart, ready to order. */
async function readyShopper(points = 0) {
  const shopper = await createShopper(handle.db, { points });
  const [product] = await pickProducts(handle.db, 1, 1000);
  await putInServerCart(handle.db, shopper.id, [{ product_id: product.id, quantity: 1 }]);
  return shopper;
}

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(() => {
  provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
});

describe("allowance per Beauty Pass tier, from the settings", () => {
  it("is 2, 3 and 4 by default, and follows what Paramètres saves", async () => {
    expect(await getSampleAllowances(handle.db)).toEqual(DEFAULT_SAMPLE_ALLOWANCES);
    const lover = await createShopper(handle.db, { points: 10 });
    const expert = await createShopper(handle.db, { points: BEAUTY_PASS_EXPERT_MIN_POINTS });
    const vip = await createShopper(handle.db, { points: BEAUTY_PASS_VIP_MIN_POINTS });
    expect(await sampleAllowanceOf(handle.db, lover.id)).toBe(2);
    expect(await sampleAllowanceOf(handle.db, expert.id)).toBe(3);
    expect(await sampleAllowanceOf(handle.db, vip.id)).toBe(4);
    expect(await sampleAllowanceOf(handle.db, null)).toBe(2);

    await saveSampleAllowances(handle.db, { base: "1", expert: "5", vip: "6" }, actor);
    try {
      expect(await sampleAllowanceOf(handle.db, lover.id)).toBe(1);
      expect(await sampleAllowanceOf(handle.db, expert.id)).toBe(5);
      expect(await sampleAllowanceOf(handle.db, vip.id)).toBe(6);
      expect((await sampleOfferFor(handle.db, vip.id)).allowance).toBe(6);
    } finally {
      await saveSampleAllowances(handle.db, { base: 2, expert: 3, vip: 4 }, actor);
    }
  });

  it("refuses numbers outside 0 to 10, each field with its French message", async () => {
    await expect(saveSampleAllowances(handle.db, { base: "-1", expert: "3", vip: "deux" }, actor)).rejects.toMatchObject({
      code: "invalid_sample_allowances",
      fieldErrors: {
        base: "Indiquez un nombre entier d'échantillons entre 0 et 10",
        vip: "Indiquez un nombre entier d'échantillons entre 0 et 10",
      },
    });
    expect(await getSampleAllowances(handle.db)).toEqual(DEFAULT_SAMPLE_ALLOWANCES);
  });
});

describe("the back-office's samples", () => {
  it("creates, edits, withdraws and adjusts stock, never below 0, and the activity log names each change", async () => {
    const sample = await newSample(5, "Sérum éclat 2 ml");
    expect((await listOfferedSamples(handle.db)).map((s) => s.id)).toContain(sample.id);
    await updateSample(
      handle.db,
      sample.id,
      { name: "Sérum éclat 3 ml", brand: "Maison Test", stock_quantity: "7", sort_order: "5" },
      actor,
    );
    expect(await sampleStock(handle.db, sample.id)).toBe(7);
    await expect(adjustSampleStock(handle.db, sample.id, { change: "-8" }, actor)).rejects.toMatchObject({
      code: "sample_stock_negative",
      message: "Le stock ne peut pas devenir négatif",
    });
    await expect(adjustSampleStock(handle.db, sample.id, { change: "abc" }, actor)).rejects.toMatchObject({ code: "invalid_stock_change" });
    expect((await adjustSampleStock(handle.db, sample.id, { change: "-7" }, actor)).stock_quantity).toBe(0);
    // Out of stock: no longer offered.
    expect((await listOfferedSamples(handle.db)).map((s) => s.id)).not.toContain(sample.id);
    await adjustSampleStock(handle.db, sample.id, { change: "+20" }, actor);
    await setSampleActive(handle.db, sample.id, false, actor);
    expect((await listOfferedSamples(handle.db)).map((s) => s.id)).not.toContain(sample.id);
    await expect(createSample(handle.db, { name: "", brand: "X", stock_quantity: "1" }, actor)).rejects.toMatchObject({
      code: "invalid_sample",
      fieldErrors: { name: "Le nom de l'échantillon est requis" },
    });
    await expect(createSample(handle.db, { name: "A", brand: "X", stock_quantity: "-3" }, actor)).rejects.toMatchObject({
      fieldErrors: { stock_quantity: expect.stringMatching(/^Le stock doit être un nombre entier/) },
    });

    await settleDomainEvents(handle.db);
    const logged = await handle.db
      .select({ action: activityLog.action, summary: activityLog.summary })
      .from(activityLog)
      .where(eq(activityLog.entityId, sample.id));
    expect(logged.map((l) => l.action).sort()).toEqual(
      ["sample.create", "sample.deactivate", "sample.stock_adjust", "sample.stock_adjust", "sample.update"].sort(),
    );
    expect(logged.map((l) => l.summary)).toContain("Stock de l'échantillon « Sérum éclat 3 ml » +20 (maintenant 20)");
  });
});

describe("samples chosen at checkout", () => {
  it("reserves one unit of each chosen sample, shows them at 0 € and says so in the confirmation e-mail", async () => {
    const [a, b] = [await newSample(5, "Eau de parfum Néroli 1,5 ml"), await newSample(5, "Crème riche 3 ml")];
    const shopper = await readyShopper();
    const placed = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: shopper.addressId, sample_ids: [a.id, b.id] }),
      provider,
    });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.order.samples?.map((s) => [s.name, s.added]).sort()).toEqual([
      ["Crème riche 3 ml", true],
      ["Eau de parfum Néroli 1,5 ml", true],
    ]);
    // Free: the total counts the product alone.
    expect(placed.order.items).toHaveLength(1);
    expect(placed.order.total_cents).toBe(placed.order.subtotal_cents + placed.order.shipping_cents - placed.order.discount_cents);
    expect(await sampleStock(handle.db, a.id)).toBe(4);
    expect(await sampleStock(handle.db, b.id)).toBe(4);
    const [mail] = await handle.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.topic, "mail"))
      .then((rows) => rows.filter((r) => JSON.stringify(r.payload).includes(placed.order.number)));
    expect(JSON.stringify(mail.payload)).toMatch(
      /Échantillons offerts \(0,00\s€\) : (Eau de parfum Néroli 1,5 ml, Crème riche 3 ml|Crème riche 3 ml, Eau de parfum Néroli 1,5 ml)/,
    );

    // The invoice prints them at 0 € under its lines; they are no invoice line (nor Factur-X line).
    const [invoice] = await handle.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.orderId, placed.order.id));
    expect(invoice.snapshot.lines.filter((l) => l.kind === "product")).toHaveLength(1);
    expect(JSON.stringify(invoice.snapshot.lines)).not.toMatch(/Néroli|Crème riche/);
    expect([...(invoice.snapshot.samples ?? [])].sort()).toEqual([
      "Crème riche 3 ml (Maison Test)",
      "Eau de parfum Néroli 1,5 ml (Maison Test)",
    ]);

    // Cancelled: the units go back, once.
    await cancelOwnOrder(handle.db, shopper.id, placed.order.id, new Date(), provider);
    expect(await sampleStock(handle.db, a.id)).toBe(5);
    expect(await sampleStock(handle.db, b.id)).toBe(5);
    const rows = await handle.db.select().from(orderSamples).where(eq(orderSamples.orderId, placed.order.id));
    expect(rows.every((r) => r.restockedAt !== null)).toBe(true);

    // Held again: it takes them again; one that ran out meanwhile is marked not added, the order still restored.
    await adjustSampleStock(handle.db, b.id, { change: "-5" });
    await changeOrderStatus(handle.db, { orderId: placed.order.id, newStatus: "pending", actor: { userId: null, role: "admin" } });
    expect(await sampleStock(handle.db, a.id)).toBe(4);
    expect(await sampleStock(handle.db, b.id)).toBe(0);
    const again = await handle.db.select().from(orderSamples).where(eq(orderSamples.orderId, placed.order.id));
    expect(again.map((r) => [r.name, r.added, r.restockedAt]).sort()).toEqual([
      ["Crème riche 3 ml", false, null],
      ["Eau de parfum Néroli 1,5 ml", true, null],
    ]);
  });

  it("refuses an unknown or withdrawn sample, one chosen twice, more than the allowance, or one out of stock, in French, before any payment", async () => {
    const shopper = await readyShopper();
    const [a, b, c] = [await newSample(5), await newSample(5), await newSample(5)];
    const empty = await newSample(0, "Baume lèvres 2 ml");
    const withdrawn = await newSample(5);
    await setSampleActive(handle.db, withdrawn.id, false);
    const attempt = (sample_ids: string[]) =>
      placeOrder(handle.db, {
        userId: shopper.id,
        idempotencyKey: randomUUID(),
        request: request({ address_id: shopper.addressId, sample_ids }),
        provider,
      });
    expect(await attempt([randomUUID()])).toMatchObject({
      ok: false,
      status: 400,
      code: "sample_unknown",
      field: "sample_ids",
      message: "Un échantillon choisi n'existe pas ou n'est plus proposé : veuillez revoir votre choix.",
    });
    expect(await attempt([withdrawn.id])).toMatchObject({ ok: false, code: "sample_unknown" });
    expect(await attempt([a.id, a.id])).toMatchObject({
      ok: false,
      code: "sample_duplicate",
      message: "Vous avez choisi deux fois le même échantillon : veuillez revoir votre choix.",
    });
    expect(await attempt([a.id, b.id, c.id])).toMatchObject({
      ok: false,
      status: 400,
      code: "sample_over_allowance",
      message: "Vous pouvez choisir 2 échantillons offerts au maximum.",
    });
    expect(await attempt([empty.id])).toMatchObject({
      ok: false,
      code: "sample_out_of_stock",
      message: "L'échantillon « Baume lèvres 2 ml » est épuisé : veuillez en choisir un autre.",
    });
    expect(await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.userId, shopper.id))).toEqual([]);
    expect(await sampleStock(handle.db, a.id)).toBe(5);
  });

  it("lets a VIP choose 4, and an order without samples is fine", async () => {
    const vip = await readyShopper(BEAUTY_PASS_VIP_MIN_POINTS);
    const four = [await newSample(3), await newSample(3), await newSample(3), await newSample(3)];
    const placed = await placeOrder(handle.db, {
      userId: vip.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: vip.addressId, sample_ids: four.map((s) => s.id) }),
      provider,
    });
    expect(placed).toMatchObject({ ok: true });
    if (placed.ok) expect(placed.order.samples).toHaveLength(4);
    const none = await readyShopper();
    const plain = await placeOrder(handle.db, {
      userId: none.id,
      idempotencyKey: randomUUID(),
      request: request({ address_id: none.addressId }),
      provider,
    });
    expect(plain).toMatchObject({ ok: true });
    if (plain.ok) expect(plain.order.samples).toEqual([]);
  });
});

describe("samples under concurrency", () => {
  it("3 units left and 10 orders choosing it at once: exactly 3 carry it, stock 0, the 7 others are placed without it", async () => {
    const scarce = await newSample(3, "Parfum Ambre 1 ml");
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => readyShopper()));
    // Every order passes its checks (3 left) before any commits: each waits here, once charged,
    // until all ten are charged, so the ten transactions race for the 3 units.
    let arrived = 0;
    let release!: () => void;
    const allCharged = new Promise<void>((resolve) => (release = resolve));
    const barrier = async (stage: string) => {
      if (stage !== "attempt_charged") return;
      arrived += 1;
      if (arrived === shoppers.length) release();
      await allCharged;
    };
    const results = await Promise.all(
      shoppers.map((s) =>
        placeOrder(handle.db, {
          userId: s.id,
          idempotencyKey: randomUUID(),
          request: request({ address_id: s.addressId, sample_ids: [scarce.id] }),
          provider,
          testHooks: { afterCharge: barrier },
        }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const orderIds = results.flatMap((r) => (r.ok ? [r.order.id] : []));
    expect(orderIds).toHaveLength(10);
    const rows = await handle.db.select().from(orderSamples).where(inArray(orderSamples.orderId, orderIds));
    expect(rows.filter((r) => r.added)).toHaveLength(3);
    expect(rows.filter((r) => !r.added)).toHaveLength(7);
    expect(await sampleStock(handle.db, scarce.id)).toBe(0);
    const [row] = await handle.db.select({ stock: samples.stockQuantity }).from(samples).where(eq(samples.id, scarce.id));
    expect(row.stock).toBeGreaterThanOrEqual(0);
    // The orders that missed it say which one could not be added.
    const missed = results.filter((r) => r.ok && r.order.samples?.[0]?.added === false);
    expect(missed).toHaveLength(7);
    for (const r of missed) if (r.ok) expect(r.order.samples).toEqual([{ name: "Parfum Ambre 1 ml", brand: "Maison Test", added: false }]);
  });
});
