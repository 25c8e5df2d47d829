import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, like, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { supportTickets, user } from "../../db/schema";
import {
  TICKET_NOT_FOUND_MESSAGE,
  createContactTicket,
  createTicket,
  formatTicketNumber,
  getTicket,
  listTickets,
  ticketYear,
} from "./support.service";
import type { DomainError } from "~/domain/errors";
import { CONTACT_MESSAGE_MAX, ContactSchema } from "~/domain/support/contact.schema";
import {
  TICKET_CATEGORY_MESSAGE,
  TICKET_DESCRIPTION_MAX,
  TICKET_DESCRIPTION_REQUIRED_MESSAGE,
  TICKET_DESCRIPTION_TOO_LONG_MESSAGE,
  TICKET_PRIORITY_MESSAGE,
  TICKET_SUBJECT_MAX,
  TICKET_SUBJECT_REQUIRED_MESSAGE,
  TICKET_SUBJECT_TOO_LONG_MESSAGE,
} from "~/domain/support/support-ticket.schema";

let handle: DatabaseHandle;
const shopper = "user-support-claire";
const other = "user-support-marc";

const valid = {
  name: "  Claire Dubois ",
  email: "claire.dubois@example.com",
  subject: "Question sur ma commande",
  message: "Bonjour, pouvez-vous me dire quand ma commande sera expédiée ?",
};

async function countTickets(): Promise<number> {
  const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(supportTickets);
  return Number(row.n);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values({ id: shopper, name: "Claire Dubois", email: "claire.support@example.com" });
  await handle.db.insert(user).values({ id: other, name: "Marc Petit", email: "marc.support@example.com" });
});

afterAll(async () => {
  await handle?.close();
});

describe("createContactTicket", () => {
  it("stores a visitor's message as an open 'other' ticket with a readable number", async () => {
    const now = new Date("2030-03-14T10:00:00Z");
    const ticket = await createContactTicket(handle.db, { ...valid, userId: null }, { now });
    expect(ticket.ticketNumber).toBe("SAV-2030-000001");
    const [row] = await handle.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row).toMatchObject({
      ticketNumber: "SAV-2030-000001",
      userId: null,
      contactName: "Claire Dubois",
      contactEmail: "claire.dubois@example.com",
      subject: "Question sur ma commande",
      description: valid.message,
      category: "other",
      priority: "normal",
      status: "open",
    });
  });

  it("links the ticket to the signed-in shopper and numbers it after the year's last one", async () => {
    const now = new Date("2030-06-01T08:00:00Z");
    const ticket = await createContactTicket(handle.db, { ...valid, userId: shopper }, { now });
    expect(ticket.ticketNumber).toBe("SAV-2030-000002");
    const rows = await handle.db.select().from(supportTickets).where(eq(supportTickets.userId, shopper));
    expect(rows).toHaveLength(1);
    expect(rows[0].ticketNumber).toBe("SAV-2030-000002");
  });

  it("restarts the counter each year, in Paris time", async () => {
    // 23:30 UTC on 31 December is already the next year in Paris.
    const newYearsEve = new Date("2031-12-31T23:30:00Z");
    expect(ticketYear(newYearsEve)).toBe(2032);
    const ticket = await createContactTicket(handle.db, { ...valid, userId: null }, { now: newYearsEve });
    expect(ticket.ticketNumber).toBe("SAV-2032-000001");
  });

  it("gives unique, consecutive numbers to tickets created at the same time", async () => {
    const now = new Date("2033-05-05T12:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createContactTicket(handle.db, { ...valid, subject: `Demande ${i}`, userId: null }, { now })),
    );
    const numbers = results.map((t) => t.ticketNumber).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => formatTicketNumber(2033, n)));
    const stored = await handle.db.select().from(supportTickets).where(like(supportTickets.ticketNumber, "SAV-2033-%"));
    expect(stored).toHaveLength(6);
  });

  it("refuses invalid input with one French message per field and stores nothing", async () => {
    const before = await countTickets();
    const empty = await createContactTicket(handle.db, {
      name: " ",
      email: "",
      subject: "",
      message: "",
      userId: null,
    }).catch((error: unknown) => error);
    expect(empty).toMatchObject({
      kind: "invalid",
      code: "invalid_contact",
      message: "Le nom est obligatoire ; L'e-mail est obligatoire ; Le sujet est obligatoire ; Le message est obligatoire",
    });
    expect((empty as DomainError).fieldErrors).toEqual({
      name: "Le nom est obligatoire",
      email: "L'e-mail est obligatoire",
      subject: "Le sujet est obligatoire",
      message: "Le message est obligatoire",
    });
    await expect(createContactTicket(handle.db, { userId: null })).rejects.toMatchObject({ kind: "invalid", code: "invalid_contact" });

    await expect(createContactTicket(handle.db, { ...valid, message: "a".repeat(10_000), userId: null })).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_contact",
      fieldErrors: { message: expect.stringMatching(/^Le message ne doit pas dépasser 5\s000 caractères$/) },
    });

    await expect(createContactTicket(handle.db, { ...valid, email: "claire@", userId: null })).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_contact",
      fieldErrors: { email: expect.stringMatching(/adresse e-mail valide/) },
    });
    expect(await countTickets()).toBe(before);
  });
});

