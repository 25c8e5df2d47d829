import { data } from "react-router";
import type { Route } from "./+types/ticket";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { setTicketStatus } from "~/.server/modules/support/support.service";
import { addInternalNote, openTicketForAdmin, replyAsAdmin } from "~/.server/modules/support/ticket-thread.service";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { ticketStatusLabel } from "~/domain/support/support-ticket.schema";
import { AdminTicketDetailView } from "~/features/admin/components/admin-ticket-detail";
import { readFormFields } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { invalid, isDomainError } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** One ticket with its whole thread (internal notes included); opening it marks it read for the team. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/tickets/:id");
  // The page offers only what the role may do (the action checks each intent again).
  const may = { write: staffMay(session, "support.write") };
  try {
    return { detail: await openTicketForAdmin(await getDb(), params.id), may };
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found") throw data(error.message, { status: 404 });
    throw error;
  }
}

/** intent reply (e-mail + notification to the customer), note (internal only) or change-status. */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/tickets/:id");
  if (denied) return denied;
  const actor = adminActorOf(session);
  const form = await readFormFields(request);
  const ticketId = params.id;
  if (form.intent !== "reply" && form.intent !== "note" && form.intent !== "change-status") {
    return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
  }
  return answerAction(async () => {
    const db = await getDb();
    if (form.intent === "reply") {
      const { mailedTo } = await replyAsAdmin(db, actor, { ticketId, body: form.body });
      return { data: null, message: mailedTo ? `Réponse envoyée à ${mailedTo}` : "Réponse enregistrée" };
    }
    if (form.intent === "note") {
      await addInternalNote(db, actor, { ticketId, body: form.body });
      return { data: null, message: "Note interne ajoutée" };
    }
    const ticket = await setTicketStatus(db, actor, { ticketId, status: form.status });
    return { data: null, message: `Ticket ${ticket.ticket_number} : ${ticketStatusLabel(ticket.status)}` };
  });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ data: loaderData }: Route.MetaArgs) {
  const number = loaderData?.detail.ticket.ticket_number ?? "Ticket";
  return [{ title: `${number} | Support | Administration | Aurore` }, { name: "robots", content: "noindex" }];
}

export default function AdminTicket({ loaderData }: Route.ComponentProps) {
  return <AdminTicketDetailView detail={loaderData.detail} may={loaderData.may} />;
}

export const ErrorBoundary = RouteErrorBoundary;
