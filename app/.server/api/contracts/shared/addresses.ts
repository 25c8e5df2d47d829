import { z } from "zod";
import { text } from "~/lib/safe-text";

/** The saved address as the address book's routes answer it (/api/v1/addresses and /api/v1/addresses/{id}). */
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
