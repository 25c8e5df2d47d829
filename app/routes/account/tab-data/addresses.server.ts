import type { Database } from "~/.server/db/client";
import { listAddresses } from "~/.server/modules/addresses/addresses.service";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import { log } from "~/.server/logger";

export type AddressesTabData = { addresses: SavedAddressView[] | null };

/** Data of the dashboard's addresses tab; null addresses when they could not be read. */
export async function loadAddressesTab(db: Database, userId: string): Promise<AddressesTabData> {
  try {
    return { addresses: await listAddresses(db, userId) };
  } catch (error) {
    log.error({ err: error }, "dashboard: addresses could not be loaded");
    return { addresses: null };
  }
}
