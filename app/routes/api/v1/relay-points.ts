import type { Route } from "./+types/relay-points";
import { apiLoader } from "~/.server/api/route";
import { jsonOk } from "~/.server/http";
import { getRelayPointProvider } from "~/.server/modules/delivery/relay-points.service";
import { invalid } from "~/domain/errors";
import { RELAY_SEARCH_POSTAL_CODE_MESSAGE } from "~/domain/delivery/relay-points";

/**
 * GET /api/v1/relay-points?postal_code=: relay points near a postal code, nearest first. The
 * directory only changes with a release (or the carrier's API behind the provider), so answers
 * are cached an hour.
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const code = (new URL(request.url).searchParams.get("postal_code") ?? "").trim().slice(0, 10);
  if (!/^[0-9]{5}$/.test(code)) {
    throw invalid("invalid_postal_code", RELAY_SEARCH_POSTAL_CODE_MESSAGE, { field: "postal_code" });
  }
  return jsonOk({ data: await getRelayPointProvider().search(code) }, { maxAge: 3600 });
});
