import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { adminActivityLog, supportTickets, user } from "../../db/schema";
import { createContactTicket, createTicket, getTicket, listAllTickets, setTicketStatus } from "./support.service";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

/** The administrator's side of support tickets: every ticket, paged, and status changes. */
let handle: DatabaseHandle;
const shopper = "user-admin-tickets-lea";
const ids: string[] = [];
const admin = { id: "user-admin-tickets-root", label: "admin@aurore.test" };

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.delete(supportTickets);
  await handle.db.insert(user).values({ id: shopper, name: "Léa Martin", email: "lea.tickets@example.com" });
  // 25 tickets a minute apart: 24 from the shopper, the newest from a visitor's contact form.
  for (let i = 0; i < 24; i++) {
    const result = await createTicket(
      handle.db,
      shopper,
      { subject: `Question ${i + 1}`, description: "Bonjour", category: i % 2 ? "order" : "product", priority: "high" },
      { now: new Date(Date.UTC(2031, 0, 1, 10, i)) },
    );
    ids.push(result.id);
  }
  const visitor = await createContactTicket(
    handle.db,
    { userId: null, name: "Paul Visiteur", email: "paul@example.com", subject: "Partenariat", message: "Bonjour, une question." },
    { now: new Date(Date.UTC(2031, 0, 1, 10, 30)) },
  );
  ids.push(visitor.id);
});

afterAll(async () => {
  await handle?.close();
});

describe("listAllTickets", () => {
  it("lists every customer's tickets newest first, 20 a page", async () => {
    const first = await listAllTickets(handle.db);
    expect(first).toMatchObject({ total: 25, page: 1, page_size: 20, page_count: 2 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({
      ticket_number: "SAV-2031-000025",
      subject: "Partenariat",
      customer_name: "Paul Visiteur",
      email: "paul@example.com",
      has_account: false,
      category: "other",
      priority: "normal",
      status: "open",
    });
    expect(first.rows[1]).toMatchObject({
      subject: "Question 24",
      customer_name: "Léa Martin",
      email: "lea.tickets@example.com",
      has_account: true,
      category: "order",
      priority: "high",
    });
    const second = await listAllTickets(handle.db, { page: 2 });
    expect(second.rows.map((r) => r.subject)).toEqual(["Question 5", "Question 4", "Question 3", "Question 2", "Question 1"]);
    expect((await listAllTickets(handle.db, { page: 99 })).page).toBe(2);
  });

  it("filters by status", async () => {
    await setTicketStatus(handle.db, admin, { ticketId: ids[0], status: "resolved" });
    await setTicketStatus(handle.db, admin, { ticketId: ids[1], status: "resolved" });
    const resolved = await listAllTickets(handle.db, { status: "resolved" });
    expect(resolved.total).toBe(2);
    expect(resolved.rows.map((r) => r.subject)).toEqual(["Question 2", "Question 1"]);
    expect((await listAllTickets(handle.db, { status: "closed" })).rows).toEqual([]);
    expect((await listAllTickets(handle.db, { status: "open" })).total).toBe(23);
  });
});

describe("setTicketStatus", () => {
  it("moves a ticket through every status, and the shopper sees it", async () => {
    for (const status of ["in_progress", "resolved", "closed", "open"] as const) {
      const result = await setTicketStatus(handle.db, admin, { ticketId: ids[5], status });
      expect(result).toMatchObject({ id: ids[5], status });
      expect((await getTicket(handle.db, shopper, ids[5]))?.status).toBe(status);
    }
  });

  it("refuses an unknown status and an unknown ticket, changing nothing", async () => {
    await expect(setTicketStatus(handle.db, admin, { ticketId: ids[6], status: "archived" })).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_ticket",
      message: "Statut de ticket invalide",
    });
    await expect(setTicketStatus(handle.db, admin, { ticketId: ids[6], status: undefined })).rejects.toMatchObject({ kind: "invalid" });
    await expect(setTicketStatus(handle.db, admin, { ticketId: crypto.randomUUID(), status: "closed" })).rejects.toMatchObject({
      kind: "not_found",
      message: "Ticket introuvable",
    });
    await expect(setTicketStatus(handle.db, admin, { ticketId: "nope", status: "closed" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(setTicketStatus(handle.db, admin, { ticketId: undefined, status: "closed" })).rejects.toMatchObject({ kind: "not_found" });
    const [row] = await handle.db.select().from(supportTickets).where(eq(supportTickets.id, ids[6]));
    expect(row.status).toBe("open");
    await settleDomainEvents(handle.db);
    const entries = await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.entityId, ids[6]));
    expect(entries).toEqual([]);
  });

  it("records each change in the activity log with the status before and after", async () => {
    await setTicketStatus(handle.db, admin, { ticketId: ids[7], status: "closed" });
    await settleDomainEvents(handle.db);
    const entries = await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.entityId, ids[7]));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "ticket.status_change",
      actorLabel: "admin@aurore.test",
      before: { status: "open" },
      after: { status: "closed" },
    });
  });
});
