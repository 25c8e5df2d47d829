import { z } from "zod";
import { text } from "~/lib/safe-text";
import { AddressSchema, AddressActionSchema } from "~/domain/addresses/address.schema";

/** Response shapes of /api/v1/addresses, for the generated OpenAPI document. */
export const SavedAddressSchema = z
  .object({
    id: z.uuid(),
    type: text().describe("Always 'shipping'"),
    label: text().nullable(),
    is_default: z.boolean().describe("Exactly one default per non-empty address book"),
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
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "SavedAddress" });

export const SavedAddressResponseSchema = z.object({ data: SavedAddressSchema });
export const SavedAddressListSchema = z.object({ data: z.array(SavedAddressSchema) });
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

export const AddressCreateBodySchema = AddressSchema;
export const AddressActionBodySchema = AddressActionSchema;
