import type { Database } from "~/.server/db/client";
import { listTickets } from "~/.server/modules/support/support.service";
import type { SupportTicketView } from "~/domain/support/support-ticket.schema";
import { log } from "~/.server/logger";

/** tickets is null when they could not be read: the tab then says so and offers to retry. */
export type SupportTabData = { tickets: SupportTicketView[] | null };

/** Data of the dashboard's "Support Client" tab: the shopper's tickets, newest first. */
export async function loadSupportTab(db: Database, userId: string): Promise<SupportTabData> {
  try {
    return { tickets: await listTickets(db, userId) };
  } catch (error) {
    log.error({ err: error }, "dashboard: support tickets could not be loaded");
    return { tickets: null };
  }
}
