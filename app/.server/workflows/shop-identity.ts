/**
 * Paramètres, "Identité de la boutique": the identity saved and the change recorded in the
 * activity log in one transaction (decision 046).
 */
import type { Database } from "~/.server/db/client";
import { announceInvalidation } from "~/.server/invalidations";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChange } from "~/.server/outbox/events";
import { updateShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import type { ShopIdentity } from "~/domain/settings/shop-identity";

export async function saveShopIdentity(db: Database, actor: AdminActor, input: unknown): Promise<ShopIdentity> {
  const after = await db.transaction(async (tx) => {
    const { before, after } = await updateShopIdentity(tx, input);
    await recordAdminChange(tx, actor, {
      action: "settings.identity_update",
      entityType: "settings",
      entityId: "identity",
      summary: "Identité de la boutique modifiée",
      before,
      after,
    });
    return after;
  });
  // Forgotten again once committed: a read during the transaction may have kept the old identity.
  await announceInvalidation(["settings", "pages"]);
  return after;
}
