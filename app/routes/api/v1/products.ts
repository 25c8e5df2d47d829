import type { Route } from "./+types/products";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { listProducts } from "~/.server/modules/catalog/catalog.service";
import { ProductListQuerySchema, searchParamsToObject } from "~/domain/catalog/catalog.schema";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = ProductListQuerySchema.safeParse(searchParamsToObject(url.searchParams));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ parameter: i.path.join("."), message: i.message }));
    return jsonError(400, "invalid_query", issues.map((i) => i.message).join(" ; "), issues);
  }
  const result = await listProducts(await getDb(), parsed.data, { clampPage: false });
  if (result.unknownCategory) {
    return jsonError(400, "unknown_category", `Catégorie inconnue : ${parsed.data.category}`);
  }
  if (result.pageOutOfRange && result.total > 0) {
    return jsonError(
      400,
      "page_out_of_range",
      `La page ${result.page} n'existe pas : la dernière page est ${result.page_count}.`,
    );
  }
  return jsonOk(
    {
      data: result.items,
      pagination: {
        page: result.page,
        page_size: result.page_size,
        total: result.total,
        page_count: result.page_count,
      },
    },
    { maxAge: 30 },
  );
}
