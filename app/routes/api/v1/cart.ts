import type { Route } from "./+types/cart";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import {
  clearCart,
  extendCart,
  getCart,
  mergeCart,
  quoteProducts,
  replaceCart,
} from "~/.server/modules/cart/cart.service";
import { CartLinesSchema, CartQuoteQuerySchema } from "~/features/cart/cart.schema";

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
  if (session instanceof Response) return session;
  return jsonOk({ data: await getCart(await getDb(), session.user.id) });
}

/** PUT: replace (or merge at sign-in) the lines; PATCH: 6 more hours; DELETE: empty the cart. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PUT" && request.method !== "PATCH" && request.method !== "DELETE") {
    return jsonError(405, "method_not_allowed", "Méthode non autorisée");
  }
  const session = await requireApiUser(request);
  if (session instanceof Response) return session;
  const db = await getDb();
  const userId = session.user.id;

  if (request.method === "DELETE") {
    await clearCart(db, userId);
    return jsonOk({ data: await getCart(db, userId) });
  }
  if (request.method === "PATCH") return jsonOk({ data: await extendCart(db, userId) });

  const body = await request.json().catch(() => undefined);
  if (body === undefined) return jsonError(400, "invalid_body", "Le corps de la requête doit être du JSON valide");
  const parsed = CartLinesSchema.safeParse(body);
  if (!parsed.success) return invalid("invalid_body", parsed.error.issues);
  const { lines, mode } = parsed.data;
  const cart = mode === "merge" ? await mergeCart(db, userId, lines) : await replaceCart(db, userId, lines);
  return jsonOk({ data: cart });
}
