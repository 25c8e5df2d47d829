import type { Route } from "./+types/delivery-methods";
import { apiLoader } from "~/.server/api/route";
import { getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { listDeliveryOptions } from "~/.server/workflows/delivery-options";

/** GET /api/v1/delivery-methods?postal_code=&country=: methods, prices and dates for the current cart. */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const session = await getCurrentSession(request);
  const data = await listDeliveryOptions(await getDb(), {
    userId: session?.user.id ?? null,
    country: (url.searchParams.get("country") ?? "France").slice(0, 40),
    postalCode: (url.searchParams.get("postal_code") ?? "").slice(0, 10),
  });
  return jsonOk({ data });
});
