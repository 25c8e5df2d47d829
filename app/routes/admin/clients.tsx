import type { Route } from "./+types/clients";
import { readStaffForm, requireStaffAction, requireStaffPage } from "~/.server/auth/staff-routes.server";
import { requireRecentSecondFactor, staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { getClientStats, listAdminClients } from "~/.server/modules/accounts/clients-admin.service";
import { deleteClient } from "~/.server/workflows/erase-account";
import { createClient, sendClientMail } from "~/.server/modules/accounts/client-profile-admin.service";
import { getEnv } from "~/.server/env";
import type { ClientCreated } from "~/domain/customers/admin-client-profile.schema";
import { answerAction, refused } from "~/.server/action-result";
import { DomainError, invalid } from "~/domain/errors";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { readAdminClientQuery } from "~/domain/customers/admin-clients.schema";
import { AdminClientsView } from "~/features/admin/components/admin-clients-view";
import { log } from "~/.server/logger";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Gestion des Clients: search, status and page live in the URL so they survive a reload. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/clients");
  const query = readAdminClientQuery(new URL(request.url).searchParams);
  // What the role may do here: the page offers only those buttons (the action checks again).
  const may = {
    write: staffMay(session, "clients.write"),
    erase: staffMay(session, "clients.erase"),
    export: staffMay(session, "clients.export"),
  };
  try {
    const db = await getDb();
    const now = new Date();
    const [stats, result] = await Promise.all([
      getClientStats(db, now),
      listAdminClients(db, { search: query.search, status: query.status, page: query.page, now }),
    ]);
    return { query, may, stats, result, error: null };
  } catch (error) {
    log.error({ err: error }, "admin: clients could not be loaded");
    return { query, may, stats: null, result: null, error: "Erreur lors du chargement des clients" };
  }
}

/**
 * intent delete: the RGPD erasure (orders kept, anonymised; sessions ended).
 * intent send-mail: Envoyer email to one client or the selection (clientId repeated).
 * intent create: Nouveau Client, invited by e-mail to choose a password.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  const { user } = session;
  const actor = adminActorOf(session);
  const read = await readStaffForm(request, session, "admin/clients");
  if (!read.ok) return read.answer;
  const formData = read.form;
  const form = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string"));
  const db = await getDb();
  if (form.intent === "send-mail") {
    const clientIds = formData.getAll("clientId").filter((v): v is string => typeof v === "string");
    return answerAction<ClientCreated | null>(async () => {
      const { sent } = await sendClientMail(db, { actorId: user.id, values: { ...form, clientIds }, actor });
      return { data: null, message: sent === 1 ? "E-mail envoyé" : `E-mail envoyé à ${sent} clients` };
    });
  }
  if (form.intent === "create") {
    return answerAction<ClientCreated | null>(async () => {
      const { clientId } = await createClient(db, { actorId: user.id, values: form, publicUrl: getEnv().publicUrl, actor });
      return { data: { clientId }, message: "Client créé : un e-mail l'invite à définir son mot de passe" };
    });
  }
  const clientId = form.clientId;
  if (form.intent !== "delete" || typeof clientId !== "string")
    return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
  try {
    return await answerAction(async () => {
      // An erasure cannot be undone: the second factor again when it is older than a few minutes.
      await requireRecentSecondFactor(session);
      await deleteClient(db, clientId, actor);
      return { data: null, message: "Client supprimé" };
    });
  } catch (error) {
    log.error({ err: error }, "admin: client deletion failed");
    return refused(new DomainError("failed", "client_deletion_failed", "Erreur lors de la suppression du client"));
  }
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Gestion des Clients | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminClients({ loaderData }: Route.ComponentProps) {
  return <AdminClientsView {...loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
