import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

export const RelayPointSchema = z
  .object({
    id: z.string().describe("Pass it as relay_point_id to POST /api/v1/orders"),
    name: z.string(),
    street: z.string(),
    postal_code: z.string(),
    city: z.string(),
    opening_hours: z.string(),
    distance_km: z.number(),
    carrier: z.string().optional().describe("The carrier that runs the point: demo, colissimo or mondialrelay"),
    carrier_point_id: z.string().optional().describe("The carrier's own id of the point"),
    country_code: z.string().optional(),
  })
  .meta({ id: "RelayPoint" });

export const RelayPointsResponseSchema = z.object({ data: z.array(RelayPointSchema) }).meta({ id: "RelayPoints" });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/relay-points",
    summary:
      "Points relais près d'un code postal de France métropolitaine ou de Corse, du plus proche au plus éloigné, donnés par le transporteur du mode « Point relais ». Avec delivery_postal_code, seuls les points livrables pour cette adresse. Liste vide pour un code inconnu ou hors zone.",
    tags: ["Livraison"],
    query: z.object({
      postal_code: z.string().describe("Five-digit French postal code"),
      city: z.string().optional().describe("The town, which carriers use to tell apart the towns of one postal code"),
      delivery_postal_code: z.string().optional().describe("The delivery address's postal code: only points valid for it"),
    }),
    responses: {
      200: { description: "Points relais", schema: RelayPointsResponseSchema },
      400: { description: "Code postal mal formé", schema: ApiErrorSchema },
      502: { description: "Le service du transporteur ne répond pas : « Service momentanément indisponible »", schema: ApiErrorSchema },
    },
    auth: "none",
  },
];
