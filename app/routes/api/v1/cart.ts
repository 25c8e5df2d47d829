import type { Route } from "./+types/cart";
import { requireApiUser } from "~/.server/auth/session.server";
import { apiAction } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk, readJson } from "~/.server/http";
import {
  clearCart,
  extendCart,
  getCart,
  mergeCart,
  quoteProducts,
  replaceCart,
} from "~/.server/modules/cart/cart.service";
import { CartLinesSchema, CartQuoteQuerySchema } from "~/domain/cart/cart.schema";

type Issue = { path: PropertyKey[]; message: string };

function invalid(code: string, issues: readonly Issue[]): Response {
  const details = issues.map((i) => ({ field: i.path.map(String).join("."), message: i.message }));
  const messages = [...new Set(details.map((d) => d.message))];
  return jsonError(400, code, messages.join(" ; "), details);
}

/**
 * GET /api/v1/cart: the signed-in shopper's cart, priced from the catalogue.
 * GET /api/v1/cart?ids=a,b: current price, stock and availability of those products, for anyone
 * (the browser cart of a visitor refreshes its lines with it).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("ids")) {
    const parsed = CartQuoteQuerySchema.safeParse({ ids: url.searchParams.get("ids") });
    if (!parsed.success) return invalid("invalid_query", parsed.error.issues);
    return jsonOk({ data: { products: await quoteProducts(await getDb(), parsed.data.ids) } });
  }
  const session = await requireApiUser(request);
  return jsonOk({ data: await getCart(await getDb(), session.user.id) });
}

/** PUT: replace (or merge at sign-in) the lines; PATCH: 6 more hours; DELETE: empty the cart. */
export const action = apiAction({ PUT: handlePut, PATCH: handlePatch, DELETE: handleDelete });

async function handleDelete({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const db = await getDb();
  await clearCart(db, session.user.id);
  return jsonOk({ data: await getCart(db, session.user.id) });
}

async function handlePatch({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  return jsonOk({ data: await extendCart(await getDb(), session.user.id) });
}

async function handlePut({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request);
  const db = await getDb();
  const userId = session.user.id;
  const body = await readJson(request);
  const parsed = CartLinesSchema.safeParse(body);
  if (!parsed.success) return invalid("invalid_body", parsed.error.issues);
  const { lines, mode } = parsed.data;
  const cart = mode === "merge" ? await mergeCart(db, userId, lines) : await replaceCart(db, userId, lines);
  return jsonOk({ data: cart });
}
