/**
 * Ticket threads on a shop that already has tickets: a database migrated up to 0026 holding a
 * shopper's ticket, a visitor's contact-form ticket and a resolved one is migrated to the latest
 * schema; each ticket's message must become the first message of its thread, unchanged.
 * Runs on PGlite, and on the PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { rowsOf, type DatabaseHandle } from "./client";
import { listAllTickets } from "../modules/support/support.service";
import { readTicketThread } from "../modules/support/ticket-thread.service";

const LAST_OLD_MIGRATION = "0026_activity_log";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;
const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await query(sql`INSERT INTO "user" (id, name, email) VALUES ('user-old-ticket', 'Inès Garnier', 'ines.old@example.com')`);
    await query(sql`
      INSERT INTO support_tickets (id, ticket_number, user_id, contact_name, contact_email, subject, description, status, created_at, updated_at) VALUES
        ('00000000-0000-4000-8000-000000000001', 'SAV-2025-000001', 'user-old-ticket', 'Inès Garnier', 'ines.old@example.com',
         'Colis abîmé', 'Mon colis est arrivé écrasé.\nPouvez-vous m''aider ?', 'open', '2025-05-02T08:00:00Z', '2025-05-02T08:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'SAV-2025-000002', NULL, 'Paul Visiteur', 'paul.old@example.com',
         'Partenariat', 'Bonjour, une <b>question</b>.', 'in_progress', '2025-05-03T08:00:00Z', '2025-05-03T09:00:00Z'),
        ('00000000-0000-4000-8000-000000000003', 'SAV-2025-000003', 'user-old-ticket', 'Inès Garnier', 'ines.old@example.com',
         'Facture', 'Où trouver ma facture ?', 'resolved', '2025-05-04T08:00:00Z', '2025-05-05T08:00:00Z')`);
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

type Message = {
  ticket_id: string;
  author_type: string;
  author_id: string | null;
  body: string;
  internal_note: boolean;
  created_at: Date | string;
};

describe("upgrading a shop with tickets to ticket threads", () => {
  it("gives every ticket one first message: its description, author and date", async () => {
    const messages = await query<Message>(
      sql`SELECT ticket_id::text, author_type, author_id, body, internal_note, created_at FROM support_ticket_messages ORDER BY ticket_id`,
    );
    expect(messages.map(({ created_at, ...m }) => ({ ...m, at: new Date(created_at).toISOString() }))).toEqual([
      {
        ticket_id: "00000000-0000-4000-8000-000000000001",
        author_type: "customer",
        author_id: "user-old-ticket",
        body: "Mon colis est arrivé écrasé.\nPouvez-vous m'aider ?",
        internal_note: false,
        at: "2025-05-02T08:00:00.000Z",
      },
      {
        ticket_id: "00000000-0000-4000-8000-000000000002",
        author_type: "visitor_email",
        author_id: null,
        body: "Bonjour, une <b>question</b>.",
        internal_note: false,
        at: "2025-05-03T08:00:00.000Z",
      },
      {
        ticket_id: "00000000-0000-4000-8000-000000000003",
        author_type: "customer",
        author_id: "user-old-ticket",
        body: "Où trouver ma facture ?",
        internal_note: false,
        at: "2025-05-04T08:00:00.000Z",
      },
    ]);
  });

  it("keeps the tickets as they were, unread for the team unless already resolved", async () => {
    const page = await listAllTickets(handle.db, {});
    expect(page.rows.map((r) => [r.ticket_number, r.status, r.description.slice(0, 9), r.unread])).toEqual([
      ["SAV-2025-000003", "resolved", "Où trouve", false],
      ["SAV-2025-000002", "in_progress", "Bonjour, ", true],
      ["SAV-2025-000001", "open", "Mon colis", true],
    ]);
  });

  it("shows the shopper the migrated message as their own, with nothing unread", async () => {
    const thread = await readTicketThread(handle.db, "user-old-ticket", "00000000-0000-4000-8000-000000000001");
    expect(thread.ticket.unread).toBe(false);
    expect(thread.messages.map((m) => [m.author, m.body])).toEqual([["Vous", "Mon colis est arrivé écrasé.\nPouvez-vous m'aider ?"]]);
  });
});
