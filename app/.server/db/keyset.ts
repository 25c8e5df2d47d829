import type { AnyColumn, SQL } from "drizzle-orm";
import { keysetMillisConditions, keysetMillisOrder } from "./keyset-millis";

/**
 * Keyset paging over (updated_at, id) for the admin API's lists (decision 049): the conditions
 * that keep rows after the cursor and updated at or after `updatedSince`, and the order that
 * goes with them. A module passes its own columns; the API layer parses the cursor. Compared at
 * the millisecond, as the cursor holds it (keyset-millis.ts says why).
 */
export type KeysetWindow = { after: { updatedAt: Date; id: string } | null; updatedSince: Date | null };

export function keysetConditions(updatedAt: AnyColumn, id: AnyColumn, window: KeysetWindow): SQL[] {
  return keysetMillisConditions(updatedAt, id, window);
}

export function keysetOrder(updatedAt: AnyColumn, id: AnyColumn): SQL[] {
  return keysetMillisOrder(updatedAt, id);
}
