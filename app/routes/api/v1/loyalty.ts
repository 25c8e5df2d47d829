import type { Route } from "./+types/loyalty";
import { requireApiUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonError, jsonOk } from "~/.server/http";
import { getLoyaltySummary } from "~/.server/modules/loyalty/loyalty-summary.service";
import { LOYALTY_LOAD_ERROR } from "~/domain/loyalty/loyalty.types";
import { log } from "~/.server/logger";

/** GET /api/v1/loyalty: the signed-in shopper's Beauty Pass (balance, tier, thresholds, latest 20 transactions). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiUser(request);
  try {
    return jsonOk({ data: await getLoyaltySummary(await getDb(), session.user.id) });
  } catch (error) {
    log.error({ err: error }, "api: loyalty summary failed");
    return jsonError(503, "loyalty_unavailable", LOYALTY_LOAD_ERROR);
  }
}
