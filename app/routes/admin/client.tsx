import { data } from "react-router";
import type { Route } from "./+types/client";
import { readStaffForm, requireStaffAction, requireStaffPage } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { updateClientProfile } from "~/.server/modules/accounts/client-profile-admin.service";
import { adjustClientPoints, getAdminClientProfile } from "~/.server/workflows/admin-client";
import { issueGoodwillGiftCard } from "~/.server/modules/gift-cards/gift-cards.service";
import { formatPrice } from "~/lib/money";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { CLIENT_NOT_FOUND_MESSAGE } from "~/domain/customers/admin-clients.schema";
import { AdminClientView } from "~/features/admin/components/admin-client-view";
import { answerAction, refused } from "~/.server/action-result";
import { invalid } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Voir: one client's profile, orders, Beauty Pass and addresses. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/clients/:id");
  const client = await getAdminClientProfile(await getDb(), params.id);
  if (!client) throw data(CLIENT_NOT_FOUND_MESSAGE, { status: 404 });
  // Every intent of the page needs clients.write: without it, the page reads only.
  return { client, writable: staffMay(session, "clients.write") };
}

/** intents: update-profile (Modifier), adjust-points (Beauty Pass), issue-gift-card (decision 048). Envoyer email posts to /admin/clients. */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  const { user } = session;
  const actor = adminActorOf(session);
  const read = await readStaffForm(request, session, "admin/clients/:id");
  if (!read.ok) return read.answer;
  const { form } = read;
  const intent = String(form.get("intent") ?? "");
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const db = await getDb();
  const clientId = params.id;
  if (intent === "update-profile") {
    return answerAction(async () => {
      await updateClientProfile(db, { actorId: user.id, clientId, values, actor });
      return { data: null, message: "Profil du client enregistré" };
    });
  }
  if (intent === "adjust-points") {
    return answerAction(async () => {
      const { balance } = await adjustClientPoints(db, { actorId: user.id, clientId, values, actor });
      return { data: null, message: `Points ajustés : nouveau solde ${balance.toLocaleString("fr-FR")} points` };
    });
  }
  if (intent === "issue-gift-card") {
    return answerAction(async () => {
      const card = await issueGoodwillGiftCard(db, { clientId, values, actor });
      return { data: null, message: `Carte cadeau de ${formatPrice(card.amountCents)} envoyée à ${card.email}` };
    });
  }
  return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ data: loaderData }: Route.MetaArgs) {
  const name = loaderData ? [loaderData.client.first_name, loaderData.client.last_name].filter(Boolean).join(" ") : "Client";
  return [{ title: `${name} | Clients | Administration | Aurore` }, { name: "robots", content: "noindex" }];
}

export default function AdminClient({ loaderData }: Route.ComponentProps) {
  return <AdminClientView client={loaderData.client} writable={loaderData.writable} />;
}

export const ErrorBoundary = RouteErrorBoundary;
