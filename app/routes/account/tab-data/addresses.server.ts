import type { Database } from "~/.server/db/client";

/** Data of the dashboard's addresses tab (placeholder until issue 4 fills it). */
export async function loadAddressesTab(_db: Database, _userId: string) {
  return null;
}
