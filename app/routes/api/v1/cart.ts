import type { Route } from "./+types/cart";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction, apiLoader, dataResponse, everyIssue, readValidJson, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { clearCart, extendCart, getCart, mergeCart, quoteCartLines, replaceCart } from "~/.server/modules/cart/cart.service";
import { CartLinesSchema, CartQuoteQuerySchema } from "~/domain/cart/cart.schema";

const everyDistinctIssue = everyIssue({ distinct: true });

/**
 * GET /api/v1/cart: the signed-in shopper's cart, priced from the catalogue.
 * GET /api/v1/cart?variants=a,b (&ids=c,d): current price, stock and availability of those
 * variants (and one-variant products), for anyone (the browser cart of a visitor refreshes its
 * lines with it).
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  if (url.searchParams.has("ids") || url.searchParams.has("variants")) {
    const query = validate(
      CartQuoteQuerySchema,
      { ids: url.searchParams.get("ids") ?? undefined, variants: url.searchParams.get("variants") ?? undefined },
      everyDistinctIssue,
      "invalid_query",
    );
    return dataResponse({
      products: await quoteCartLines(await getDb(), { productIds: query.ids ?? [], variantIds: query.variants ?? [] }),
    });
  }
  const session = await requireApiUser(request);
  return dataResponse(await getCart(await getDb(), session.user.id));
});

/** PUT: replace (or merge at sign-in) the lines; PATCH: 6 more hours; DELETE: empty the cart. */
export const action = apiAction({
  PUT: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const { lines, mode, merge_id: mergeId } = await readValidJson(request, CartLinesSchema, everyDistinctIssue);
    const db = await getDb();
    const cart =
      mode === "merge" ? await mergeCart(db, session.user.id, lines, { mergeId }) : await replaceCart(db, session.user.id, lines);
    return dataResponse(cart);
  },
  PATCH: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    return dataResponse(await extendCart(await getDb(), session.user.id));
  },
  DELETE: async ({ request }: Route.ActionArgs) => {
    const session = await requireApiUser(request);
    const db = await getDb();
    await clearCart(db, session.user.id);
    return dataResponse(await getCart(db, session.user.id));
  },
});
