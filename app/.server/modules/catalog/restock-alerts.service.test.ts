import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { outbox, productVariants, restockAlerts, user } from "../../db/schema";
import { insertSeedProducts } from "../../db/seed/demo";
import {
  confirmRestockAlert,
  mailRestockedVariantAlerts,
  requestVisitorRestockAlert,
  sendRestockAlerts,
  subscribeShopperRestockAlert,
} from "./restock-alerts.service";
import { adjustAdminStock } from "../../workflows/admin-stock";
import { savePreferences } from "../accounts/preferences.service";
import { RESTOCK_CONFIRMATION_TTL_HOURS } from "~/lib/shop-rules";
import { DEFAULT_PREFERENCES } from "~/domain/account/preferences.schema";

let handle: DatabaseHandle;
let productId: string;
let soldOut: string;
let inStock: string;
const BASE = "https://boutique.example";

const mails = (subjectPrefix: string) =>
  handle.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(like(sql`${outbox.payload}->>'subject'`, `${subjectPrefix}%`));

const restockMailsTo = async (email: string) => (await mails("De retour en stock")).filter((r) => r.payload.to === email);

beforeAll(async () => {
  handle = await createTestDatabase();
  const seeded = await handle.db.transaction((tx) =>
    insertSeedProducts(tx, [
      {
        name: "Vernis Nébuline",
        priceCents: 1500,
        variants: [
          { sku: "NEB-ROUGE", label: "Rouge cerise", shade: "Rouge cerise", shadeHex: "#b0132b", priceCents: 1500, stock: 0 },
          { sku: "NEB-ROSE", label: "Rose thé", shade: "Rose thé", shadeHex: "#e8a0a8", priceCents: 1500, stock: 4 },
        ],
      },
    ]),
  );
  productId = seeded[0].id;
  soldOut = seeded[0].variantId;
  inStock = seeded[1].variantId;
  await handle.db.insert(user).values({ id: "restock-shopper", name: "Inès", email: "ines@example.com" });
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  await handle.db.delete(restockAlerts);
  await handle.db.delete(outbox);
  await handle.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, soldOut));
});

const restock = (quantity: number) =>
  handle.db.update(productVariants).set({ stockQuantity: quantity }).where(eq(productVariants.id, soldOut));

/** The token of the confirmation mail sent to this address. */
async function confirmationToken(email: string): Promise<string> {
  const [row] = [...(await mails("Confirmez votre alerte")), ...(await mails("Confirm your back-in-stock alert"))].filter(
    (r) => r.payload.to === email,
  );
  const match = /token=([\w-]+)/.exec(String(row?.payload.text));
  if (!match) throw new Error("no confirmation mail");
  return match[1];
}

