/**
 * The activity log (decisions 045, 048): each kind of back-office change records who, what and
 * the values before and after, in the change's transaction; the Journal d'activité's filters;
 * the goodwill gift card (mail, ledger with the reason, usable, refused amounts).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { createShopper, pickProducts } from "../../../../tests/support/shoppers";
import { storedView, wordStoredNotification } from "../../../../tests/support/notification-wording";
import type { DatabaseHandle } from "../../db/client";
import { adminActivityLog, giftCards, giftCardTransactions, notifications, orders, outbox, reviews } from "../../db/schema";
import { adminActorOf, listAdminActions, purgeOldAdminActions, type AdminActor } from "./activity-log.service";
import { createCategory, deleteCategory, renameCategory } from "../catalog/categories-admin.service";
import { adjustAdminStock } from "../../workflows/admin-stock";
import { updateClientProfile } from "../accounts/client-profile-admin.service";
import { adjustClientPoints } from "../../workflows/admin-client";
import { deleteClient } from "../../workflows/erase-account";
import { updateDeliveryMethod, listDeliveryMethods } from "../delivery/delivery-methods.service";
import { createPromoCode, setPromoCodeActive, updatePromoCode } from "../promotions/promo-codes-admin.service";
import { disableGiftCard, findUsableGiftCard, giftCardLedger, issueGoodwillGiftCard } from "../gift-cards/gift-cards.service";
import { answerReview } from "../reviews/reviews.service";
import { publishReviewWithRating, rejectReviewWithRating } from "../../workflows/reviews";
import { createTicket, setTicketStatus } from "../support/support.service";
import { changeOrderStatus } from "../../workflows/change-order-status";
import { ADMIN_GIFT_CARD_MESSAGES } from "~/domain/gift-cards/admin-gift-card.schema";
import { readActivityQuery } from "~/domain/activity-log/activity-log";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";
import { createStaffAccount } from "../accounts/staff-accounts.service";
import { addStaffMember, setStaffStatus } from "../staff/staff.service";
import { createApiKey } from "../api-keys/api-keys.service";
import { API_AREAS } from "~/domain/api-keys/api-keys";

let handle: DatabaseHandle;
let actor: AdminActor;
const token = randomUUID().slice(0, 8);

beforeAll(async () => {
  handle = await createTestDatabase();
  const admin = await createShopper(handle.db, { name: "Admin" });
  actor = { type: "user", id: admin.id, label: `admin-${token}@aurore.test` };
});
afterAll(async () => {
  await handle?.close();
});

/** The newest entry for this action. */
async function lastEntry(action: string) {
  await settleDomainEvents(handle.db);
  const [row] = await handle.db
    .select()
    .from(adminActivityLog)
    .where(eq(adminActivityLog.action, action))
    .orderBy(desc(adminActivityLog.id))
    .limit(1);
  return row;
}

function expectActor(row: { actorId: string | null; actorLabel: string; actorType: string } | undefined) {
  expect(row).toBeDefined();
  expect(row).toMatchObject({ actorId: actor.id, actorLabel: actor.label, actorType: "user" });
}

