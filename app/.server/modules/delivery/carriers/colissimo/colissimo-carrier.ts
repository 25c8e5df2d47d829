/**
 * Colissimo behind the shop's CarrierClient (decision 062). Three services of La Poste:
 *
 * - labels: "Colissimo Web Services – Simple Label Solution (SLS) specification" (Colissimo
 *   Shipping Web Service technical document, and its REST/OpenAPI description
 *   `SlsServiceWSRest/2.0`): `generateLabel`, answered in multipart (sls.ts, multipart.ts);
 * - points: "Colissimo Delivery Options (Point Retrait) web service specification",
 *   `findRDVPointRetraitAcheminement` and `findPointRetraitAcheminementByID`, in its REST v2 JSON
 *   form (points.ts);
 * - tracking: "La Poste Suivi v2 API" (developer.laposte.fr, suivi@2), `GET /idships/{idShip}`
 *   with an `X-Okapi-Key` (tracking.ts).
 *
 * The request and answer shapes follow those documents and the carrier's published examples;
 * Colissimo's own shop plug-ins were read to confirm the field names and error codes in use, not
 * copied. Every failure is a CarrierError with a French message for the administrator; no
 * message, and nothing logged here, carries the contract's password or the API key.
 */
import type { CarrierClient, LabelRequest, ReturnLabelRequest } from "~/domain/delivery/carrier";
import { carrierError, redactor } from "./http";
import { findPointById, findPoints, type PointsContext } from "./points";
import { maxWeightGramsOf } from "./products";
import { generateLabel, outboundRequest, returnProductOf, returnRequest, type SlsContext } from "./sls";
import { trackParcel, type TrackingContext } from "./tracking";

export { COLISSIMO_PRODUCTS, type ColissimoProductCode } from "./products";

export type ColissimoConfig = {
  contractNumber: string;
  password: string;
  /** The La Poste developer application's key (X-Okapi-Key), for tracking. */
  trackingApiKey: string;
  /** Base of the label service; `/generateLabel` is added. */
  slsUrl?: string;
  /** Base of the Point Retrait service; the method's name is added. */
  pointsUrl?: string;
  /** Base of the tracking API; `/idships/{number}` is added. */
  trackingUrl?: string;
  timeoutMs?: number;
};

export const COLISSIMO_SLS_URL = "https://ws.colissimo.fr/sls-ws/SlsServiceWSRest/2.0";
export const COLISSIMO_POINTS_URL = "https://ws.colissimo.fr/pointretrait-ws-cxf/rest/v2/pointretrait";
export const LAPOSTE_TRACKING_URL = "https://api.laposte.fr/suivi/v2";

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

export function createColissimoCarrier(config: ColissimoConfig): CarrierClient {
  const timeoutMs = config.timeoutMs ?? 8000;
  const redact = redactor([config.password, config.trackingApiKey]);
  const sls: SlsContext = {
    url: withoutTrailingSlash(config.slsUrl || COLISSIMO_SLS_URL),
    contractNumber: config.contractNumber,
    password: config.password,
    timeoutMs,
    redact,
  };
  const points: PointsContext = {
    url: withoutTrailingSlash(config.pointsUrl || COLISSIMO_POINTS_URL),
    accountNumber: config.contractNumber,
    password: config.password,
    timeoutMs,
    redact,
  };
  const tracking: TrackingContext = {
    url: withoutTrailingSlash(config.trackingUrl || LAPOSTE_TRACKING_URL),
    apiKey: config.trackingApiKey,
    timeoutMs,
    redact,
  };

  return {
    code: "colissimo",
    label: "Colissimo",
    maxWeightGrams: maxWeightGramsOf,
    searchPoints: (search) => findPoints(points, search),
    getPoint: (carrierPointId, countryCode) => findPointById(points, carrierPointId, countryCode),
    createLabel: (request: LabelRequest) => generateLabel(sls, outboundRequest(sls, request), request.format),
    async createReturnLabel(request: ReturnLabelRequest) {
      const productCode = returnProductOf(request.sender);
      if (!productCode) {
        throw carrierError(
          "invalid_request",
          "Colissimo ne peut pas imprimer ce retour : il part d'une destination soumise à une déclaration douanière (CN23), que la demande de retour ne contient pas.",
        );
      }
      return generateLabel(sls, returnRequest(sls, request, productCode), request.format);
    },
    track: (trackingNumber) => trackParcel(tracking, trackingNumber),
  };
}
