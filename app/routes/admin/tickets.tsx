import type { Route } from "./+types/tickets";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { listAllTickets, setTicketStatus } from "~/.server/modules/support/support.service";
import { listSecurityReports } from "~/.server/modules/accounts/security.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { readAdminTicketQuery } from "~/domain/support/admin-tickets.schema";
import { AdminTicketsView } from "~/features/admin/components/admin-tickets-view";
import { ticketStatusLabel } from "~/domain/support/support-ticket.schema";
import { readFormFields } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { invalid } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/**
 * Support: every customer's tickets, newest first; the filters (status, category, priority) and
 * the page live in the URL. ?vue=signalements shows the security reports (decision 046).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/tickets");
  // The page offers only what the role may do (the action checks each intent again).
  const may = { write: staffMay(session, "support.write") };
  const params = new URL(request.url).searchParams;
  const query = readAdminTicketQuery(params);
  const db = await getDb();
  if (params.get("vue") === "signalements") {
    const reports = await listSecurityReports(db);
    return { query, may, result: null, reports: reports.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
  }
  const result = await listAllTickets(db, query);
  return { query, may, result, reports: null };
}

/** intent change-status: open, in_progress, resolved or closed. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/tickets");
  if (denied) return denied;
  const form = await readFormFields(request);
  if (form.intent !== "change-status") return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
  return answerAction(async () => {
    const ticket = await setTicketStatus(await getDb(), adminActorOf(session), { ticketId: form.ticketId, status: form.status });
    return { data: { ticketId: ticket.id }, message: `Ticket ${ticket.ticket_number} : ${ticketStatusLabel(ticket.status)}` };
  });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Support | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminTickets({ loaderData }: Route.ComponentProps) {
  return <AdminTicketsView query={loaderData.query} result={loaderData.result} reports={loaderData.reports} may={loaderData.may} />;
}

export const ErrorBoundary = RouteErrorBoundary;
