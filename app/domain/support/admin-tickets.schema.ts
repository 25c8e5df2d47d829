/** Back-office support tickets: list query, status change and the row shape (isomorphic). */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import {
  ALL_TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from "~/domain/support/support-ticket.schema";

export const ADMIN_TICKET_FILTERS = ["all", ...TICKET_STATUSES] as const;
export type AdminTicketFilter = (typeof ADMIN_TICKET_FILTERS)[number];

export const ADMIN_TICKET_CATEGORY_FILTERS = ["all", ...ALL_TICKET_CATEGORIES] as const;
export const ADMIN_TICKET_PRIORITY_FILTERS = ["all", ...TICKET_PRIORITIES] as const;

export const TICKET_STATUS_INVALID_MESSAGE = "Statut de ticket invalide";

/**
 * ?status=&category=&priority=&page= of /admin/tickets. A hand-edited URL with an unknown value falls back to the
 * defaults instead of an error page.
 */
export const AdminTicketQuerySchema = z.object({
  status: z.enum(ADMIN_TICKET_FILTERS).catch("all"),
  category: z.enum(ADMIN_TICKET_CATEGORY_FILTERS).catch("all"),
  priority: z.enum(ADMIN_TICKET_PRIORITY_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
export type AdminTicketQuery = z.infer<typeof AdminTicketQuerySchema>;

export function readAdminTicketQuery(params: URLSearchParams): AdminTicketQuery {
  return AdminTicketQuerySchema.parse({
    status: params.get("status") ?? undefined,
    category: params.get("category") ?? undefined,
    priority: params.get("priority") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** The page's status selector posts this (intent change-status). */
export const AdminTicketStatusSchema = z.object({
  ticketId: text({ error: "Ticket introuvable" }).min(1, { error: "Ticket introuvable" }),
  status: z.enum(TICKET_STATUSES, { error: TICKET_STATUS_INVALID_MESSAGE }),
});

export type AdminTicketRow = {
  id: string;
  ticket_number: string;
  subject: string;
  description: string;
  /** The account's name, else the contact name given in the form; null when neither. */
  customer_name: string | null;
  /** The account's e-mail, else the contact e-mail. */
  email: string | null;
  /** false for a visitor's contact-form message. */
  has_account: boolean;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  created_at: string;
  /** A message of the customer since an administrator last opened the ticket. */
  unread: boolean;
};

export type AdminTicketPage = {
  rows: AdminTicketRow[];
  total: number;
  page: number;
  page_size: number;
  page_count: number;
};
