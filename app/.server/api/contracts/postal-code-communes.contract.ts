import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";

/** Response shape and operation of GET /api/v1/postal-codes/{code}/communes, for the OpenAPI document. */
export const PostalCodeCommunesSchema = z
  .object({
    data: z.object({
      postal_code: z.string(),
      known: z.boolean().describe("Whether the code is in the official list of French postal codes"),
      communes: z.array(z.string()).describe("The communes served by the code, sorted; empty for an unknown code"),
    }),
  })
  .meta({ id: "PostalCodeCommunes" });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/postal-codes/{code}/communes",
    summary:
      "Communes d'un code postal français (liste officielle de La Poste), pour proposer la ville d'une adresse. Un code inconnu ou mal formé donne une liste vide.",
    tags: ["Adresses"],
    pathParams: z.object({ code: z.string().describe("Five-digit French postal code") }),
    responses: { 200: { description: "Communes of the code", schema: PostalCodeCommunesSchema } },
    auth: "none",
  },
];
