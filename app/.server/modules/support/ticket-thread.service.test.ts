import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { storedView, wordStoredNotification } from "../../../../tests/support/notification-wording";
import type { DatabaseHandle } from "../../db/client";
import { adminActivityLog, notifications, outbox, supportTicketMessages, supportTickets, user } from "../../db/schema";
import { createContactTicket, createTicket, listAllTickets, listTickets } from "./support.service";
import { addInternalNote, openTicketForAdmin, readTicketThread, replyAsAdmin, replyAsCustomer } from "./ticket-thread.service";
import {
  TICKET_CLOSED_MESSAGE,
  TICKET_MESSAGE_MAX,
  TICKET_MESSAGE_REQUIRED_MESSAGE,
  TICKET_MESSAGE_TOO_LONG_MESSAGE,
} from "~/domain/support/ticket-thread";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

/** The conversation of a ticket: replies of both sides, internal notes, read markers, ownership. */
let handle: DatabaseHandle;
const shopper = "user-thread-nina";
const other = "user-thread-hugo";
const admin = { id: "user-thread-admin", label: "admin@aurore.test" };

// The reply's e-mail follows its event (decision 054): settled first, as the worker would.
async function mailsTo(to: string) {
  await settleDomainEvents(handle.db);
  const rows = await handle.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${to}`);
  return rows.map((r) => r.payload as { subject: string; text: string });
}
const messagesOf = (ticketId: string) => handle.db.select().from(supportTicketMessages).where(eq(supportTicketMessages.ticketId, ticketId));

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values({ id: shopper, name: "Nina Roche", email: "nina.thread@example.com" });
  await handle.db.insert(user).values({ id: other, name: "Hugo Blanc", email: "hugo.thread@example.com" });
});

afterAll(async () => {
  await handle?.close();
});

describe("a shopper's ticket conversation", () => {
  it("starts with the description, then the team's reply reaches the shopper by e-mail and notification", async () => {
    const ticket = await createTicket(handle.db, shopper, { subject: "Flacon fêlé", description: "Le flacon est arrivé fêlé." });
    expect(ticket.unread).toBe(false);
    const reply = await replyAsAdmin(handle.db, admin, { ticketId: ticket.id, body: "Bonjour Nina,\nNous vous renvoyons un flacon." });
    expect(reply.mailedTo).toBe("nina.thread@example.com");
    expect(reply.ticket.status).toBe("in_progress");

    const mails = await mailsTo("nina.thread@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Réponse à votre demande ${ticket.ticket_number} : Flacon fêlé`);
    expect(mails[0].text).toContain("Nous vous renvoyons un flacon.");
    await settleDomainEvents(handle.db);
    const [notice] = await handle.db.select().from(notifications).where(eq(notifications.userId, shopper));
    expect(notice).toMatchObject({ title: `Réponse à votre demande ${ticket.ticket_number}`, actionUrl: "/dashboard?tab=support" });
    expect(notice).toMatchObject({
      messageKey: "ticketReply",
      params: { ticketNumber: ticket.ticket_number, excerpt: "Bonjour Nina,\nNous vous renvoyons un flacon." },
    });
    expect(wordStoredNotification("fr", storedView(notice))).toEqual({ title: notice.title, message: notice.message });
    // The title is worded in English; the team's reply is shown as typed.
    expect(wordStoredNotification("en", storedView(notice))).toEqual({
      title: `Reply to your request ${ticket.ticket_number}`,
      message: "Bonjour Nina,\nNous vous renvoyons un flacon.",
    });

    expect((await listTickets(handle.db, shopper)).find((t) => t.id === ticket.id)?.unread).toBe(true);
    const thread = await readTicketThread(handle.db, shopper, ticket.id);
    expect(thread.messages.map((m) => [m.author, m.body])).toEqual([
      ["Vous", "Le flacon est arrivé fêlé."],
      ["Service client", "Bonjour Nina,\nNous vous renvoyons un flacon."],
    ]);
    expect(thread.ticket.unread).toBe(false);
    expect((await listTickets(handle.db, shopper)).find((t) => t.id === ticket.id)?.unread).toBe(false);

    await settleDomainEvents(handle.db);
    const [entry] = await handle.db
      .select()
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.entityId, ticket.id), eq(adminActivityLog.action, "ticket.reply")));
    expect(entry).toMatchObject({ actorLabel: "admin@aurore.test", before: { status: "open" } });
  });

  it("hides the team's internal notes from the shopper and sends nothing for them", async () => {
    const ticket = await createTicket(handle.db, shopper, { subject: "Code promo", description: "Mon code ne marche pas." });
    const before = (await handle.db.select().from(outbox).where(eq(outbox.topic, "mail"))).length;
    const note = await addInternalNote(handle.db, admin, { ticketId: ticket.id, body: "Code expiré hier, geste commercial possible." });
    expect(note.internal_note).toBe(true);
    expect((await handle.db.select().from(outbox).where(eq(outbox.topic, "mail"))).length).toBe(before);
    const thread = await readTicketThread(handle.db, shopper, ticket.id);
    expect(thread.messages.map((m) => m.body)).toEqual(["Mon code ne marche pas."]);
    const forTeam = await openTicketForAdmin(handle.db, ticket.id);
    expect(forTeam.messages.map((m) => [m.body, m.internal_note])).toEqual([
      ["Mon code ne marche pas.", false],
      ["Code expiré hier, geste commercial possible.", true],
    ]);
    await settleDomainEvents(handle.db);
    const [entry] = await handle.db
      .select()
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.entityId, ticket.id), eq(adminActivityLog.action, "ticket.note")));
    expect(entry?.actorLabel).toBe("admin@aurore.test");
  });

  it("reopens a resolved ticket when the shopper answers, and marks it unread for the team", async () => {
    const ticket = await createTicket(handle.db, shopper, { subject: "Livraison", description: "Où est mon colis ?" });
    await openTicketForAdmin(handle.db, ticket.id);
    expect((await listAllTickets(handle.db, {})).rows.find((r) => r.id === ticket.id)?.unread).toBe(false);
    await handle.db.update(supportTickets).set({ status: "resolved" }).where(eq(supportTickets.id, ticket.id));
    const answer = await replyAsCustomer(handle.db, shopper, ticket.id, { body: "  Toujours rien reçu.  " });
    expect(answer.ticket.status).toBe("open");
    expect(answer.message).toMatchObject({ author: "Vous", body: "Toujours rien reçu.", author_type: "customer" });
    expect((await listAllTickets(handle.db, {})).rows.find((r) => r.id === ticket.id)?.unread).toBe(true);
    const opened = await openTicketForAdmin(handle.db, ticket.id);
    expect(opened.was_unread).toBe(true);
    expect((await listAllTickets(handle.db, {})).rows.find((r) => r.id === ticket.id)?.unread).toBe(false);
  });

  it("keeps an in-progress ticket in progress and refuses a closed one", async () => {
    const ticket = await createTicket(handle.db, shopper, { subject: "Retour", description: "Je veux retourner un produit." });
    await handle.db.update(supportTickets).set({ status: "in_progress" }).where(eq(supportTickets.id, ticket.id));
    expect((await replyAsCustomer(handle.db, shopper, ticket.id, { body: "Précision" })).ticket.status).toBe("in_progress");
    await handle.db.update(supportTickets).set({ status: "closed" }).where(eq(supportTickets.id, ticket.id));
    await expect(replyAsCustomer(handle.db, shopper, ticket.id, { body: "Encore moi" })).rejects.toMatchObject({
      kind: "conflict",
      message: TICKET_CLOSED_MESSAGE,
    });
    expect((await messagesOf(ticket.id)).map((m) => m.body)).toEqual(["Je veux retourner un produit.", "Précision"]);
  });

  it("refuses a reply to someone else's ticket with 'Ticket introuvable' and writes nothing", async () => {
    const ticket = await createTicket(handle.db, shopper, { subject: "Privé", description: "Mon adresse." });
    for (const id of [ticket.id, crypto.randomUUID(), "pas-un-id"]) {
      await expect(replyAsCustomer(handle.db, other, id, { body: "Intrusion" })).rejects.toMatchObject({
        kind: "not_found",
        message: "Ticket introuvable",
      });
    }
    await expect(readTicketThread(handle.db, other, ticket.id)).rejects.toMatchObject({ kind: "not_found", message: "Ticket introuvable" });
    expect((await messagesOf(ticket.id)).map((m) => m.body)).toEqual(["Mon adresse."]);
  });

  it("refuses an empty or too long message, and keeps HTML as text", async () => {
    const ticket = await createTicket(handle.db, shopper, { subject: "Texte", description: "Test" });
    await expect(replyAsCustomer(handle.db, shopper, ticket.id, { body: "   " })).rejects.toMatchObject({
      kind: "invalid",
      message: TICKET_MESSAGE_REQUIRED_MESSAGE,
    });
    await expect(replyAsCustomer(handle.db, shopper, ticket.id, { body: "a".repeat(TICKET_MESSAGE_MAX + 1) })).rejects.toMatchObject({
      message: TICKET_MESSAGE_TOO_LONG_MESSAGE,
    });
    await expect(replyAsAdmin(handle.db, admin, { ticketId: ticket.id, body: "" })).rejects.toMatchObject({ kind: "invalid" });
    await expect(replyAsCustomer(handle.db, shopper, ticket.id, { body: 42 })).rejects.toMatchObject({ kind: "invalid" });
    const html = await replyAsCustomer(handle.db, shopper, ticket.id, { body: "<script>alert(1)</script>" });
    expect(html.message.body).toBe("<script>alert(1)</script>");
    expect(await messagesOf(ticket.id)).toHaveLength(2);
  });
});

