import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { supportTickets } from "./accounts";

/**
 * The conversation of a support ticket (decision 046): the shopper's or visitor's first message,
 * the team's replies, the shopper's answers and the team's internal notes (never shown to the
 * shopper). Written only by app/.server/modules/support.
 */
export const supportTicketMessages = pgTable(
  "support_ticket_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    /** customer (signed-in shopper), visitor_email (contact form without account), admin, system. */
    authorType: text("author_type").notNull(),
    /** The user id of a customer or admin author; copied, not referenced, so it outlives the account. */
    authorId: text("author_id"),
    /** The name shown next to the message (the admin's e-mail, the contact's name...). */
    authorLabel: text("author_label"),
    body: text("body").notNull(),
    internalNote: boolean("internal_note").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("support_ticket_messages_author_type_valid", sql`${t.authorType} IN ('customer', 'visitor_email', 'admin', 'system')`),
    check("support_ticket_messages_note_by_admin", sql`NOT ${t.internalNote} OR ${t.authorType} = 'admin'`),
    index("support_ticket_messages_ticket_idx").on(t.ticketId, t.createdAt, t.id),
  ],
);
