import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { supportTicketMessages, supportTickets, user } from "../../db/schema";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChange } from "~/.server/outbox/events";
import { parisYear } from "~/lib/paris-time";
import { isUuid } from "~/lib/uuid";
import { invalid, notFound } from "~/domain/errors";
import { ContactSchema, contactFieldErrors, type ContactFieldErrors, type ContactFormValues } from "~/domain/support/contact.schema";
import {
  SupportTicketSchema,
  supportTicketFieldErrors,
  type SupportTicketFieldErrors,
  type SupportTicketView,
} from "~/domain/support/support-ticket.schema";
import {
  AdminTicketStatusSchema,
  TICKET_STATUS_INVALID_MESSAGE,
  type AdminTicketFilter,
  type AdminTicketPage,
  type AdminTicketRow,
} from "~/domain/support/admin-tickets.schema";
import { ADMIN_TICKETS_PAGE_SIZE } from "~/lib/shop-rules";
import { isUniqueViolation } from "~/.server/db/errors";

/**
 * Customer-service tickets. Ticket numbers are readable and unique per year:
 * `SAV-2026-000123` (prefix, year in Paris time, 6-digit counter).
 */

export const TICKET_PREFIX = "SAV";
const TICKET_COUNTER_DIGITS = 6;
/** Concurrent creations may pick the same number: the unique index refuses one, which retries. */
const MAX_NUMBERING_ATTEMPTS = 10;
/** Any constant key: serialises numbering between concurrent transactions on PostgreSQL. */
const NUMBERING_LOCK_KEY = 0x5a7_0001;

export type ContactTicketInput = Partial<ContactFormValues> & {
  /** The signed-in shopper's id, or null for a visitor. */
  userId: string | null;
};

export type ContactTicket = {
  id: string;
  ticketNumber: string;
  createdAt: Date;
};

export function formatTicketNumber(year: number, counter: number): string {
  return `${TICKET_PREFIX}-${year}-${String(counter).padStart(TICKET_COUNTER_DIGITS, "0")}`;
}

/** The year tickets are numbered in: the shop's calendar year (Paris), not the server's zone. */
export function ticketYear(now: Date): number {
  return parisYear(now);
}

/** Next counter of the year: highest existing counter + 1 (no sequence object needed). */
async function nextTicketNumber(tx: Executor, year: number): Promise<string> {
  const prefix = `${TICKET_PREFIX}-${year}-`;
  const [row] = await tx
    .select({
      // Integers inlined: an untyped parameter would pick substring's regular-expression form.
      last: sql<
        number | string | null
      >`max(cast(substring(${supportTickets.ticketNumber} from ${sql.raw(String(prefix.length + 1))}) as integer))`,
    })
    .from(supportTickets)
    .where(sql`${supportTickets.ticketNumber} ~ ${`^${prefix}[0-9]{${TICKET_COUNTER_DIGITS},9}$`}`);
  return formatTicketNumber(year, Number(row?.last ?? 0) + 1);
}

/**
 * Stores a message of the contact form as an open support ticket (category "other", priority
 * "normal"), for the signed-in shopper when there is one. Invalid input is an expected failure,
 * thrown as `invalid_contact` with one French message per field; nothing is stored then.
 */
export async function createContactTicket(db: Executor, input: ContactTicketInput, options: { now?: Date } = {}): Promise<ContactTicket> {
  const parsed = ContactSchema.safeParse({
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
  });
  if (!parsed.success) {
    const fieldErrors: ContactFieldErrors = contactFieldErrors(parsed.error);
    throw invalid("invalid_contact", Object.values(fieldErrors).join(" ; ") || "Message invalide", { fieldErrors });
  }
  const contact = parsed.data;
  const row = await insertNumberedTicket(
    db,
    {
      userId: input.userId,
      contactName: contact.name,
      contactEmail: contact.email,
      subject: contact.subject,
      description: contact.message,
      category: "other",
      priority: "normal",
    },
    options.now ?? new Date(),
  );
  return { id: row.id, ticketNumber: row.ticketNumber, createdAt: row.createdAt };
}

type NewTicket = Pick<
  typeof supportTickets.$inferInsert,
  "userId" | "contactName" | "contactEmail" | "subject" | "description" | "category" | "priority"
