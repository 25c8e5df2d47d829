import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { CARRIERS } from "~/domain/orders/shipping-tracking";
import { DELIVERY_METHOD_CODES } from "~/domain/delivery/delivery-methods";
import { SHIPPING_ZONE_CODES } from "~/domain/delivery/delivery-methods";

const DeliveryOptionSchema = z.object({
  code: z.enum(DELIVERY_METHOD_CODES),
  name: z.string(),
  carrier: z.enum(CARRIERS),
  carrier_label: z.string(),
  fee_cents: z.number().int().describe("What this method costs for the current cart, after the threshold and the Beauty Pass perk"),
  base_fee_cents: z.number().int(),
  free_threshold_cents: z.number().int().nullable(),
  perk: z.enum(["vip", "expert_monthly"]).nullable().describe("The Beauty Pass perk that makes express free"),
  perk_label: z.string().nullable(),
  estimated_date: z.string().describe("Earliest delivery day, YYYY-MM-DD (Paris): working days, cut-off hour, French public holidays"),
  needs_relay_point: z.boolean(),
});

export const DeliveryMethodsResponseSchema = z
  .object({
    data: z.object({
      zone: z.enum(SHIPPING_ZONE_CODES as [string, ...string[]]),
      zone_label: z.string(),
      merchandise_cents: z.number().int(),
      methods: z.array(DeliveryOptionSchema),
    }),
  })
  .meta({ id: "DeliveryMethods" });

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

export function deliveryOperations(): ApiOperation[] {
  return [
    {
      method: "get",
      path: "/api/v1/delivery-methods",
      summary:
        "Modes de livraison proposés pour un code postal et un pays, avec leur prix et leur date de livraison estimée pour le panier en cours (panier et statut Beauty Pass du client connecté ; panier vide pour un visiteur).",
      tags: ["Livraison"],
      query: z.object({
        postal_code: z.string().describe("French postal code (5 digits) or the code of the country"),
        country: z.string().optional().describe("France (default), Belgique, Suisse, Luxembourg or Monaco"),
      }),
      responses: {
        200: { description: "Modes proposés", schema: DeliveryMethodsResponseSchema },
        400: { description: "Code postal inconnu ou pays non desservi", schema: ApiErrorSchema },
      },
      auth: "none",
    },
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
}
