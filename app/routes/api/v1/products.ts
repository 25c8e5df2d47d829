import type { Route } from "./+types/products";
import { apiLoader, everyIssue, validate } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { readProductList } from "~/.server/workflows/product-list";
import { ProductListQuerySchema, searchParamsToObject } from "~/domain/catalog/catalog.schema";

/** GET /api/v1/products?category=&search=&sort=&page=&page_size=: one page of the catalogue, each product with its variants. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const query = validate(
    ProductListQuerySchema,
    searchParamsToObject(new URL(request.url).searchParams),
    everyIssue({ key: "parameter" }),
    "invalid_query",
  );
  // Remembered a few seconds per process and forgotten on every write (workflows/product-list.ts).
  const result = await readProductList(await getDb(), query);
  if (result.unknownCategory) {
    return jsonError(400, "unknown_category", `Catégorie inconnue : ${query.category?.join(", ")}`);
  }
  if (result.unknownBrand) {
    return jsonError(400, "unknown_brand", `Marque inconnue : ${query.brand?.join(", ")}`);
  }
  if (result.pageOutOfRange && result.total > 0) {
    return jsonError(400, "page_out_of_range", `La page ${result.page} n'existe pas : la dernière page est ${result.page_count}.`);
  }
  return jsonOk(
    {
      data: result.items,
      pagination: {
        page: result.page,
        page_size: result.page_size,
        total: result.total,
        page_count: result.page_count,
        total_is_lower_bound: result.totalIsLowerBound === true,
      },
    },
    { maxAge: 30 },
  );
});
