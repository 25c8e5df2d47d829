import type { Route } from "./+types/relay-points";
import { apiLoader } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { getDeliveryMethod } from "~/.server/modules/delivery/delivery-methods.service";
import { searchRelayPoints } from "~/.server/modules/delivery/relay-search.service";
import { shippingZoneOf } from "~/domain/checkout/shipping.rules";
import { invalid } from "~/domain/errors";
import { RELAY_SEARCH_POSTAL_CODE_MESSAGE } from "~/domain/delivery/relay-points";

const POSTAL_CODE = /^[0-9]{5}$/;

/**
 * GET /api/v1/relay-points?postal_code=&city=&delivery_postal_code=: relay points near a postal
 * code, nearest first, from the relay method's carrier (decision 062); with the delivery address's
 * code, only the points the method delivers to for it. Cached ten minutes: points open and close.
 */
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const code = (params.get("postal_code") ?? "").trim().slice(0, 10);
  if (!POSTAL_CODE.test(code)) {
    throw invalid("invalid_postal_code", RELAY_SEARCH_POSTAL_CODE_MESSAGE, { field: "postal_code" });
  }
  const delivery = (params.get("delivery_postal_code") ?? "").trim().slice(0, 10);
  if (delivery && !POSTAL_CODE.test(delivery)) {
    throw invalid("invalid_postal_code", RELAY_SEARCH_POSTAL_CODE_MESSAGE, { field: "delivery_postal_code" });
  }
  const city = (params.get("city") ?? "").trim().slice(0, 60) || null;
  const method = await getDeliveryMethod(await getDb(), "relay");
  const points = await searchRelayPoints(method, {
    postalCode: code,
    city,
    deliveryZone: delivery ? shippingZoneOf("France", delivery) : null,
  });
  return jsonOk({ data: points }, { maxAge: 600 });
});