describe("each admin action records who, what, before and after", () => {
  it("categories: create, rename, delete", async () => {
    const { category } = await createCategory(handle.db, { name: `Journal ${token}` }, actor);
    const created = await lastEntry("category.create");
    expectActor(created);
    expect(created).toMatchObject({ entityType: "category", entityId: category.id, after: { name: `Journal ${token}` }, before: null });
    await renameCategory(handle.db, { id: category.id, name: `Journal bis ${token}` }, actor);
    const renamed = await lastEntry("category.update");
    expect(renamed).toMatchObject({ before: { name: `Journal ${token}` }, after: { name: `Journal bis ${token}` } });
    expect(renamed.summary).toBe(`Catégorie « Journal ${token} » renommée en « Journal bis ${token} »`);
    await deleteCategory(handle.db, category.id, actor);
    expect(await lastEntry("category.delete")).toMatchObject({ entityId: category.id, before: { name: `Journal bis ${token}` } });
  });

  it("a refused change records nothing (same transaction)", async () => {
    await settleDomainEvents(handle.db);
    const before = await handle.db.select({ n: sql<number>`count(*)::int` }).from(adminActivityLog);
    await expect(renameCategory(handle.db, { id: randomUUID(), name: "Inconnue" }, actor)).rejects.toMatchObject({ kind: "not_found" });
    await settleDomainEvents(handle.db);
    const after = await handle.db.select({ n: sql<number>`count(*)::int` }).from(adminActivityLog);
    expect(after[0].n).toBe(before[0].n);
  });

  it("stock: each variant's stock before and after", async () => {
    const [product] = await pickProducts(handle.db, 1, 7);
    await adjustAdminStock(handle.db, { productIds: [product.id], mode: "add", quantity: 5, bulk: false, actorUserId: actor.id!, actor });
    const row = await lastEntry("stock.adjust");
    expectActor(row);
    expect(row).toMatchObject({
      entityType: "product",
      entityId: product.id,
      before: { stock: { [product.variantId]: 7 } },
      after: { stock: { [product.variantId]: 12 } },
    });
  });

  it("order status: from and to, through the workflow", async () => {
    const shopper = await createShopper(handle.db);
    const [order] = await handle.db
      .insert(orders)
      .values({
        userId: shopper.id,
        orderNumber: `CMD-${token}`,
        subtotalCents: 1000,
        totalCents: 1000,
        shippingAddress: { first_name: "A", last_name: "B", street: "", city: "", postal_code: "", country: "", phone: "" },
      })
      .returning({ id: orders.id });
    await changeOrderStatus(handle.db, {
      orderId: order.id,
      newStatus: "processing",
      actor: { userId: actor.id!, role: "admin", admin: actor },
    });
    const row = await lastEntry("order.status_change");
    expectActor(row);
    expect(row).toMatchObject({ entityType: "order", entityId: order.id, before: { status: "pending" }, after: { status: "processing" } });
    expect(row.summary).toBe(`Commande CMD-${token} : En attente → En préparation`);
  });

  it("clients: profile edit (changed fields only), points, GDPR erasure without personal data", async () => {
    const client = await createShopper(handle.db);
    await updateClientProfile(handle.db, {
      actorId: actor.id!,
      clientId: client.id,
      values: {
        firstName: "Camille",
        lastName: "Durand",
        phone: "0612345678",
        gender: "",
        bio: "",
        dateOfBirth: "",
        profilePictureUrl: "",
      },
      actor,
    });
    const edited = await lastEntry("client.update");
    expectActor(edited);
    expect(edited.entityId).toBe(client.id);
    expect(edited.after).toMatchObject({ firstName: "Camille", lastName: "Durand" });
    await adjustClientPoints(handle.db, {
      actorId: actor.id!,
      clientId: client.id,
      values: { points: "150", reason: "Geste commercial" },
      actor,
    });
    expect(await lastEntry("client.points_adjust")).toMatchObject({
      before: { balance: 0 },
      after: { balance: 150, reason: "Geste commercial" },
    });
    await deleteClient(handle.db, client.id, actor);
    const erased = await lastEntry("client.delete");
    expect(erased).toMatchObject({ entityId: client.id, before: null, after: null });
    expect(JSON.stringify(erased)).not.toContain(client.email);
  });

  it("settings: a delivery method's changed fields", async () => {
    const [express] = (await listDeliveryMethods(handle.db)).filter((m) => m.code === "express");
    await updateDeliveryMethod(
      handle.db,
      "express",
      {
        name: express.name,
        carrier: express.carrier,
        price: "12,90",
        free_threshold: "",
        delay_working_days: String(express.delayWorkingDays),
        zones: express.zones,
        active: express.active,
      },
      actor.id!,
      actor,
    );
    const row = await lastEntry("settings.delivery_method_update");
    expectActor(row);
    expect(row).toMatchObject({ entityType: "delivery_method", entityId: "express", after: { priceCents: 1290 } });
  });

  it("promo codes: create, edit, disable", async () => {
    const code = `JRNL${token.toUpperCase()}`.slice(0, 20);
    const promo = await createPromoCode(handle.db, { code, kind: "percentage", value: "10" }, actor);
    expect(await lastEntry("promo_code.create")).toMatchObject({ entityId: promo.id, after: { code, percentOff: 10 } });
    await updatePromoCode(handle.db, promo.id, { code, kind: "percentage", value: "15" }, actor);
    expect(await lastEntry("promo_code.update")).toMatchObject({ before: { percentOff: 10 }, after: { percentOff: 15 } });
    await setPromoCodeActive(handle.db, promo.id, false, actor);
    const off = await lastEntry("promo_code.disable");
    expectActor(off);
    expect(off).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it("reviews: publish, answer, reject", async () => {
    const [product] = await pickProducts(handle.db, 1);
    const [review] = await handle.db
      .insert(reviews)
      .values({ productId: product.id, authorName: "Léa M.", rating: 5, title: `Super ${token}`, body: "Très bien." })
      .returning({ id: reviews.id });
    await publishReviewWithRating(handle.db, review.id, actor.id!, actor);
    expect(await lastEntry("review.publish")).toMatchObject({
      entityId: review.id,
      before: { status: "pending" },
      after: { status: "published" },
    });
    await answerReview(handle.db, review.id, "Merci Léa !", actor);
    expect(await lastEntry("review.answer")).toMatchObject({ before: { shopAnswer: null }, after: { shopAnswer: "Merci Léa !" } });
    await rejectReviewWithRating(handle.db, review.id, "off_topic", actor.id!, actor);
    const rejected = await lastEntry("review.reject");
    expectActor(rejected);
    expect(rejected).toMatchObject({ before: { status: "published" }, after: { status: "rejected", rejectionReason: "off_topic" } });
  });

  it("tickets: status change", async () => {
    const shopper = await createShopper(handle.db);
    const ticket = await createTicket(handle.db, shopper.id, {
      subject: "Colis",
      description: "Bonjour",
      category: "order",
      priority: "high",
    });
    await setTicketStatus(handle.db, actor, { ticketId: ticket.id, status: "resolved" });
    const row = await lastEntry("ticket.status_change");
    expectActor(row);
    expect(row).toMatchObject({ entityType: "ticket", entityId: ticket.id, before: { status: "open" }, after: { status: "resolved" } });
  });
});

describe("goodwill gift card", () => {
  it("is created, mailed, in the ledger with its reason, logged, and pays at checkout", async () => {
    const client = await createShopper(handle.db);
    const card = await issueGoodwillGiftCard(handle.db, {
      clientId: client.id,
      values: { amount: "25,50", message: "Toutes nos excuses", reason: "Colis arrivé abîmé" },
      actor,
    });
    expect(card).toMatchObject({ amountCents: 2550, email: client.email });
    const [row] = await handle.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row).toMatchObject({ recipientUserId: client.id, recipientEmail: client.email, purchaseOrderId: null, balanceCents: 2550 });
    const ledger = await giftCardLedger(handle.db, card.id);
    expect(ledger).toEqual([
      expect.objectContaining({ kind: "issue", amount_cents: 2550, note: "Colis arrivé abîmé", order_reference: null }),
    ]);
    // The mail and the bell follow the card's event (decision 054).
    await settleDomainEvents(handle.db);
    const [mail] = await handle.db
      .select()
      .from(outbox)
      .where(and(sql`${outbox.payload}->>'to' = ${client.email}`, sql`${outbox.payload}->>'text' like '%25,50%'`));
    expect(mail).toBeDefined();
    const code = /([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(String((mail.payload as { text: string }).text))?.[1];
    expect(code).toBeDefined();
    expect((await findUsableGiftCard(handle.db, code!)).id).toBe(card.id);
    const [notice] = await handle.db.select().from(notifications).where(eq(notifications.userId, client.id));
    expect(notice.title).toBe("Vous avez reçu une carte cadeau");
    // Worded at display in the reader's language from its key; in French exactly as stored.
    expect(notice).toMatchObject({
      messageKey: "giftCardOffered",
      params: { amountCents: "2550", last4: card.last4, expiresAt: row.expiresAt.toISOString() },
    });
    expect(wordStoredNotification("fr", storedView(notice))).toEqual({ title: notice.title, message: notice.message });
    expect(wordStoredNotification("en", storedView(notice)).message).toMatch(
      new RegExp(`^The Aurore team is giving you a gift card worth €25\\.50 \\(•••• ${card.last4}\\), valid until \\d{1,2} \\w+ \\d{4}\\.`),
    );
    const logged = await lastEntry("gift_card.issue");
    expectActor(logged);
    expect(logged).toMatchObject({ entityId: card.id, after: { amountCents: 2550, reason: "Colis arrivé abîmé", clientId: client.id } });
    expect(JSON.stringify(logged)).not.toContain(code!);

    await disableGiftCard(handle.db, card.id, actor);
    expect(await lastEntry("gift_card.disable")).toMatchObject({
      entityId: card.id,
      before: { status: "active" },
      after: { status: "disabled" },
    });
  });

  it("refuses 0 €, 10 000 €, a missing reason and an unknown client, creating nothing", async () => {
    const client = await createShopper(handle.db);
    const count = async () => (await handle.db.select({ n: sql<number>`count(*)::int` }).from(giftCards))[0].n;
    const before = await count();
    await expect(
      issueGoodwillGiftCard(handle.db, { clientId: client.id, values: { amount: "0", reason: "x" }, actor }),
    ).rejects.toMatchObject({
      kind: "invalid",
      fieldErrors: { amount: ADMIN_GIFT_CARD_MESSAGES.amountRange },
    });
    await expect(
      issueGoodwillGiftCard(handle.db, { clientId: client.id, values: { amount: "10000", reason: "x" }, actor }),
    ).rejects.toMatchObject({ fieldErrors: { amount: ADMIN_GIFT_CARD_MESSAGES.amountRange } });
    expect(ADMIN_GIFT_CARD_MESSAGES.amountRange.replace(/\s/g, " ")).toBe("Le montant doit être compris entre 1,00 € et 500,00 €");
    await expect(
      issueGoodwillGiftCard(handle.db, { clientId: client.id, values: { amount: "20", reason: " " }, actor }),
    ).rejects.toMatchObject({
      fieldErrors: { reason: ADMIN_GIFT_CARD_MESSAGES.reasonRequired },
    });
    await expect(
      issueGoodwillGiftCard(handle.db, { clientId: "inconnu", values: { amount: "20", reason: "x" }, actor }),
    ).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await count()).toBe(before);
    expect(
      await handle.db
        .select()
        .from(giftCardTransactions)
        .where(sql`${giftCardTransactions.note} = 'x'`),
    ).toHaveLength(0);
  });
});

describe("Journal d'activité", () => {
  it("filters by actor, entity type, action, entity id and Paris days; newest first; purges after a year", async () => {
    const other: AdminActor = { type: "api_key", id: null, label: `cle-${token}` };
    const { category } = await createCategory(handle.db, { name: `Filtre ${token}` }, other);
    await settleDomainEvents(handle.db);
    const all = await listAdminActions(handle.db, readActivityQuery(new URLSearchParams()));
    expect(all.entries[0]).toMatchObject({ action: "category.create", actor_label: `cle-${token}` });
    expect(all.entity_types).toEqual(expect.arrayContaining(["category", "order", "gift_card", "review", "ticket"]));

    const byActor = await listAdminActions(handle.db, readActivityQuery(new URLSearchParams({ acteur: `cle-${token}` })));
    expect(byActor.total).toBe(1);
    const byAdmin = await listAdminActions(handle.db, readActivityQuery(new URLSearchParams({ acteur: actor.id!, type: "promo_code" })));
    expect(byAdmin.entries.map((e) => e.action)).toEqual(["promo_code.disable", "promo_code.update", "promo_code.create"]);
    const byEntity = await listAdminActions(handle.db, readActivityQuery(new URLSearchParams({ id: category.id })));
    expect(byEntity.entries).toHaveLength(1);
    const byAction = await listAdminActions(handle.db, readActivityQuery(new URLSearchParams({ action: "ticket.status_change" })));
    expect(byAction.total).toBe(1);
    const past = await listAdminActions(handle.db, readActivityQuery(new URLSearchParams({ du: "2020-01-01", au: "2020-12-31" })));
    expect(past.total).toBe(0);

    await handle.db
      .update(adminActivityLog)
      .set({ occurredAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) })
      .where(eq(adminActivityLog.entityId, category.id));
    expect(await purgeOldAdminActions(handle.db)).toBe(1);
    expect((await listAdminActions(handle.db, readActivityQuery(new URLSearchParams({ id: category.id })))).total).toBe(0);
  });

  it("drops a filter the database would refuse (a NUL byte) and still answers", async () => {
    const query = readActivityQuery(
      new URLSearchParams({ type: "\u0000", id: "abc\u0000def", action: "ticket\u0000", acteur: "a\u0000", domaine: "orders\u0000" }),
    );
    expect(query).toMatchObject({ entity: "", entityId: "", action: "", actor: "", area: "" });
    await settleDomainEvents(handle.db);
    const page = await listAdminActions(handle.db, query);
    expect(page.total).toBeGreaterThan(0);
  });
});

describe("Journal d'activité: who did it, in which area", () => {
  const list = (params: Record<string, string>) => listAdminActions(handle.db, readActivityQuery(new URLSearchParams(params)));

  it("names the staff member and the API key, filters by either and by area, and keeps a disabled member's name", async () => {
    const email = `camille-${token}@aurore.test`;
    const { userId } = await createStaffAccount(handle.db, {
      email,
      firstName: "Camille",
      lastName: `Martin ${token}`,
      password: "Secret123!Aurore",
    });
    await addStaffMember(handle.db, { userId, roleKey: "administrator", invitedBy: null });
    const camille = adminActorOf({ user: { id: userId, email } });
    const name = `Camille Martin ${token}`;

    await createCategory(handle.db, { name: `Équipe ${token}` }, camille);
    await createPromoCode(handle.db, { code: `EQP${token.toUpperCase()}`.slice(0, 20), kind: "percentage", value: "5" }, camille);
    const { key } = await createApiKey(
      handle.db,
      { name: `ERP ${token}`, scopes: Object.fromEntries(API_AREAS.map((area) => [area, area === "catalog" ? "write" : "none"])) },
      { createdBy: userId, actor: camille },
    );
    const erp: AdminActor = { type: "api_key", id: key.id, label: key.name };
    const { category } = await createCategory(handle.db, { name: `Par clé ${token}` }, erp);
    await setStaffStatus(handle.db, { userId, status: "disabled" });
    await settleDomainEvents(handle.db);

    // By staff member: their three changes, newest first, under their name and e-mail.
    const mine = await list({ acteur: userId });
    expect(mine.total).toBe(3);
    expect(mine.entries.map((e) => e.action)).toEqual(["api_key.create", "promo_code.create", "category.create"]);
    for (const entry of mine.entries) {
      expect(entry).toMatchObject({ actor_type: "user", actor_id: userId, actor_label: email, actor_name: name, actor_email: email });
    }
    // Part of the name finds them too.
    expect((await list({ acteur: `martin ${token}` })).total).toBe(3);

    // By API key: its change under the key's name.
    const byKey = await list({ acteur: key.id });
    expect(byKey.entries).toEqual([
      expect.objectContaining({
        action: "category.create",
        entity_id: category.id,
        actor_type: "api_key",
        actor_name: `ERP ${token}`,
        actor_email: null,
      }),
    ]);

    // The filter's options: staff members (by name) before the API keys, each once.
    const all = await list({});
    const ours = all.actors.filter((a) => a.value === userId || a.value === key.id);
    expect(ours).toEqual([
      { type: "user", value: userId, name, email },
      { type: "api_key", value: key.id, name: `ERP ${token}`, email: null },
    ]);
    expect(all.actors.filter((a) => a.value === userId)).toHaveLength(1);
    const firstKey = all.actors.findIndex((a) => a.type === "api_key");
    expect(all.actors.slice(firstKey).every((a) => a.type === "api_key")).toBe(true);
    // An entry whose account is not the recorded label's keeps its label and shows the account.
    expect(all.entries.find((e) => e.actor_id === actor.id)).toMatchObject({ actor_label: actor.label, actor_name: "Admin" });

    // By area, alone and with the staff member.
    expect((await list({ acteur: userId, domaine: "catalog" })).entries.map((e) => e.action)).toEqual(["category.create"]);
    expect((await list({ acteur: userId, domaine: "api_keys" })).entries.map((e) => e.action)).toEqual(["api_key.create"]);
    expect((await list({ acteur: key.id, domaine: "promotions" })).total).toBe(0);
    const promotions = await list({ domaine: "promotions" });
    expect(promotions.total).toBeGreaterThanOrEqual(4);
    expect(new Set(promotions.entries.map((e) => e.action.split(".")[0]))).toEqual(new Set(["promo_code"]));
    const refunds = await list({ domaine: "refunds" });
    expect(refunds).toMatchObject({ total: 0, entries: [] });
    expect(refunds.areas).toContain("refunds");
    expect(all.areas).toEqual([
      "orders",
      "clients",
      "support",
      "reviews",
      "catalog",
      "stock",
      "promotions",
      "gift_cards",
      "settings",
      "api_keys",
    ]);

    // An unknown area is dropped like the other malformed filters: the whole journal.
    const unknown = await list({ domaine: "inconnu" });
    expect(unknown.total).toBe(all.total);
  });

  it("names a staff member without a name by their e-mail", async () => {
    const email = `sans-nom-${token}@aurore.test`;
    const { userId } = await createStaffAccount(handle.db, { email, firstName: "", lastName: "", password: "Secret123!Aurore" });
    await addStaffMember(handle.db, { userId, roleKey: "read_only", invitedBy: null });
    await createCategory(handle.db, { name: `Sans nom ${token}` }, adminActorOf({ user: { id: userId, email } }));
    await settleDomainEvents(handle.db);
    const page = await list({ acteur: userId });
    expect(page.entries).toEqual([expect.objectContaining({ actor_name: email, actor_email: email })]);
    expect(page.actors.find((a) => a.value === userId)).toEqual({ type: "user", value: userId, name: email, email });
  });
});
