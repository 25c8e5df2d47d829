import { data } from "react-router";
import type { Route } from "./+types/clients";
import { requireAdmin } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { deleteClient, getClientStats, listAdminClients } from "~/.server/modules/accounts/clients-admin.service";
import { createClient, sendClientMail } from "~/.server/modules/accounts/client-profile-admin.service";
import { getEnv } from "~/.server/env";
import type { ClientActionAnswer } from "~/features/admin/admin-client-profile.schema";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { readAdminClientQuery, type ClientAnswer } from "~/features/admin/admin-clients.schema";
import { AdminClientsView } from "~/features/admin/components/admin-clients-view";
import { readFormData } from "~/.server/forms";

/** Gestion des Clients: search, status and page live in the URL so they survive a reload. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readAdminClientQuery(new URL(request.url).searchParams);
  try {
    const db = await getDb();
    const now = new Date();
    const [stats, result] = await Promise.all([
      getClientStats(db, now),
      listAdminClients(db, { search: query.search, status: query.status, page: query.page, now }),
    ]);
    return { query, stats, result, error: null };
  } catch (error) {
    console.error(error);
    return { query, stats: null, result: null, error: "Erreur lors du chargement des clients" };
  }
}

/**
 * intent delete: the RGPD erasure (orders kept, anonymised; sessions ended).
 * intent send-mail: Envoyer email to one client or the selection (clientId repeated).
 * intent create: Nouveau Client, invited by e-mail to choose a password.
 */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const formData = await readFormData(request);
  const form = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string"));
  const db = await getDb();
  if (form.intent === "send-mail") {
    const clientIds = formData.getAll("clientId").filter((v): v is string => typeof v === "string");
    const result = await sendClientMail(db, { actorId: user.id, values: { ...form, clientIds } });
    if (!result.ok) return data<ClientActionAnswer>({ ok: false, intent: "send-mail", message: result.message, fieldErrors: result.fieldErrors }, { status: result.status });
    return data<ClientActionAnswer>({
      ok: true,
      intent: "send-mail",
      message: result.sent === 1 ? "E-mail envoyé" : `E-mail envoyé à ${result.sent} clients`,
    });
  }
  if (form.intent === "create") {
    const result = await createClient(db, { actorId: user.id, values: form, publicUrl: getEnv().publicUrl });
    if (!result.ok) return data<ClientActionAnswer>({ ok: false, intent: "create", message: result.message, fieldErrors: result.fieldErrors }, { status: result.status });
    return data<ClientActionAnswer>({
      ok: true,
      intent: "create",
      clientId: result.clientId,
      message: "Client créé : un e-mail l'invite à définir son mot de passe",
    });
  }
  if (form.intent !== "delete" || typeof form.clientId !== "string") {
    return data<ClientAnswer>({ ok: false, message: "Une erreur est survenue" }, { status: 400 });
  }
  try {
    const result = await deleteClient(db, form.clientId);
    if (!result.ok) return data<ClientAnswer>({ ok: false, message: result.message }, { status: result.status });
    return data<ClientAnswer>({ ok: true, message: "Client supprimé" });
  } catch (error) {
    console.error(error);
    return data<ClientAnswer>({ ok: false, message: "Erreur lors de la suppression du client" }, { status: 500 });
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
