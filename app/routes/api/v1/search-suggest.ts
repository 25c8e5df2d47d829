import type { Route } from "./+types/search-suggest";
import { apiLoader } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { suggestSearch } from "~/.server/modules/catalog/search-suggest.service";

/**
 * GET /api/v1/search/suggest?q=: suggestions while typing. Any text is answered (too short, too
 * long or without a word: empty lists), never refused; a minute in the browser and a few seconds
 * in the shop's shared cache, so a shopper typing and erasing costs little.
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return jsonOk(await suggestSearch(await getDb(), q), { maxAge: 60 });
});
