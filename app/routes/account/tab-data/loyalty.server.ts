import type { Database } from "~/.server/db/client";
import { getLoyaltySummary } from "~/.server/modules/loyalty/loyalty-summary.service";
import type { LoyaltySummary } from "~/domain/loyalty/loyalty.types";
import { log } from "~/.server/logger";

/**
 * The shopper's Beauty Pass for a page (profile card, dashboard history, /beauty-pass), or null
 * when it could not be read: the page then shows the spec's French fallback, never an error page.
 */
export async function loadLoyaltySummary(db: Database, userId: string): Promise<LoyaltySummary | null> {
  try {
    return await getLoyaltySummary(db, userId);
  } catch (error) {
    log.error({ err: error }, "loyalty: summary failed to load");
    return null;
  }
}

/** Summary is null when it could not be loaded: the history then says "Erreur lors du chargement des transactions". */
export type LoyaltyTabData = { summary: LoyaltySummary | null };

/** Data of the Beauty Pass section of the dashboard's profile tab. */
export async function loadLoyaltyTab(db: Database, userId: string): Promise<LoyaltyTabData> {
  return { summary: await loadLoyaltySummary(db, userId) };
}