>;

/**
 * Inserts an open ticket under the year's next readable number. Numbering is serialised by an
 * advisory lock; if a concurrent writer still takes the number (another database session without
 * the lock), the unique index refuses it and the insert is retried with the next one.
 */
async function insertNumberedTicket(db: Executor, values: NewTicket, now: Date): Promise<TicketRow> {
  const year = ticketYear(now);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(NUMBERING_LOCK_KEY))})`);
        const ticketNumber = await nextTicketNumber(tx, year);
        const [row] = await tx
          .insert(supportTickets)
          .values({
            ...values,
            ticketNumber,
            status: "open",
            lastCustomerMessageAt: now,
            customerReadAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        // The description opens the thread (decision 046).
        await tx.insert(supportTicketMessages).values({
          ticketId: row.id,
          authorType: values.userId ? "customer" : "visitor_email",
          authorId: values.userId ?? null,
          authorLabel: values.contactName ?? null,
          body: values.description,
          createdAt: now,
        });
        return row;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_NUMBERING_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** Security-report urgency -> ticket priority. */
const SECURITY_PRIORITY: Record<string, NewTicket["priority"]> = { low: "normal", medium: "high", high: "urgent" };

/**
 * A ticket of category "security" for a shopper's security report (decision 046), in the caller's
 * transaction: the team answers the reporter in its thread.
 */
export async function openSecurityTicket(
  tx: Executor,
  input: { userId: string; contactEmail: string; issueLabel: string; urgency: string; description: string },
  options: { now?: Date } = {},
): Promise<{ id: string; ticketNumber: string }> {
  const [account] = await tx.select({ name: user.name }).from(user).where(eq(user.id, input.userId));
  const row = await insertNumberedTicket(
    tx,
    {
      userId: input.userId,
      contactName: account?.name || null,
      contactEmail: input.contactEmail,
      subject: `Signalement de sécurité : ${input.issueLabel}`,
      description: input.description,
      category: "security",
      priority: SECURITY_PRIORITY[input.urgency] ?? "high",
    },
    options.now ?? new Date(),
  );
  return { id: row.id, ticketNumber: row.ticketNumber };
}

/* ------------------------------------------------------------------------------------------ */
/* A signed-in shopper's tickets ("Support Client" tab and /api/v1/support-tickets)            */
/* ------------------------------------------------------------------------------------------ */

export const TICKET_NOT_FOUND_MESSAGE = "Ticket introuvable";

type TicketRow = typeof supportTickets.$inferSelect;

/*
 * Refusals are thrown as domain errors (~/domain/errors): `invalid_ticket` (with a message per
 * field) and `not_found`.
 */
const ticketNotFound = () => notFound("not_found", TICKET_NOT_FOUND_MESSAGE);

export function toSupportTicketView(row: TicketRow): SupportTicketView {
  return {
    id: row.id,
    ticket_number: row.ticketNumber,
    subject: row.subject,
    description: row.description,
    category: row.category as SupportTicketView["category"],
    priority: row.priority as SupportTicketView["priority"],
    status: row.status as SupportTicketView["status"],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    unread: isAfter(row.lastAdminMessageAt, row.customerReadAt),
  };
}

/** Whether a message time is after a read marker (no marker: never read). */
export function isAfter(message: Date | null, readAt: Date | null): boolean {
  if (!message) return false;
  return !readAt || message.getTime() > readAt.getTime();
}

/** The user's tickets, newest first (contact-form messages sent while signed in included). */
export async function listTickets(db: Executor, userId: string): Promise<SupportTicketView[]> {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.ticketNumber));
  return rows.map(toSupportTicketView);
}

/** One of the user's own tickets, or null (unknown or malformed id, or someone else's). */
export async function getTicket(db: Executor, userId: string, id: string): Promise<SupportTicketView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)))
    .limit(1);
  return row ? toSupportTicketView(row) : null;
}

/**
 * Opens a ticket for a signed-in shopper: subject and description required, category "other"
 * and priority "normal" unless chosen, status "open", next readable number. The account's name
 * and e-mail are copied as the contact, so the team can answer without another lookup.
 */
export async function createTicket(db: Executor, userId: string, input: unknown, options: { now?: Date } = {}): Promise<SupportTicketView> {
  const body = input && typeof input === "object" && !Array.isArray(input) ? input : {};
  const parsed = SupportTicketSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: SupportTicketFieldErrors = supportTicketFieldErrors(parsed.error);
    throw invalid("invalid_ticket", Object.values(fieldErrors).join(" ; ") || "Ticket invalide", { fieldErrors });
  }
  const [account] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  if (!account) throw notFound("not_found", "Utilisateur introuvable");
  const ticket = parsed.data;
  const row = await insertNumberedTicket(
    db,
    {
      userId,
      contactName: account.name || null,
      contactEmail: account.email,
      subject: ticket.subject,
      description: ticket.description,
      category: ticket.category,
      priority: ticket.priority,
    },
    options.now ?? new Date(),
  );
  return toSupportTicketView(row);
}

/* ------------------------------------------------------------------------------------------ */
/* The administrator's view of every ticket (/admin/tickets)                                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * Every ticket, newest first, one page at a time, optionally of one status. The customer is the
 * account when there is one (its current name and e-mail), else the contact the visitor typed.
 * A page past the end shows the last page.
 */
export async function listAllTickets(
  db: Executor,
  query: { status?: AdminTicketFilter; category?: string; priority?: string; page?: number; pageSize?: number } = {},
): Promise<AdminTicketPage> {
  const pageSize = query.pageSize ?? ADMIN_TICKETS_PAGE_SIZE;
  const where = and(
    query.status && query.status !== "all" ? eq(supportTickets.status, query.status) : undefined,
    query.category && query.category !== "all" ? eq(supportTickets.category, query.category) : undefined,
    query.priority && query.priority !== "all" ? eq(supportTickets.priority, query.priority) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(supportTickets).where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1)), pageCount);
  const rows = await db
    .select({ ticket: supportTickets, accountName: user.name, accountEmail: user.email })
    .from(supportTickets)
    .leftJoin(user, eq(user.id, supportTickets.userId))
    .where(where)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.ticketNumber))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map(({ ticket, accountName, accountEmail }): AdminTicketRow => {
      const view = toSupportTicketView(ticket);
      return {
        id: view.id,
        ticket_number: view.ticket_number,
        subject: view.subject,
        description: view.description,
        customer_name: accountName || ticket.contactName || null,
        email: accountEmail ?? ticket.contactEmail ?? null,
        has_account: ticket.userId !== null,
        category: view.category,
        priority: view.priority,
        status: view.status,
        created_at: view.created_at,
        unread: isAfter(ticket.lastCustomerMessageAt, ticket.adminReadAt),
      };
    }),
    total: Number(total),
    page,
    page_size: pageSize,
    page_count: pageCount,
  };
}

/**
 * The administrator moves a ticket to open, in_progress, resolved or closed; any status may
 * follow any other (the spec gives no transitions). The shopper sees it in "Support Client".
 */
export async function setTicketStatus(
  db: Executor,
  actor: AdminActor,
  input: { ticketId: unknown; status: unknown },
): Promise<SupportTicketView> {
  const parsed = AdminTicketStatusSchema.safeParse(input);
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === "ticketId")) throw ticketNotFound();
    throw invalid("invalid_ticket", TICKET_STATUS_INVALID_MESSAGE);
  }
  const { ticketId, status } = parsed.data;
  if (!isUuid(ticketId)) throw ticketNotFound();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for("update");
    if (!before) throw ticketNotFound();
    const [row] = await tx.update(supportTickets).set({ status, updatedAt: new Date() }).where(eq(supportTickets.id, ticketId)).returning();
    await recordAdminChange(tx, actor, {
      action: "ticket.status_change",
      entityType: "ticket",
      entityId: row.id,
      summary: `Ticket ${row.ticketNumber} : ${before.status} -> ${row.status}`,
      before: { status: before.status },
      after: { status: row.status },
    });
    return toSupportTicketView(row);
  });
}

/** The erasure of an account (RGPD art. 17): the user's own tickets; visitor tickets (user_id NULL) stay. */
export async function eraseTicketsOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(supportTickets).where(eq(supportTickets.userId, userId));
}
