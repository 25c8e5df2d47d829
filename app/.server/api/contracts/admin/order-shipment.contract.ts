import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard, uuidPathParams } from "~/.server/api/contracts/shared/responses";
import { LABEL_FORMATS, TRACKING_EVENT_KINDS } from "~/domain/delivery/carrier";
import { CARRIERS } from "~/domain/orders/shipping-tracking";

const tags = ["Administration"];

export const ShipmentPreparationSchema = z
  .object({
    carrier: z.enum(CARRIERS),
    carrier_label: z.string(),
    product_code: z.string().describe("The carrier's product: DOM, A2P, 24R…"),
    product_label: z.string(),
    max_weight_grams: z.number().int(),
    suggested_weight_grams: z.number().int().describe("The products' weights and the packing"),
    unweighed_units: z.number().int().describe("Units whose product has no weight yet, counted at 300 g"),
    refusal: z.string().nullable().describe("Why no label can be printed for this order, in French; null when one can"),
    shipment: z
      .object({
        tracking_number: z.string(),
        tracking_url: z.string(),
        label_format: z.enum(LABEL_FORMATS),
        created_at: z.iso.datetime(),
        status: z.enum(TRACKING_EVENT_KINDS),
      })
      .nullable(),
  })
  .meta({ id: "ShipmentPreparation" });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/orders/{id}/shipment",
    summary:
      "Administrateur : préparer l'expédition d'une commande : transporteur et produit du mode de livraison, poids proposé d'après les produits, et le colis s'il est déjà imprimé",
    tags,
    auth: "admin_api",
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Préparation", schema: z.object({ data: ShipmentPreparationSchema }) },
      ...adminSessionGuard,
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/orders/{id}/shipment",
    summary:
      "Administrateur : imprimer l'étiquette chez le transporteur ; le numéro de suivi vient de sa réponse et la commande passe « En préparation ». Le suivi la fait passer « Expédiée » puis « Livrée »",
    tags,
    auth: "admin_api",
    pathParams: uuidPathParams,
    body: z.object({
      weight_grams: z.number().int().describe("Between 1 g and the product's maximum"),
      format: z.enum(LABEL_FORMATS).optional().describe("10x15 (default) or A4"),
    }),
    responses: {
      200: { description: "Étiquette imprimée", schema: z.object({ data: ShipmentPreparationSchema }) },
      400: { description: "Poids ou format invalide, ou refus du transporteur (son message)", schema: ApiErrorSchema },
      ...adminSessionGuard,
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
      409: {
        description: "Étiquette déjà imprimée, commande pas expédiable, ou transporteur sans service d'étiquettes",
        schema: ApiErrorSchema,
      },
      502: { description: "Le transporteur ne répond pas : rien n'est changé", schema: ApiErrorSchema },
    },
  },
];
