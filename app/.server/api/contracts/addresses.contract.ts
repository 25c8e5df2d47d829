import { z } from "zod";
import { SavedAddressSchema, SavedAddressResponseSchema } from "~/.server/api/contracts/shared/addresses";
import { AddressSchema } from "~/domain/addresses/address.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

export const SavedAddressListSchema = z.object({ data: z.array(SavedAddressSchema) });

export const AddressCreateBodySchema = AddressSchema;

const tags = ["Adresses"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

const invalid = { 400: { description: "Champs invalides (details: [{ field, message }])", schema: ApiErrorSchema } };

/** Carnet d'adresses (docs/decisions/006-cart-favourites-addresses.md). Someone else's address id reads as unknown: 404. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/addresses",
    summary: "Les adresses de l'utilisateur connecté, l'adresse par défaut d'abord",
    tags,
    auth: "session",
    responses: { 200: { description: "Adresses", schema: SavedAddressListSchema }, ...unauthenticated },
  },
  {
    method: "post",
    path: "/api/v1/addresses",
    summary: "Enregistrer une adresse (la première devient l'adresse par défaut ; 20 au maximum)",
    tags,
    auth: "session",
    body: AddressCreateBodySchema,
    responses: {
      201: { description: "Adresse enregistrée", schema: SavedAddressResponseSchema },
      ...invalid,
      ...unauthenticated,
      409: { description: "Limite de 20 adresses atteinte", schema: ApiErrorSchema },
    },
  },
];
