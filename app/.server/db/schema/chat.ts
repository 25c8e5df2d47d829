import { sql } from "drizzle-orm";
import { bigserial, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { supportTickets } from "./accounts";

/**
 * The live chat of /service-client (decision 047): one conversation per visit, reached by the
 * participant through an unguessable token kept in an httpOnly cookie (only its SHA-256 is
 * stored). Written only by app/.server/modules/chat.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The shopper's account; null for a visitor. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    /** waiting (nobody answered yet), active (an administrator took it), closed, converted (became a ticket). */
    status: text("status").notNull().default("waiting"),
    assignedAdminId: text("assigned_admin_id").references(() => user.id, { onDelete: "set null" }),
    assignedAdminName: text("assigned_admin_name"),
    ticketId: uuid("ticket_id").references(() => supportTickets.id, { onDelete: "set null" }),
    ticketNumber: text("ticket_number"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("chat_conversations_status_valid", sql`${t.status} IN ('waiting', 'active', 'closed', 'converted')`),
    index("chat_conversations_status_created_idx").on(t.status, t.createdAt),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    /** participant (the shopper or visitor), admin, or system (joined, closed, became a ticket). */
    author: text("author").notNull(),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("chat_messages_author_valid", sql`${t.author} IN ('participant', 'admin', 'system')`),
    index("chat_messages_conversation_idx").on(t.conversationId, t.id),
  ],
);