describe("restock alerts", () => {
  it("a signed-in shopper subscribes in one click and gets exactly one e-mail when the variant is restocked", async () => {
    await subscribeShopperRestockAlert(handle.db, soldOut, { id: "restock-shopper", email: "Ines@Example.com" });
    // Twice: still one waiting alert.
    await subscribeShopperRestockAlert(handle.db, soldOut, { id: "restock-shopper", email: "ines@example.com" });
    expect(await handle.db.select().from(restockAlerts)).toHaveLength(1);

    expect(await sendRestockAlerts(handle.db, BASE)).toEqual({ notified: 0 });
    await restock(3);
    expect(await sendRestockAlerts(handle.db, BASE)).toEqual({ notified: 1 });
    expect(await sendRestockAlerts(handle.db, BASE)).toEqual({ notified: 0 });

    const sent = await restockMailsTo("ines@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0].payload.subject).toBe("De retour en stock : Vernis Nébuline (Rouge cerise)");
    expect(String(sent[0].payload.text)).toContain(`${BASE}/product/${productId}?variant=NEB-ROUGE`);
    const [alert] = await handle.db.select().from(restockAlerts);
    expect(alert.notifiedAt).not.toBeNull();
  });

  it("a visitor confirms by the e-mailed link (token stored hashed), then gets one e-mail", async () => {
    await requestVisitorRestockAlert(handle.db, soldOut, " Lea@Example.com ", BASE);
    const token = await confirmationToken("lea@example.com");
    const [pending] = await handle.db.select().from(restockAlerts);
    expect(pending.confirmedAt).toBeNull();
    expect(pending.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending.confirmTokenHash).not.toContain(token);

    const confirmed = await confirmRestockAlert(handle.db, token);
    expect(confirmed).toEqual({ ok: true, productId, productName: "Vernis Nébuline", sku: "NEB-ROUGE" });
    // Single use.
    expect(await confirmRestockAlert(handle.db, token)).toEqual({ ok: false, reason: "invalid" });
    expect(await confirmRestockAlert(handle.db, "faux-jeton")).toEqual({ ok: false, reason: "invalid" });

    await restock(1);
    expect(await sendRestockAlerts(handle.db, BASE)).toEqual({ notified: 1 });
    expect(await restockMailsTo("lea@example.com")).toHaveLength(1);
  });

  it("mails a visitor in the language of the page they asked from, a shopper in their Préférences' language", async () => {
    // An English page (the footer's cookie), a French page without cookie, and an alert stored
    // before the language was kept.
    await requestVisitorRestockAlert(handle.db, soldOut, "emma@example.com", BASE, "en");
    await requestVisitorRestockAlert(handle.db, soldOut, "chloe@example.com", BASE);
    await requestVisitorRestockAlert(handle.db, soldOut, "ancien@example.com", BASE, "en");
    expect((await mails("Confirm your back-in-stock alert")).map((m) => m.payload.to).sort()).toEqual([
      "ancien@example.com",
      "emma@example.com",
    ]);
    for (const email of ["emma@example.com", "chloe@example.com", "ancien@example.com"]) {
      expect(await confirmRestockAlert(handle.db, await confirmationToken(email))).toMatchObject({ ok: true });
    }
    await handle.db.update(restockAlerts).set({ language: null }).where(eq(restockAlerts.email, "ancien@example.com"));
    const languages = await handle.db.select({ email: restockAlerts.email, language: restockAlerts.language }).from(restockAlerts);
    expect(Object.fromEntries(languages.map((a) => [a.email, a.language]))).toEqual({
      "emma@example.com": "en",
      "chloe@example.com": null,
      "ancien@example.com": null,
    });
    // A shopper's alert follows their Préférences, whatever page they clicked from.
    await handle.db.insert(user).values({ id: "restock-shopper-en", name: "Olivia", email: "olivia@example.com" }).onConflictDoNothing();
    await savePreferences(handle.db, "restock-shopper-en", { ...DEFAULT_PREFERENCES, language: "en" });
    await subscribeShopperRestockAlert(handle.db, soldOut, { id: "restock-shopper-en", email: "olivia@example.com" });

    await restock(4);
    expect(await handle.db.transaction((tx) => mailRestockedVariantAlerts(tx, [soldOut], BASE))).toBe(4);
    const subjects = async (email: string) =>
      (await handle.db.select({ payload: outbox.payload }).from(outbox))
        .filter((r) => r.payload.to === email && !String(r.payload.subject).startsWith("Confirm"))
        .map((r) => String(r.payload.subject));
    expect(await subjects("emma@example.com")).toEqual(["Back in stock: Vernis Nébuline (Rouge cerise)"]);
    expect(await subjects("olivia@example.com")).toEqual(["Back in stock: Vernis Nébuline (Rouge cerise)"]);
    expect(await subjects("chloe@example.com")).toEqual(["De retour en stock : Vernis Nébuline (Rouge cerise)"]);
    expect(await subjects("ancien@example.com")).toEqual(["De retour en stock : Vernis Nébuline (Rouge cerise)"]);
    const english = (await handle.db.select({ payload: outbox.payload }).from(outbox)).find(
      (r) => r.payload.to === "emma@example.com" && String(r.payload.subject).startsWith("Back in stock"),
    );
    expect(String(english?.payload.text)).toContain("is available again");
    expect(String(english?.payload.html)).toContain('lang="en"');
  });

  it("an unconfirmed visitor's alert sends nothing", async () => {
    await requestVisitorRestockAlert(handle.db, soldOut, "jamais@example.com", BASE);
    await restock(5);
    expect(await sendRestockAlerts(handle.db, BASE)).toEqual({ notified: 0 });
    expect(await restockMailsTo("jamais@example.com")).toHaveLength(0);
  });

  it("a visitor asking again for an address already waiting gets no new mail, and the answer is the same", async () => {
    await subscribeShopperRestockAlert(handle.db, soldOut, { id: "restock-shopper", email: "ines@example.com" });
    await expect(requestVisitorRestockAlert(handle.db, soldOut, "ines@example.com", BASE)).resolves.toBeUndefined();
    expect(await mails("Confirmez votre alerte")).toHaveLength(0);
  });

  it("sends exactly one e-mail per alert when the job runs concurrently", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `client${i}@example.com`);
    for (const [i, email] of emails.entries()) {
      await subscribeShopperRestockAlert(handle.db, soldOut, { id: "restock-shopper", email: i === 0 ? "ines@example.com" : email });
    }
    await restock(2);
    const runs = await Promise.all([1, 2, 3, 4].map(() => sendRestockAlerts(handle.db, BASE)));
    expect(runs.reduce((sum, r) => sum + r.notified, 0)).toBe(12);
    expect(await mails("De retour en stock")).toHaveLength(12);
    expect(
      await handle.db
        .select()
        .from(restockAlerts)
        .where(and(sql`${restockAlerts.notifiedAt} IS NULL`)),
    ).toHaveLength(0);
  });

  it("refuses an alert on a variant in stock or unknown", async () => {
    await expect(
      subscribeShopperRestockAlert(handle.db, inStock, { id: "restock-shopper", email: "ines@example.com" }),
    ).rejects.toMatchObject({
      code: "variant_in_stock",
    });
    await expect(
      requestVisitorRestockAlert(handle.db, "00000000-0000-0000-0000-000000000000", "a@example.com", BASE),
    ).rejects.toMatchObject({ kind: "not_found" });
  });

  it("mails each confirmed alert once, at once, when the back-office restocks the variant; an unconfirmed visitor gets nothing", async () => {
    await subscribeShopperRestockAlert(handle.db, soldOut, { id: "restock-shopper", email: "ines@example.com" });
    await requestVisitorRestockAlert(handle.db, soldOut, "lea@example.com", BASE);
    await confirmRestockAlert(handle.db, await confirmationToken("lea@example.com"));
    await requestVisitorRestockAlert(handle.db, soldOut, "jamais@example.com", BASE);

    // Adding stock to a variant that already has some mails nobody (its alerts cannot be waiting).
    await adjustAdminStock(handle.db, { variantIds: [inStock], mode: "add", quantity: 2, bulk: false, actorUserId: "restock-shopper" });
    expect(await mails("De retour en stock")).toHaveLength(0);

    await adjustAdminStock(handle.db, { variantIds: [soldOut], mode: "add", quantity: 3, bulk: false, actorUserId: "restock-shopper" });
    // Queued in the restock's own transaction: no job pass needed.
    expect(await restockMailsTo("ines@example.com")).toHaveLength(1);
    expect(await restockMailsTo("lea@example.com")).toHaveLength(1);
    expect(await restockMailsTo("jamais@example.com")).toHaveLength(0);
    expect(String((await restockMailsTo("lea@example.com"))[0].payload.text)).toContain(`/product/${productId}?variant=NEB-ROUGE`);
    // Spent: the job and a second restock find nothing left to send.
    expect(await sendRestockAlerts(handle.db, BASE)).toEqual({ notified: 0 });
    await adjustAdminStock(handle.db, { variantIds: [soldOut], mode: "set", quantity: 0, bulk: false, actorUserId: "restock-shopper" });
    await adjustAdminStock(handle.db, { variantIds: [soldOut], mode: "set", quantity: 4, bulk: false, actorUserId: "restock-shopper" });
    expect(await mails("De retour en stock")).toHaveLength(2);
    const [unconfirmed] = await handle.db.select().from(restockAlerts).where(eq(restockAlerts.email, "jamais@example.com"));
    expect(unconfirmed.notifiedAt).toBeNull();
  });

  it("sends one e-mail per alert when two restocks and the job claim them at the same time", async () => {
    const emails = Array.from({ length: 8 }, (_, i) => `ensemble${i}@example.com`);
    for (const email of emails) await subscribeShopperRestockAlert(handle.db, soldOut, { id: "restock-shopper", email });
    const adjust = () =>
      adjustAdminStock(handle.db, { variantIds: [soldOut], mode: "add", quantity: 1, bulk: false, actorUserId: "restock-shopper" });
    await Promise.all([adjust(), adjust()]);
    // Both restocks committed; the stock rose twice, the mails left once.
    const [variant] = await handle.db.select().from(productVariants).where(eq(productVariants.id, soldOut));
    expect(variant.stockQuantity).toBe(2);
    expect(await mails("De retour en stock")).toHaveLength(8);

    // The claim itself, raced directly: two restock transactions and the job on the same alerts.
    await handle.db.delete(restockAlerts);
    await handle.db.delete(outbox);
    await restock(0);
    for (const email of emails) await subscribeShopperRestockAlert(handle.db, soldOut, { id: "restock-shopper", email });
    await restock(2);
    const claims = await Promise.all([
      handle.db.transaction((tx) => mailRestockedVariantAlerts(tx, [soldOut], BASE)),
      handle.db.transaction((tx) => mailRestockedVariantAlerts(tx, [soldOut], BASE)),
      sendRestockAlerts(handle.db, BASE).then((r) => r.notified),
    ]);
    expect(claims.reduce((sum, n) => sum + n, 0)).toBe(8);
    const sent = await mails("De retour en stock");
    expect(sent).toHaveLength(8);
    expect(new Set(sent.map((r) => r.payload.to)).size).toBe(8);
  });

  it("a confirmation link expires after the set time, says so in French and offers to ask again", async () => {
    await requestVisitorRestockAlert(handle.db, soldOut, "tardive@example.com", BASE);
    const stale = await confirmationToken("tardive@example.com");
    await handle.db
      .update(restockAlerts)
      .set({ createdAt: sql`now() - make_interval(hours => ${RESTOCK_CONFIRMATION_TTL_HOURS + 1})` })
      .where(eq(restockAlerts.email, "tardive@example.com"));

    expect(await confirmRestockAlert(handle.db, stale)).toEqual({
      ok: false,
      reason: "expired",
      productId,
      productName: "Vernis Nébuline",
      sku: "NEB-ROUGE",
    });
    const [alert] = await handle.db.select().from(restockAlerts).where(eq(restockAlerts.email, "tardive@example.com"));
    expect(alert.confirmedAt).toBeNull();

    // Asking again sends a fresh link, which works; the stale one still does not.
    await handle.db.delete(outbox);
    await requestVisitorRestockAlert(handle.db, soldOut, "tardive@example.com", BASE);
    const fresh = await confirmationToken("tardive@example.com");
    expect(await confirmRestockAlert(handle.db, stale)).toEqual({ ok: false, reason: "invalid" });
    expect(await confirmRestockAlert(handle.db, fresh)).toMatchObject({ ok: true, sku: "NEB-ROUGE" });

    // Just inside the window, a link still works.
    await requestVisitorRestockAlert(handle.db, soldOut, "juste@example.com", BASE);
    await handle.db
      .update(restockAlerts)
      .set({ createdAt: sql`now() - make_interval(hours => ${RESTOCK_CONFIRMATION_TTL_HOURS - 1})` })
      .where(eq(restockAlerts.email, "juste@example.com"));
    expect(await confirmRestockAlert(handle.db, await confirmationToken("juste@example.com"))).toMatchObject({ ok: true });
  });
});
