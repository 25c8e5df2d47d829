import type { Route } from "./+types/product";
import { apiLoader, dataResponse, found } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { getProduct } from "~/.server/modules/catalog/catalog.service";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** GET /api/v1/products/:id: one product with its variants, publicly cached for a few seconds. */
export const loader = apiLoader(async ({ params }: Route.LoaderArgs) => {
  return dataResponse(found(await getProduct(await getDb(), params.id), SHOP_MESSAGES.productNotFound), { maxAge: 30 });
});
