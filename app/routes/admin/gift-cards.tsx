import { z } from "zod";
import { text } from "~/lib/safe-text";
import type { Route } from "./+types/gift-cards";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import { disableGiftCard, giftCardLedger, listAdminGiftCards } from "~/.server/modules/gift-cards/gift-cards.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { AdminGiftCardsView } from "~/features/admin/components/admin-gift-cards-view";
import { readFormFields } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { invalid } from "~/domain/errors";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

const QuerySchema = z.object({
  q: text().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  carte: z.uuid().optional().catch(undefined),
});

/** Cartes cadeaux: every card (last 4, amount, balance, status, buyer, expiry), and one card's ledger. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/cartes-cadeaux");
  // The page offers only what the role may do (the action checks each intent again).
  const may = { write: staffMay(session, "gift_cards.write") };
  const params = new URL(request.url).searchParams;
  const query = QuerySchema.parse({ q: params.get("q") ?? "", page: params.get("page") ?? 1, carte: params.get("carte") ?? undefined });
  const db = await getDb();
  const list = await listAdminGiftCards(db, { search: query.q, page: query.page });
  const ledger = query.carte ? await giftCardLedger(db, query.carte) : null;
  return { query, may, list, ledger, ledgerCardId: ledger ? query.carte : null };
}

/** intent disable: the card can no longer pay. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/cartes-cadeaux");
  if (denied) return denied;
  const actor = adminActorOf(session);
  const form = await readFormFields(request);
  if (form.intent !== "disable" || typeof form.giftCardId !== "string") {
    return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
  }
  const giftCardId = form.giftCardId;
  return answerAction(async () => {
    const changed = await disableGiftCard(await getDb(), giftCardId, actor);
    return { data: null, message: changed ? "Carte cadeau désactivée" : "Cette carte cadeau était déjà inactive" };
  });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Cartes cadeaux | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminGiftCards({ loaderData }: Route.ComponentProps) {
  return <AdminGiftCardsView {...loaderData} />;
}

export const ErrorBoundary = RouteErrorBoundary;
