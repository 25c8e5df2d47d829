import { data } from "react-router";
import type { Route } from "./+types/ticket";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { setTicketStatus } from "~/.server/modules/support/support.service";
import { addInternalNote, openTicketForAdmin, replyAsAdmin } from "~/.server/modules/support/ticket-thread.service";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { ticketStatusLabel } from "~/domain/support/support-ticket.schema";
import type { TicketStatusAnswer } from "~/domain/support/admin-tickets.schema";
import { AdminTicketDetailView } from "~/features/admin/components/admin-ticket-detail";
import { readFormFields } from "~/.server/forms";
import { answeringRouteAction } from "~/.server/error-responses";
import { isDomainError } from "~/domain/errors";

/** One ticket with its whole thread (internal notes included); opening it marks it read for the team. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { detail: await openTicketForAdmin(await getDb(), params.id) };
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found") throw data(error.message, { status: 404 });
    throw error;
  }
}

/** intent reply (e-mail + notification to the customer), note (internal only) or change-status. */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const actor = adminActorOf(session);
  const form = await readFormFields(request);
  const ticketId = params.id;
  if (form.intent !== "reply" && form.intent !== "note" && form.intent !== "change-status") {
    return data<TicketStatusAnswer>({ ok: false, message: "Une erreur est survenue" }, { status: 400 });
  }
  return answeringRouteAction<TicketStatusAnswer & { intent?: string }>(
    async () => {
      const db = await getDb();
      if (form.intent === "reply") {
        const { mailedTo } = await replyAsAdmin(db, actor, { ticketId, body: form.body });
        return { ok: true, intent: "reply", message: mailedTo ? `Réponse envoyée à ${mailedTo}` : "Réponse enregistrée" };
      }
      if (form.intent === "note") {
        await addInternalNote(db, actor, { ticketId, body: form.body });
        return { ok: true, intent: "note", message: "Note interne ajoutée" };
      }
      const ticket = await setTicketStatus(db, actor, { ticketId, status: form.status });
      return { ok: true, intent: "change-status", message: `Ticket ${ticket.ticket_number} : ${ticketStatusLabel(ticket.status)}` };
    },
    (error) => ({ ok: false, intent: typeof form.intent === "string" ? form.intent : undefined, message: error.message }),
  );
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ data: loaderData }: Route.MetaArgs) {
  const number = loaderData?.detail.ticket.ticket_number ?? "Ticket";
  return [{ title: `${number} | Support | Administration | Aurore` }, { name: "robots", content: "noindex" }];
}

export default function AdminTicket({ loaderData }: Route.ComponentProps) {
  return <AdminTicketDetailView detail={loaderData.detail} />;
}

export const ErrorBoundary = RouteErrorBoundary;
