import { z } from "zod";
import { AddressSchema, AddressActionSchema } from "~/features/addresses/address.schema";

/** Response shapes of /api/v1/addresses, for the generated OpenAPI document. */
export const SavedAddressSchema = z
  .object({
    id: z.uuid(),
    type: z.string().describe("Always 'shipping'"),
    label: z.string().nullable(),
    is_default: z.boolean().describe("Exactly one default per non-empty address book"),
    first_name: z.string(),
    last_name: z.string(),
    company: z.string().nullable(),
    address_line_1: z.string(),
    address_line_2: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    postal_code: z.string(),
    country: z.string(),
    phone: z.string(),
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
    label: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    company: z.string().nullable(),
    address_line_1: z.string(),
    address_line_2: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    postal_code: z.string(),
    country: z.string(),
    phone: z.string(),
    is_default: z.boolean().describe("true makes it the default; false on the default is ignored"),
  })
  .partial();

export const AddressCreateBodySchema = AddressSchema;
export const AddressActionBodySchema = AddressActionSchema;
