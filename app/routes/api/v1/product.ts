import type { Route } from "./+types/product";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { getProduct } from "~/.server/modules/catalog/catalog.service";

export async function loader({ params }: Route.LoaderArgs) {
  const product = await getProduct(await getDb(), params.id);
  if (!product) return jsonError(404, "not_found", "Produit introuvable");
  return jsonOk({ data: product }, { maxAge: 30 });
}
