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
  })
  .meta({ id: "RelayPoint" });

export const RelayPointsResponseSchema = z.object({ data: z.array(RelayPointSchema) }).meta({ id: "RelayPoints" });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/relay-points",
    summary:
      "Points relais près d'un code postal de France métropolitaine ou de Corse, du plus proche au plus éloigné (annuaire de démonstration : noms fictifs, codes postaux réels). Liste vide pour un code inconnu ou hors zone.",
    tags: ["Livraison"],
    query: z.object({ postal_code: z.string().describe("Five-digit French postal code") }),
    responses: {
      200: { description: "Points relais", schema: RelayPointsResponseSchema },
      400: { description: "Code postal mal formé", schema: ApiErrorSchema },
    },
    auth: "none",
  },
];
