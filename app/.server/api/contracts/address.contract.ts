import { z } from "zod";
import { text } from "~/lib/safe-text";
import { AddressActionSchema } from "~/domain/addresses/address.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { SavedAddressResponseSchema } from "~/.server/api/contracts/shared/addresses";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

export const AddressDeletedSchema = z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) });

/** PATCH accepts any subset of the fields; the merged address is validated as a whole. */
export const AddressPatchBodySchema = z
  .object({
    label: text().nullable(),
    first_name: text(),
    last_name: text(),
    company: text().nullable(),
    address_line_1: text(),
    address_line_2: text().nullable(),
    city: text(),
    state: text().nullable(),
    postal_code: text(),
    country: text(),
    phone: text(),
    is_default: z.boolean().describe("true makes it the default; false on the default is ignored"),
  })
  .partial();

export const AddressActionBodySchema = AddressActionSchema;

const tags = ["Adresses"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

const notFound = { 404: { description: "Adresse introuvable", schema: ApiErrorSchema } };

const invalid = { 400: { description: "Champs invalides (details: [{ field, message }])", schema: ApiErrorSchema } };

/** Carnet d'adresses (docs/decisions/006-cart-favourites-addresses.md). Someone else's address id reads as unknown: 404. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/addresses/{id}",
    summary: "Une adresse de l'utilisateur connecté",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    responses: { 200: { description: "Adresse", schema: SavedAddressResponseSchema }, ...unauthenticated, ...notFound },
  },
  {
    method: "patch",
    path: "/api/v1/addresses/{id}",
    summary: 'Modifier une adresse ; { "is_default": true } en fait l\'adresse par défaut',
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    body: AddressPatchBodySchema,
    responses: {
      200: { description: "Adresse modifiée", schema: SavedAddressResponseSchema },
      ...invalid,
      ...unauthenticated,
      ...notFound,
    },
  },
  {
    method: "post",
    path: "/api/v1/addresses/{id}",
    summary: 'Action sur une adresse : { "action": "set_default" } en fait l\'adresse par défaut',
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    body: AddressActionBodySchema,
    responses: {
      200: { description: "Nouvelle adresse par défaut", schema: SavedAddressResponseSchema },
      ...invalid,
      ...unauthenticated,
      ...notFound,
    },
  },
  {
    method: "delete",
    path: "/api/v1/addresses/{id}",
    summary: "Supprimer une adresse (l'adresse par défaut ne peut pas être supprimée)",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    responses: {
      200: { description: "Adresse supprimée", schema: AddressDeletedSchema },
      ...unauthenticated,
      ...notFound,
      409: { description: "Adresse par défaut", schema: ApiErrorSchema },
    },
  },
];
