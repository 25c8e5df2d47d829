/**
 * The shop's identity (app/domain/settings/shop-identity.ts), kept under the `identity` key of
 * `shop_settings`. Until an administrator saves it in Paramètres, the LEGAL_* configuration and the
 * published contact details and hours stand. Every page that shows a contact detail reads it, so it
 * is cached per database handle for a few seconds and forgotten in every process on a save
 * ("settings", decision 038).
 */
import { readSetting, refusedSettings, writeSetting } from "./settings-store";
import type { Executor } from "~/.server/db/client";
import { announceInvalidation, onInvalidation } from "~/.server/invalidations";
import { createDbMemo } from "~/.server/db-memo";
import { getLegalInfo } from "~/.server/legal";
import { log } from "~/.server/logger";
import { remember } from "~/lib/remember";
import { DEFAULT_OPENING_HOURS, ShopIdentitySchema, type ShopIdentity } from "~/domain/settings/shop-identity";

export const SHOP_IDENTITY_KEY = "identity";
export const IDENTITY_TTL_MS = 5_000;
export const DEFAULT_SECURITY_CONTACT_EMAIL = "securite@aurore-beaute.fr";

const identityMemo = createDbMemo<ShopIdentity>({ kind: "settings", name: "shop-identity-reads", ttlMs: IDENTITY_TTL_MS });

/**
 * A copy of the identity for what renders without a database handle at hand (the mail footer,
 * decision 045): read from the process's database at start-up, again after every "settings"
 * invalidation (a save here or in another process, announced once committed), and in the
 * background when older than IDENTITY_TTL_MS.
 */
type Followed = { db?: Executor; value?: ShopIdentity; readAt: number; refreshing?: Promise<void> };
const followed = remember<Followed>("shop-identity-followed", () => ({ readAt: 0 }));

onInvalidation("settings", "shop-identity", () => {
  if (!followed.db) return;
  // Whatever order the announcement's listeners run in, the copy is read afresh.
  identityMemo.forget(followed.db);
  void refreshFollowed();
});

function refreshFollowed(): Promise<void> {
  const db = followed.db;
  if (!db) return Promise.resolve();
  followed.refreshing ??= getShopIdentity(db)
    .then((value) => {
      followed.value = value;
      followed.readAt = Date.now();
    })
    .catch((err: unknown) => log.warn({ err }, "shop identity: refresh failed, the previous copy stays"))
    .finally(() => {
      followed.refreshing = undefined;
    });
  return followed.refreshing;
}

/** Starts keeping the copy of `currentShopIdentity` from this database (the server does at start-up). */
export async function followShopIdentity(db: Executor): Promise<void> {
  followed.db = db;
  followed.refreshing = undefined;
  await refreshFollowed();
}

/** Stops following (the database is closing): the configuration's identity until followed again. */
export function unfollowShopIdentity(): void {
  followed.db = undefined;
  followed.value = undefined;
  followed.readAt = 0;
}

/** The identity as last read by `followShopIdentity`, or the configuration's before (tools, tests). */
export function currentShopIdentity(now: number = Date.now()): ShopIdentity {
  if (followed.db && now - followed.readAt > IDENTITY_TTL_MS) void refreshFollowed();
  return followed.value ?? defaultShopIdentity();
}

/** The identity the configuration gives, before any save in Paramètres. */
export function defaultShopIdentity(): ShopIdentity {
  const legal = getLegalInfo();
  return {
    companyName: legal.companyName,
    legalForm: legal.legalForm,
    address: legal.address,
    rcs: legal.rcs,
    siren: legal.siren,
    shareCapital: legal.shareCapital,
    vatNumber: legal.vatNumber,
    publicationDirector: legal.publicationDirector,
    host: legal.host,
    mediator: legal.mediator,
    contactEmail: legal.email,
    contactPhone: legal.phone,
    openingHours: DEFAULT_OPENING_HOURS,
    securityContactEmail: DEFAULT_SECURITY_CONTACT_EMAIL,
  };
}

export async function getShopIdentity(db: Executor, now: number = Date.now()): Promise<ShopIdentity> {
  return identityMemo.get(
    db,
    "value",
    async () => {
      const value = await readSetting(db, SHOP_IDENTITY_KEY);
      // A stored value is merged over the defaults so a field added later has a value.
      const stored = ShopIdentitySchema.partial().safeParse(value ?? {});
      return { ...defaultShopIdentity(), ...(stored.success ? stored.data : {}) } as ShopIdentity;
    },
    now,
  );
}

/**
 * Paramètres: saves the whole identity. A refused form throws `invalid_shop_identity` with one
 * French message per field; returns the identity before and after (for the activity log).
 */
export async function updateShopIdentity(db: Executor, input: unknown): Promise<{ before: ShopIdentity; after: ShopIdentity }> {
  const parsed = ShopIdentitySchema.safeParse(input ?? {});
  if (!parsed.success) throw refusedSettings("invalid_shop_identity", parsed.error);
  const before = await getShopIdentity(db, 0);
  const after = { ...parsed.data, openingHours: [...parsed.data.openingHours].sort((a, b) => a.weekday - b.weekday) } as ShopIdentity;
  await writeSetting(db, SHOP_IDENTITY_KEY, after);
  identityMemo.forget(db);
  // Contact details and hours appear on anonymous (shared-cached) pages.
  void announceInvalidation(["settings", "pages"]);
  return { before, after };
}
