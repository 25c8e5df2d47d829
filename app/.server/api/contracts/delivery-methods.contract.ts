import { z } from "zod";
import { DELIVERY_METHOD_CODES, SHIPPING_ZONE_CODES } from "~/domain/delivery/delivery-methods";
import { CARRIERS } from "~/domain/orders/shipping-tracking";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

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

export const operations: ApiOperation[] = [
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
];
