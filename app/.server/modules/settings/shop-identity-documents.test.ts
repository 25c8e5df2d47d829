/**
 * The shop identity saved in Paramètres is what the documents print (decision 045): the next
 * invoice and credit note name the seller as saved, and the mail footer follows the save through
 * the "settings" invalidation. Runs on PGlite, and on the PostgreSQL server with TEST_DATABASE_URL.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import { APPROVED_CARD, CONTACT, createShopper, pickProducts } from "../../../../tests/support/shoppers";
import type { DatabaseHandle } from "../../db/client";
import { SimulatedPaymentProvider } from "../payments/payment-provider";
import { placeOrder } from "../../workflows/place-order";
import { cancelOwnOrder } from "../../workflows/change-order-status";
import { saveShopIdentity } from "../../workflows/shop-identity";
import { getOrderDocumentPdf } from "../../workflows/invoices";
import { renderMail } from "../../mail/templates";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import { defaultShopIdentity, followShopIdentity, unfollowShopIdentity } from "./shop-identity.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await followShopIdentity(handle.db);
}, 60_000);

afterAll(async () => {
  unfollowShopIdentity();
  await handle?.close();
});

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const NEW_IDENTITY = {
  ...defaultShopIdentity(),
  companyName: "Maison Lumière SARL",
  address: "8 quai des Brumes, 69002 Lyon, France",
  siren: "123 456 789",
  vatNumber: "FR12123456789",
  contactEmail: "bonjour@maison-lumiere.test",
  contactPhone: "04 72 00 00 00",
};

describe("the shop identity on documents and mails", () => {
  it("prints the identity saved in Paramètres on the next invoice, its credit note and the mail footer", async () => {
    const before = await renderMail("email-change-notice", { firstName: "Camille", newEmail: "x@example.com" });
    expect(before.text).toContain(defaultShopIdentity().address);

    await saveShopIdentity(handle.db, { id: null, label: "test" }, NEW_IDENTITY);

    const [product] = await pickProducts(handle.db, 1, 20);
    const shopper = await createShopper(handle.db);
    const provider = new SimulatedPaymentProvider(handle.db, `test-${randomUUID()}`);
    const { order } = await placeOrder(handle.db, {
      userId: shopper.id,
      idempotencyKey: randomUUID(),
      request: PlaceOrderSchema.parse({
        contact: CONTACT,
        card: APPROVED_CARD,
        address_id: shopper.addressId,
        lines: [{ product_id: product.id, quantity: 1 }],
      }),
      provider,
    });
    const invoice = await pdfText(
      (await getOrderDocumentPdf(handle.db, { orderId: order.id, viewer: { userId: shopper.id }, document: { kind: "invoice" } })).bytes,
    );
    for (const fact of [
      "Maison Lumière SARL",
      "8 quai des Brumes, 69002 Lyon, France",
      "SIREN : 123 456 789",
      "N° de TVA intracommunautaire : FR12123456789",
      "bonjour@maison-lumiere.test · 04 72 00 00 00",
    ]) {
      expect(invoice).toContain(fact);
    }
    expect(invoice).not.toContain(defaultShopIdentity().companyName);

    const cancelled = await cancelOwnOrder(handle.db, shopper.id, order.id, new Date(), provider);
    const credit = cancelled.order.documents.find((d) => d.kind === "credit_note")!;
    const creditText = await pdfText(
      (
        await getOrderDocumentPdf(handle.db, {
          orderId: order.id,
          viewer: { userId: shopper.id },
          document: { kind: "credit_note", number: credit.number! },
        })
      ).bytes,
    );
    expect(creditText).toContain("Maison Lumière SARL");
    expect(creditText).toContain("SIREN : 123 456 789");

    // The footer follows the save: the announcement after commit refreshes the followed copy.
    await expect
      .poll(async () => (await renderMail("email-change-notice", { firstName: "Camille", newEmail: "x@example.com" })).text, {
        timeout: 5_000,
      })
      .toContain("Maison Lumière SARL · 8 quai des Brumes, 69002 Lyon, France");
    const html = (await renderMail("email-change-notice", { firstName: "Camille", newEmail: "x@example.com" })).html;
    expect(html).toContain("8 quai des Brumes, 69002 Lyon, France");
  });
});
