import { z } from "zod";
import { text } from "~/lib/safe-text";
import type { Route } from "./+types/gift-cards";
import { requireAdminApi } from "~/.server/api/admin-api";
import { adminListLoader } from "~/.server/api/admin-api-lists";
import { apiAction, dataResponse, firstIssue, readJsonObject, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { issueGoodwillGiftCard, listAdminGiftCards, listAdminGiftCardsSince } from "~/.server/modules/gift-cards/gift-cards.service";

const INVALID_GIFT_CARD_QUERY = "Paramètres de recherche invalides";
const QuerySchema = z.object({
  q: text({ error: INVALID_GIFT_CARD_QUERY }).trim().max(100, { error: "Recherche trop longue (100 caractères au maximum)" }).default(""),
  page: z.coerce
    .number({ error: "Page invalide" })
    .int({ error: "Page invalide" })
    .min(1, { error: "Page invalide" })
    .max(10_000)
    .default(1),
});

/**
 * GET /api/v1/admin/gift-cards?q=&page=: every card (last 4, amount, balance, status, buyer,
 * expiry), newest first. With cursor=, updated_since= or limit=: the walk by last change (an
 * issue, a use, a refund, a disabling), decision 049.
 */
export const loader = adminListLoader(
  "promotions",
  (params, db) => ({
    ids: "uuid",
    walk: (window) => listAdminGiftCardsSince(db, window),
    pages: async () => {
      const query = validate(QuerySchema, Object.fromEntries(params), firstIssue(INVALID_GIFT_CARD_QUERY), "invalid_query");
      return dataResponse(await listAdminGiftCards(db, { search: query.q, page: query.page }));
    },
  }),
  // A key reads the cards with promotions:read; a session needs the gift cards' own permission.
  "gift_cards.read",
);

/**
 * POST /api/v1/admin/gift-cards {client_id, amount (euros), reason, message}: 'Offrir une carte
 * cadeau', the goodwill card of the client's page: e-mailed to the client, no order (201).
 */
export const action = apiAction({
  POST: async ({ request }: Route.ActionArgs) => {
    const { actor } = await requireAdminApi(request, "promotions", "write", "gift_cards.write");
    const body = await readJsonObject(request);
    // No client_id (or not a client's) is the service's 404 "Client introuvable".
    const clientId = typeof body.client_id === "string" ? body.client_id : "";
    // The form posts text: a number sent as JSON is read as the same euros.
    const amount = typeof body.amount === "number" ? String(body.amount) : body.amount;
    const card = await issueGoodwillGiftCard(await getDb(), { clientId, values: { ...body, amount }, actor });
    return dataResponse({ id: card.id, last4: card.last4, amount_cents: card.amountCents, email: card.email }, { status: 201 });
  },
});