describe("ContactSchema", () => {
  it("accepts the maximum lengths and refuses one character more", () => {
    const at = {
      name: "n".repeat(100),
      email: `${"e".repeat(240)}@example.com`,
      subject: "s".repeat(150),
      message: "m".repeat(CONTACT_MESSAGE_MAX),
    };
    expect(ContactSchema.safeParse(at).success).toBe(true);
    for (const [field, value] of Object.entries({
      name: "n".repeat(101),
      subject: "s".repeat(151),
      message: "m".repeat(CONTACT_MESSAGE_MAX + 1),
      email: `${"e".repeat(243)}@example.com`,
    })) {
      const result = ContactSchema.safeParse({ ...at, [field]: value });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0].path[0]).toBe(field);
    }
  });
});

describe("createTicket (signed-in shopper)", () => {
  const ticket = { subject: "  Colis abîmé ", description: "Le flacon est arrivé cassé." };

  it("opens a ticket with the defaults (other, normal, open) and the year's next number", async () => {
    const now = new Date("2034-02-01T09:00:00Z");
    const contact = await createContactTicket(handle.db, { ...valid, userId: null }, { now });
    expect(contact.ticketNumber).toBe("SAV-2034-000001");
    const created = await createTicket(handle.db, other, ticket, { now });
    expect(created).toMatchObject({
      ticket_number: "SAV-2034-000002",
      subject: "Colis abîmé",
      description: "Le flacon est arrivé cassé.",
      category: "other",
      priority: "normal",
      status: "open",
      created_at: now.toISOString(),
    });
    const [row] = await handle.db.select().from(supportTickets).where(eq(supportTickets.id, created.id));
    expect(row).toMatchObject({ userId: other, contactName: "Marc Petit", contactEmail: "marc.support@example.com" });
  });

  it("keeps the chosen category and priority; empty choices take the defaults", async () => {
    const now = new Date("2034-02-02T09:00:00Z");
    const chosen = await createTicket(handle.db, other, { ...ticket, category: "order", priority: "urgent" }, { now });
    expect([chosen.category, chosen.priority, chosen.ticket_number]).toEqual(["order", "urgent", "SAV-2034-000003"]);
    const empty = await createTicket(handle.db, other, { ...ticket, category: "", priority: null }, { now });
    expect([empty.category, empty.priority]).toEqual(["other", "normal"]);
  });

  it("lists only the shopper's own tickets, newest first", async () => {
    const list = await listTickets(handle.db, other);
    expect(list.map((t) => t.ticket_number)).toEqual(["SAV-2034-000004", "SAV-2034-000003", "SAV-2034-000002"]);
    const mine = await listTickets(handle.db, shopper);
    expect(mine.every((t) => !t.ticket_number.startsWith("SAV-2034-"))).toBe(true);
  });

  it("reads one own ticket; someone else's or a malformed id is not found", async () => {
    const [newest] = await listTickets(handle.db, other);
    expect((await getTicket(handle.db, other, newest.id))?.ticket_number).toBe(newest.ticket_number);
    expect(await getTicket(handle.db, shopper, newest.id)).toBeNull();
    expect(await getTicket(handle.db, other, "SAV-2034-000004")).toBeNull();
    expect(TICKET_NOT_FOUND_MESSAGE).toBe("Ticket introuvable");
  });

  it.each([
    [{}, { subject: TICKET_SUBJECT_REQUIRED_MESSAGE, description: TICKET_DESCRIPTION_REQUIRED_MESSAGE }],
    [
      { subject: " ", description: " " },
      { subject: TICKET_SUBJECT_REQUIRED_MESSAGE, description: TICKET_DESCRIPTION_REQUIRED_MESSAGE },
    ],
    [{ subject: "s".repeat(10_000), description: "d" }, { subject: TICKET_SUBJECT_TOO_LONG_MESSAGE }],
    [{ subject: "s", description: "d".repeat(TICKET_DESCRIPTION_MAX + 1) }, { description: TICKET_DESCRIPTION_TOO_LONG_MESSAGE }],
    [{ subject: "s", description: "d", category: "billing" }, { category: TICKET_CATEGORY_MESSAGE }],
    [{ subject: "s", description: "d", priority: "critical" }, { priority: TICKET_PRIORITY_MESSAGE }],
    [
      { subject: 42, description: ["d"] },
      { subject: TICKET_SUBJECT_REQUIRED_MESSAGE, description: TICKET_DESCRIPTION_REQUIRED_MESSAGE },
    ],
  ])("refuses %j with French messages and stores nothing", async (input, fieldErrors) => {
    const before = await countTickets();
    await expect(createTicket(handle.db, other, input)).rejects.toMatchObject({ kind: "invalid", code: "invalid_ticket", fieldErrors });
    expect(await countTickets()).toBe(before);
  });

  it("accepts the maximum lengths", async () => {
    const result = await createTicket(handle.db, other, {
      subject: "s".repeat(TICKET_SUBJECT_MAX),
      description: "d".repeat(TICKET_DESCRIPTION_MAX),
    });
    expect(result.subject).toBe("s".repeat(TICKET_SUBJECT_MAX));
    expect(TICKET_DESCRIPTION_TOO_LONG_MESSAGE).toMatch(/^La description ne doit pas dépasser 5\s000 caractères$/);
  });

  it("refuses an unknown user without storing anything", async () => {
    const before = await countTickets();
    await expect(createTicket(handle.db, "no-such-user", ticket)).rejects.toMatchObject({ kind: "not_found" });
    expect(await countTickets()).toBe(before);
  });
});
