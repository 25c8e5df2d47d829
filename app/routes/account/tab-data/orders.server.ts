import type { Database } from "~/.server/db/client";

/** Data of the dashboard's orders tab (placeholder until issue 4 fills it). */
export async function loadOrdersTab(_db: Database, _userId: string) {
  return null;
}