describe("a visitor's contact-form ticket", () => {
  it("sends the team's reply to the address the visitor typed, and records it in the thread", async () => {
    const contact = await createContactTicket(handle.db, {
      userId: null,
      name: "Zoé Visiteuse",
      email: "zoe.visiteuse@example.com",
      subject: "Horaires",
      message: "Êtes-vous ouverts le samedi ?",
    });
    const reply = await replyAsAdmin(handle.db, admin, { ticketId: contact.id, body: "Oui, de 10h à 18h." });
    expect(reply.mailedTo).toBe("zoe.visiteuse@example.com");
    const [mail] = await mailsTo("zoe.visiteuse@example.com");
    expect(mail.subject).toBe(`Réponse à votre demande ${contact.ticketNumber} : Horaires`);
    expect(mail.text).toContain("Oui, de 10h à 18h.");
    expect(mail.text).toContain("formulaire de contact");
    const detail = await openTicketForAdmin(handle.db, contact.id);
    expect(detail.messages.map((m) => [m.author_type, m.author, m.body])).toEqual([
      ["visitor_email", "Zoé Visiteuse", "Êtes-vous ouverts le samedi ?"],
      ["admin", "admin@aurore.test", "Oui, de 10h à 18h."],
    ]);
  });

  it("refuses a reply to an unknown ticket, writing nothing", async () => {
    const before = (await handle.db.select().from(outbox).where(eq(outbox.topic, "mail"))).length;
    await expect(replyAsAdmin(handle.db, admin, { ticketId: crypto.randomUUID(), body: "Bonjour" })).rejects.toMatchObject({
      kind: "not_found",
      message: "Ticket introuvable",
    });
    expect((await handle.db.select().from(outbox).where(eq(outbox.topic, "mail"))).length).toBe(before);
  });
});

describe("the team's list", () => {
  it("filters by category and priority", async () => {
    await createTicket(handle.db, other, { subject: "Urgent produit", description: "x", category: "product", priority: "urgent" });
    const page = await listAllTickets(handle.db, { category: "product", priority: "urgent" });
    expect(page.rows.map((r) => r.subject)).toEqual(["Urgent produit"]);
    expect((await listAllTickets(handle.db, { category: "security" })).total).toBe(0);
  });
});
