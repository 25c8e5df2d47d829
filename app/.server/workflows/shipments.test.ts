/**
 * Parcels with a carrier (decision 062), end to end below HTTP: 'Préparer l'expédition' through
 * the demonstration's carrier and through Colissimo's label service (a local server that speaks
 * its documented requests and answers), the tracking job moving orders to shipped and delivered,
 * the carrier's failures leaving the order as it was, the day's batch and a return's label.
 * Runs on PostgreSQL and PGlite (two preparations racing print one parcel).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { startColissimoServer, type ColissimoServer } from "../../../tests/support/carriers/colissimo-server";
import { startMondialRelayServer, type MondialRelayServer } from "../../../tests/support/carriers/mondial-relay-server";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts, type TestShopper } from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "../db/client";
import { notifications, orderItems, outbox, products, shipmentEvents, shipments } from "../db/schema";
import { findInvoice } from "../modules/invoices/invoices.service";
import { SimulatedPaymentProvider } from "../modules/payments/payment-provider";
import { setCarrierClients } from "../modules/delivery/carriers/carriers";
import { createColissimoCarrier } from "../modules/delivery/carriers/colissimo/colissimo-carrier";
import { createMondialRelayCarrier } from "../modules/delivery/carriers/mondial-relay/mondial-relay-carrier";
import { forgetDeliveryMethods, getDeliveryMethod, updateDeliveryMethod } from "../modules/delivery/delivery-methods.service";
import { searchRelayPoints } from "../modules/delivery/relay-search.service";
import { quoteCheckout } from "./place-order";
import { placeOrder } from "./place-order";
import { changeOrderStatus, shipOrder } from "./change-order-status";
import { joinedLabels, pickingList, pollShipments, prepareShipment, prepareShipments, shipmentPreparation } from "./shipments";
import { requestReturn, returnLabelPdf } from "./returns";
import { orderViews } from "./order-views";
import { getOrderRow } from "../modules/orders/orders.service";
import { PlaceOrderSchema, type PlaceOrderBody } from "~/domain/checkout/checkout.schema";
import { PACKING_GRAMS } from "~/domain/delivery/parcel";

let handle: DatabaseHandle;
let colissimo: ColissimoServer;
let mondialRelay: MondialRelayServer;
let product: { id: string };
const provider = new SimulatedPaymentProvider(async () => handle.db);
const actor = { type: "user" as const, id: null, label: "Admin test" };

const useColissimo = () =>
  setCarrierClients({
    colissimo: createColissimoCarrier({
      contractNumber: "123456",
      password: "secret",
      trackingApiKey: "okapi-test",
      slsUrl: colissimo.slsUrl,
      pointsUrl: colissimo.pointsUrl,
      trackingUrl: colissimo.trackingUrl,
      timeoutMs: 1_000,
    }),
  });

beforeAll(async () => {
  handle = await createTestDatabase();
  colissimo = await startColissimoServer();
  mondialRelay = await startMondialRelayServer();
  const [p] = await pickProducts(handle.db, 1, 500);
  await handle.db.update(products).set({ weightGrams: 420 }).where(eq(products.id, p.id));
  product = { id: p.id };
});

afterAll(async () => {
  setCarrierClients(null);
  await colissimo?.close();
  await mondialRelay?.close();
  await handle?.close();
});

afterEach(() => {
  colissimo.state.reset();
  mondialRelay.state.down = false;
  mondialRelay.state.delayMs = 0;
  setCarrierClients(null);
});

async function order(shopper: TestShopper, body: Partial<PlaceOrderBody> = {}, quantity = 2) {
  const result = await placeOrder(handle.db, {
    userId: shopper.id,
    idempotencyKey: randomUUID(),
    provider,
    request: PlaceOrderSchema.parse({
      address_id: shopper.addressId,
      contact: CONTACT,
      card: APPROVED_CARD,
      lines: [{ product_id: product.id, quantity }],
      ...body,
    }),
  });
  return result.order;
}

async function productFacts() {
  const [row] = await handle.db
    .select({ hsCode: products.hsCode, originCountry: products.originCountry })
    .from(products)
    .where(eq(products.id, product.id));
  return row as { hsCode: string; originCountry: string };
}

const prepare = (orderId: string, form: Record<string, unknown>) => prepareShipment(handle.db, { orderId, form, actor, actorUserId: null });

describe("preparing a parcel with the demonstration's carrier", () => {
  it("pre-fills the weight, prints a label with a carrier number, and ships with that number", async () => {
    const placed = await order(await createShopper(handle.db));
    const before = await shipmentPreparation(handle.db, placed.id);
    expect(before).toMatchObject({
      carrier: "colissimo",
      product_code: "DOM",
      suggested_weight_grams: 2 * 420 + PACKING_GRAMS,
      unweighed_units: 0,
      refusal: null,
      shipment: null,
    });
    const done = await prepare(placed.id, { weight_grams: 990, format: "A4" });
    expect(done.shipment).toMatchObject({ tracking_number: expect.stringMatching(/^6A[0-9]{11}$/), label_format: "A4" });
    expect((await getOrderRow(handle.db, placed.id))?.status).toBe("processing");
    const [row] = await handle.db.select().from(shipments).where(eq(shipments.orderId, placed.id));
    expect(row).toMatchObject({ carrier: "demo", weightGrams: 990, nextPollAt: null });
    expect(row.labelPdf.subarray(0, 4).toString()).toBe("%PDF");

    // No number is typed: 'Expédier' ships with the carrier's.
    const shipped = await shipOrder(handle.db, { orderId: placed.id, form: {}, actor: { userId: null, role: "admin" } });
    expect(shipped.order).toMatchObject({ status: "shipped", tracking_number: done.shipment?.tracking_number });
    await expect(prepare(placed.id, { weight_grams: 990 })).rejects.toMatchObject({ code: "shipment_exists" });
  });

  it("refuses a weight of zero, above the product's maximum or not a number, and an order not yet paid or cancelled, changing nothing", async () => {
    const placed = await order(await createShopper(handle.db));
    for (const weight of [0, -5, 1.5, "abc", null, 30_001]) {
      await expect(prepare(placed.id, { weight_grams: weight }), String(weight)).rejects.toMatchObject({
        kind: "invalid",
        code: "invalid_weight",
      });
    }
    await expect(prepare(placed.id, { weight_grams: 500, format: "A5" })).rejects.toMatchObject({ code: "invalid_label_format" });
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "cancelled", actor: { userId: null, role: "admin" } });
    await expect(prepare(placed.id, { weight_grams: 500 })).rejects.toMatchObject({ code: "order_not_preparable" });
    expect(await handle.db.select().from(shipments).where(eq(shipments.orderId, placed.id))).toEqual([]);
    await expect(prepare(randomUUID(), { weight_grams: 500 })).rejects.toMatchObject({ kind: "not_found" });
  });

  it("draws the CN23 of a parcel to Switzerland on a page of its own: each article's customs code, origin, value and weight", async () => {
    const facts = await productFacts();
    const placed = await order(await createShopper(handle.db, { postalCode: "1201", country: "Suisse" }));
    await prepare(placed.id, { weight_grams: 1_000 });
    const [row] = await handle.db.select().from(shipments).where(eq(shipments.orderId, placed.id));
    expect(row.carrier).toBe("demo");
    const { extractText, getDocumentProxy } = await import("unpdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(row.customsPdf!)), { mergePages: true });
    expect(text).toContain("DÉCLARATION EN DOUANE CN23");
    expect(text).toContain("Vente de marchandises");
    expect(text).toContain(`SH ${facts.hsCode}`);
    expect(text).toMatch(/0,42 kg/);
    expect(text).toContain("Poids net total : 0,84 kg");
  });

  it("prints one parcel when two preparations race", async () => {
    const placed = await order(await createShopper(handle.db));
    const results = await Promise.allSettled([prepare(placed.id, { weight_grams: 800 }), prepare(placed.id, { weight_grams: 800 })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "shipment_exists" } });
    expect(await handle.db.select().from(shipments).where(eq(shipments.orderId, placed.id))).toHaveLength(1);
  });
});

describe("preparing a parcel with Colissimo", () => {
  it("prints a domestic label through the label service, follows it to delivery, and shows the carrier's events", async () => {
    useColissimo();
    const shopper = await createShopper(handle.db, { postalCode: "75011" });
    const placed = await order(shopper);
    const done = await prepare(placed.id, { weight_grams: 1_200, format: "10x15" });
    const number = done.shipment!.tracking_number;
    const sent = colissimo.state.lastRequest("sls", "generateLabel")?.body;
    expect(sent.letter.service).toMatchObject({ productCode: "DOM", orderNumber: placed.number });
    expect(sent.letter.parcel.weight).toBe(1.2);
    expect(sent.outputFormat.outputPrintingType).toBe("PDF_10x15_300dpi");
    expect(sent.letter.addressee.address).toMatchObject({ zipCode: "75011", countryCode: "FR" });

    // Taken in charge, then delivered: the order follows, the estimate with it.
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    colissimo.state.pushEvent(number, { code: "PC1", date: at(1) });
    colissimo.state.setEstimDate(number, "2026-12-09T00:00:00+01:00");
    const first = await pollShipments(handle.db, { now: new Date(Date.now() + 1_000) });
    expect(first).toMatchObject({ failed: 0, unknown: 0 });
    let row = await getOrderRow(handle.db, placed.id);
    expect(row).toMatchObject({ status: "shipped", trackingNumber: number, carrier: "colissimo", estimatedDeliveryDate: "2026-12-09" });

    colissimo.state.pushEvent(number, { code: "MD2", date: at(20) });
    colissimo.state.pushEvent(number, { code: "DI1", date: at(24) });
    await pollShipments(handle.db, { now: new Date(Date.now() + 3_700_000) });
    row = await getOrderRow(handle.db, placed.id);
    expect(row?.status).toBe("delivered");
    // The shopper hears of both moves as for a manual change: a notification each, and the e-mails.
    const notes = await handle.db.select().from(notifications).where(eq(notifications.userId, shopper.id));
    expect(notes.map((n) => n.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/Expédiée\. Votre colis est confié à Colissimo/), expect.stringMatching(/Livrée/)]),
    );
    const mails = await handle.db.select().from(outbox).where(eq(outbox.topic, "mail"));
    expect(mails.filter((m) => JSON.stringify(m.payload).includes(placed.number)).length).toBeGreaterThanOrEqual(3);
    const [view] = await orderViews(handle.db, [row!]);
    expect(view.tracking_events.map((e) => e.kind)).toEqual(expect.arrayContaining(["in_transit", "out_for_delivery", "delivered"]));
    expect(view.tracking_events.at(-1)?.kind).toBe("delivered");
    const [parcel] = await handle.db.select().from(shipments).where(eq(shipments.orderId, placed.id));
    expect(parcel).toMatchObject({ status: "delivered", nextPollAt: null });

    // Asked again (a late pass), nothing is counted twice.
    const events = await handle.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, parcel.id));
    await handle.db.update(shipments).set({ nextPollAt: new Date() }).where(eq(shipments.id, parcel.id));
    await pollShipments(handle.db, { now: new Date(Date.now() + 7_400_000) });
    expect(await handle.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, parcel.id))).toHaveLength(events.length);
  });

  it("declares each line on a CN23 for Switzerland: the product's customs code and origin, the price charged, its weight", async () => {
    useColissimo();
    const facts = await productFacts();
    const shopper = await createShopper(handle.db, { postalCode: "1201", country: "Suisse" });
    const placed = await order(shopper);
    const [line] = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    await prepare(placed.id, { weight_grams: 1_000 });
    const sent = colissimo.state.lastRequest("sls", "generateLabel")?.body;
    expect(sent.letter.service.productCode).toBe("COLI");
    const invoice = await findInvoice(handle.db, placed.id);
    expect(sent.letter.customsDeclarations).toEqual({
      includeCustomsDeclarations: true,
      ...(invoice ? { invoiceNumber: invoice.number } : {}),
      contents: {
        article: [
          {
            description: line.productSnapshot.name,
            quantity: 2,
            weight: 0.42,
            value: line.unitPriceCents / 100,
            hsCode: facts.hsCode,
            originCountry: facts.originCountry,
            currency: "EUR",
          },
        ],
        category: { value: 3 },
      },
    });
    expect(facts.hsCode).toMatch(/^[0-9]{6,10}$/);
  });

  it("declares the CN23 of a parcel to Fort-de-France, sent as Colissimo Outre-Mer", async () => {
    useColissimo();
    const facts = await productFacts();
    const placed = await order(await createShopper(handle.db, { postalCode: "97200" }), {}, 1);
    await prepare(placed.id, { weight_grams: 700 });
    const sent = colissimo.state.lastRequest("sls", "generateLabel")?.body;
    expect(sent.letter.service.productCode).toBe("COM");
    expect(sent.letter.addressee.address).toMatchObject({ countryCode: "MQ", zipCode: "97200" });
    expect(sent.letter.customsDeclarations.contents).toMatchObject({
      article: [{ quantity: 1, weight: 0.42, hsCode: facts.hsCode, originCountry: facts.originCountry, currency: "EUR" }],
      category: { value: 3 },
    });
    const [parcel] = await handle.db.select().from(shipments).where(eq(shipments.orderId, placed.id));
    expect(parcel.customsPdf?.subarray(0, 4).toString()).toBe("%PDF");
  });

  it("refuses a parcel leaving the EU while a product has no customs code, naming it, before asking the carrier", async () => {
    useColissimo();
    const facts = await productFacts();
    const placed = await order(await createShopper(handle.db, { postalCode: "1201", country: "Suisse" }), {}, 1);
    const [line] = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    const message = `Code douanier manquant pour « ${line.productSnapshot.name} » : renseignez-le dans la fiche produit avant d'expédier hors de l'Union européenne.`;
    await handle.db.update(products).set({ hsCode: null }).where(eq(products.id, product.id));
    try {
      expect((await shipmentPreparation(handle.db, placed.id)).refusal).toBe(message);
      await expect(prepare(placed.id, { weight_grams: 700 })).rejects.toMatchObject({ code: "customs_facts_missing", message });
      expect(colissimo.state.lastRequest("sls", "generateLabel")).toBeUndefined();
      expect(await handle.db.select().from(shipments).where(eq(shipments.orderId, placed.id))).toEqual([]);
      expect((await getOrderRow(handle.db, placed.id))?.status).toBe("pending");
      // A parcel staying in the EU needs no CN23: the same product ships to Lyon.
      const domestic = await order(await createShopper(handle.db), {}, 1);
      expect((await shipmentPreparation(handle.db, domestic.id)).refusal).toBeNull();
    } finally {
      await handle.db.update(products).set({ hsCode: facts.hsCode }).where(eq(products.id, product.id));
    }
    await prepare(placed.id, { weight_grams: 700 });
    expect(colissimo.state.lastRequest("sls", "generateLabel")?.body.letter.customsDeclarations.contents.article[0].hsCode).toBe(
      facts.hsCode,
    );
  });

  it("reports the carrier's refusal or silence in French and leaves the order as it was", async () => {
    const shopper = await createShopper(handle.db, { postalCode: "75011" });
    const placed = await order(shopper);
    setCarrierClients({
      colissimo: createColissimoCarrier({
        contractNumber: "999999",
        password: "wrong",
        trackingApiKey: "okapi-test",
        slsUrl: colissimo.slsUrl,
        pointsUrl: colissimo.pointsUrl,
        trackingUrl: colissimo.trackingUrl,
      }),
    });
    await expect(prepare(placed.id, { weight_grams: 900 })).rejects.toMatchObject({ kind: "invalid", code: "carrier_refused" });
    useColissimo();
    colissimo.state.down = true;
    const down = await prepare(placed.id, { weight_grams: 900 }).catch((e: unknown) => e);
    expect(down).toMatchObject({ kind: "unavailable", code: "carrier_unavailable", message: expect.stringMatching(/Colissimo/) });
    expect(await getOrderRow(handle.db, placed.id)).toMatchObject({ status: "pending", trackingNumber: null });
    expect(await handle.db.select().from(shipments).where(eq(shipments.orderId, placed.id))).toEqual([]);
  });

  it("keeps asking for a parcel the carrier does not know yet, and a carrier down fails no pass", async () => {
    useColissimo();
    const placed = await order(await createShopper(handle.db, { postalCode: "75011" }));
    await prepare(placed.id, { weight_grams: 900 });
    const [parcel] = await handle.db.select().from(shipments).where(eq(shipments.orderId, placed.id));
    // The label service knows the number, tracking not yet: swap it for one La Poste never issued.
    await handle.db.update(shipments).set({ trackingNumber: "6A99999999999" }).where(eq(shipments.id, parcel.id));
    const unknown = await pollShipments(handle.db, { now: new Date(Date.now() + 1_000) });
    expect(unknown.unknown).toBeGreaterThanOrEqual(1);
    const [after] = await handle.db.select().from(shipments).where(eq(shipments.id, parcel.id));
    expect(after.nextPollAt?.getTime()).toBeGreaterThan(Date.now());
    expect((await getOrderRow(handle.db, placed.id))?.status).toBe("processing");

    colissimo.state.down = true;
    await handle.db.update(shipments).set({ nextPollAt: new Date() }).where(eq(shipments.id, parcel.id));
    const failing = await pollShipments(handle.db, { now: new Date(Date.now() + 2_000) });
    expect(failing.failed).toBeGreaterThanOrEqual(1);
    expect((await getOrderRow(handle.db, placed.id))?.status).toBe("processing");
  });
});

describe("the day's batch", () => {
  it("prints each selected order alone, reports each outcome, and joins the labels and the picking list", async () => {
    const a = await order(await createShopper(handle.db));
    const b = await order(await createShopper(handle.db));
    const cancelled = await order(await createShopper(handle.db));
    await changeOrderStatus(handle.db, { orderId: cancelled.id, newStatus: "cancelled", actor: { userId: null, role: "admin" } });
    const outcomes = await prepareShipments(handle.db, {
      form: { order_ids: [a.id, b.id, cancelled.id], format: "10x15" },
      actor,
      actorUserId: null,
    });
    expect(outcomes.map((o) => [o.order_number, o.ok])).toEqual([
      [a.number, true],
      [b.number, true],
      [cancelled.number, false],
    ]);
    expect(outcomes[2].message).toMatch(/ne peut pas être préparée/);
    // Again: nothing is printed twice.
    const again = await prepareShipments(handle.db, { form: { order_ids: [a.id] }, actor, actorUserId: null });
    expect(again[0]).toMatchObject({ ok: true, tracking_number: outcomes[0].tracking_number });

    const { PDFDocument } = await import("pdf-lib");
    const joined = await joinedLabels(handle.db, [a.id, b.id, cancelled.id]);
    expect((await PDFDocument.load(joined!)).getPageCount()).toBe(2);
    const picking = await pickingList(handle.db, [a.id, b.id]);
    const { extractText, getDocumentProxy } = await import("unpdf");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(picking)), { mergePages: true });
    expect(text).toContain(a.number);
    expect(text).toContain("Total par référence");
    expect(text).toMatch(/4 ×/);
    await expect(prepareShipments(handle.db, { form: { order_ids: [] }, actor, actorUserId: null })).rejects.toMatchObject({
      code: "invalid_order_ids",
    });
  });
});

describe("a return's label", () => {
  it("comes from Colissimo once, and every download is the same label", async () => {
    useColissimo();
    const shopper = await createShopper(handle.db, { postalCode: "75011" });
    const placed = await order(shopper, {}, 1);
    await changeOrderStatus(handle.db, { orderId: placed.id, newStatus: "delivered", actor: { userId: null, role: "admin" } });
    const [view] = await orderViews(handle.db, [(await getOrderRow(handle.db, placed.id))!]);
    const ret = await requestReturn(handle.db, {
      userId: shopper.id,
      orderId: placed.id,
      body: { lines: [{ order_item_id: view.items[0].id, quantity: 1 }], reason: "not_suited", confirm_unopened: true },
    });
    const first = await returnLabelPdf(handle.db, ret.id, { userId: shopper.id });
    const second = await returnLabelPdf(handle.db, ret.id, "admin");
    expect(first!.bytes.subarray(0, 4).toString()).toBe("%PDF");
    expect(Buffer.compare(first!.bytes, second!.bytes)).toBe(0);
    const sent = colissimo.state.lastRequest("sls", "generateLabel")?.body;
    expect(sent.letter.service.productCode).toBe("CORE");
    expect(sent.letter.sender.address.zipCode).toBe("75011");
    const [kept] = await handle.db.select().from(shipments).where(eq(shipments.returnId, ret.id));
    expect(kept).toMatchObject({ kind: "return", carrier: "colissimo" });
    expect(await returnLabelPdf(handle.db, ret.id, { userId: "someone-else" })).toBeNull();
  });
});

describe("relay points from Mondial Relay", () => {
  const useMondialRelay = () =>
    setCarrierClients({
      mondialrelay: createMondialRelayCarrier({
        enseigne: "BDTEST13",
        privateKey: "PrivateK",
        url: mondialRelay.soapUrl,
        labelBaseUrl: mondialRelay.labelBaseUrl,
        timeoutMs: 500,
      }),
    });

  beforeAll(async () => {
    const relay = await getDeliveryMethod(handle.db, "relay");
    await updateDeliveryMethod(
      handle.db,
      "relay",
      {
        name: relay.name,
        carrier: "mondialrelay",
        product_code: "24R",
        price: "3,90",
        free_threshold: "49",
        delay_working_days: relay.delayWorkingDays,
        zones: relay.zones,
        active: true,
      },
      "admin-test",
    );
    forgetDeliveryMethods(handle.db);
  });

  it("searches the carrier's points, keeps the chosen point's carrier id, and prints the label to it", async () => {
    useMondialRelay();
    const method = await getDeliveryMethod(handle.db, "relay");
    const points = await searchRelayPoints(method, { postalCode: "75011", deliveryZone: "metropole" });
    expect(points.length).toBeGreaterThan(0);
    expect(points[0]).toMatchObject({ id: expect.stringMatching(/^mondialrelay-FR-[0-9]{6}$/), carrier: "mondialrelay" });
    expect(points.every((p, i) => i === 0 || p.distance_km >= points[i - 1].distance_km)).toBe(true);
    // A Corsican delivery address is not offered mainland points.
    expect(await searchRelayPoints(method, { postalCode: "75011", deliveryZone: "corse" })).toEqual([]);

    const shopper = await createShopper(handle.db, { postalCode: "75011" });
    const placed = await order(shopper, { delivery_method: "relay", relay_point_id: points[0].id });
    expect(placed.relay_point).toMatchObject({ carrier: "mondialrelay", carrier_point_id: points[0].carrier_point_id });
    const done = await prepare(placed.id, { weight_grams: 1_500 });
    expect(done).toMatchObject({ carrier: "mondialrelay", product_code: "24R", max_weight_grams: 30_000 });
    expect(done.shipment?.tracking_number).toMatch(/^[0-9]{8}$/);
    const [booking] = mondialRelay.state.soapCalls("WSI2_CreationEtiquette");
    expect(booking.params).toMatchObject({ ModeLiv: "24R", LIV_Rel: points[0].carrier_point_id, Poids: "1500" });
    await expect(prepare(placed.id, { weight_grams: 1_500 })).rejects.toMatchObject({ code: "shipment_exists" });
  });

  it("makes only the relay method unavailable when the carrier is down, in French", async () => {
    useMondialRelay();
    mondialRelay.state.down = "fault";
    const method = await getDeliveryMethod(handle.db, "relay");
    await expect(searchRelayPoints(method, { postalCode: "75011", deliveryZone: null })).rejects.toMatchObject({
      kind: "unavailable",
      code: "relay_service_unavailable",
      message: expect.stringMatching(/^Service momentanément indisponible/),
    });
    mondialRelay.state.down = false;
    mondialRelay.state.delayMs = 2_000;
    const shopper = await createShopper(handle.db, { postalCode: "75011" });
    const quote = await quoteCheckout(handle.db, {
      userId: shopper.id,
      addressId: shopper.addressId,
      lines: [{ product_id: product.id, quantity: 1 }],
      deliveryMethod: "relay",
      relayPointId: "mondialrelay-FR-066974",
    });
    expect(quote.delivery_error).toMatch(/^Service momentanément indisponible/);
    // The other methods stay: standard is priced as usual.
    expect(quote.delivery_options.map((o) => o.code)).toEqual(expect.arrayContaining(["standard", "relay"]));
    const standard = await quoteCheckout(handle.db, {
      userId: shopper.id,
      addressId: shopper.addressId,
      lines: [{ product_id: product.id, quantity: 1 }],
      deliveryMethod: "standard",
    });
    expect(standard.delivery_error).toBeNull();
  });
});
