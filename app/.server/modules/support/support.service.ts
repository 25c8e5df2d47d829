import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { supportTickets } from "../../db/schema";
import {
  ContactSchema,
  contactFieldErrors,
  type ContactFieldErrors,
  type ContactFormValues,
} from "~/features/support/contact.schema";

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

export type ContactTicketResult = { ok: true; ticket: ContactTicket } | { ok: false; fieldErrors: ContactFieldErrors };

export function formatTicketNumber(year: number, counter: number): string {
  return `${TICKET_PREFIX}-${year}-${String(counter).padStart(TICKET_COUNTER_DIGITS, "0")}`;
}

const parisYear = new Intl.DateTimeFormat("fr-FR", { year: "numeric", timeZone: "Europe/Paris" });

/** The year tickets are numbered in: the shop's calendar year (Paris), not the server's zone. */
export function ticketYear(now: Date): number {
  return Number(parisYear.format(now));
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

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Stores a message of the contact form as an open support ticket (category "other", priority
 * "normal"), for the signed-in shopper when there is one. Invalid input is an expected failure,
 * returned with one French message per field; nothing is stored then.
 */
export async function createContactTicket(
  db: Executor,
  input: ContactTicketInput,
  options: { now?: Date } = {},
): Promise<ContactTicketResult> {
  const parsed = ContactSchema.safeParse({
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
  });
  if (!parsed.success) return { ok: false, fieldErrors: contactFieldErrors(parsed.error) };
  const contact = parsed.data;
  const now = options.now ?? new Date();
  const year = ticketYear(now);

  for (let attempt = 1; ; attempt++) {
    try {
      const ticket = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(NUMBERING_LOCK_KEY))})`);
        const ticketNumber = await nextTicketNumber(tx, year);
        const [row] = await tx
          .insert(supportTickets)
          .values({
            ticketNumber,
            userId: input.userId,
            contactName: contact.name,
            contactEmail: contact.email,
            subject: contact.subject,
            description: contact.message,
            category: "other",
            priority: "normal",
            status: "open",
            createdAt: now,
            updatedAt: now,
          })
          .returning({
            id: supportTickets.id,
            ticketNumber: supportTickets.ticketNumber,
            createdAt: supportTickets.createdAt,
          });
        return row;
      });
      return { ok: true, ticket };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_NUMBERING_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
