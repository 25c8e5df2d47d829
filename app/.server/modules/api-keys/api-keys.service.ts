/**
 * The admin API's keys (decision 049), the only writer of `api_keys`. A key's secret is 32
 * random bytes after the "aur_live_" prefix, shown once at creation; only its SHA-256 is stored
 * (the secret is random and long, so a fast hash is enough and lets each request find its key by
 * an index lookup). Keys are never cached: every request reads the row, so a revocation or an
 * expiry holds at once in every server process without an invalidation message.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { apiKeys } from "../../db/schema";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { hitFormLimit, type RateLimitResult } from "../../limits/form-limits";
import {
  API_KEY_EXPIRY_MESSAGE,
  API_KEY_NOT_FOUND_MESSAGE,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  API_KEYS_MAX,
  API_KEYS_TOO_MANY_MESSAGE,
  ApiKeyFormSchema,
  describeScopes,
  type ApiKeyView,
} from "~/domain/api-keys/api-keys";
import { conflict, invalid, notFound } from "~/domain/errors";
import { addParisDays, parisDay, parisDayStart } from "~/lib/paris-time";
import { isUuid } from "~/lib/uuid";

/** last_used_at is written at most this often per key: a busy connector does not write on every request. */
const LAST_USED_PRECISION_MS = 60_000;

const hashOf = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

type ApiKeyRow = typeof apiKeys.$inferSelect;

function viewOf(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Every key, newest first, revoked and expired ones included (their history stays readable). */
export async function listApiKeys(db: Executor): Promise<ApiKeyView[]> {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(viewOf);
}

/**
 * Creates a key from the form's values; answers the key and its secret, which is never
 * readable again. Refusals: invalid_api_key_form (a message per field), too_many_api_keys.
 */
export async function createApiKey(
  db: Executor,
  values: unknown,
  options: { createdBy: string | null; actor?: AdminActor; now?: Date },
): Promise<{ key: ApiKeyView; secret: string }> {
  const now = options.now ?? new Date();
  const parsed = ApiKeyFormSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
    throw invalid("invalid_api_key_form", Object.values(fieldErrors)[0] ?? API_KEY_EXPIRY_MESSAGE, { fieldErrors });
  }
  const input = parsed.data;
  let expiresAt: Date | null = null;
  if (input.expiresOn) {
    // Valid through the day chosen (Paris): it ends when the next day starts. A day that does not exist, or past, is refused.
    const start = parisDayStart(input.expiresOn);
    if (parisDay(start) !== input.expiresOn || input.expiresOn < parisDay(now)) {
      throw invalid("invalid_api_key_form", API_KEY_EXPIRY_MESSAGE, { fieldErrors: { expires_on: API_KEY_EXPIRY_MESSAGE } });
    }
    expiresAt = parisDayStart(addParisDays(input.expiresOn, 1));
  }
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const prefix = secret.slice(0, API_KEY_PREFIX.length + API_KEY_VISIBLE_CHARS);
  const row = await db.transaction(async (tx) => {
    // Serialises creations so the cap holds under parallel submissions.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('api_keys.create'))`);
    const [{ active }] = await tx
      .select({ active: count() })
      .from(apiKeys)
      .where(and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), sql`${apiKeys.expiresAt} > ${now}`)));
    if (active >= API_KEYS_MAX) throw conflict("too_many_api_keys", API_KEYS_TOO_MANY_MESSAGE);
    const [created] = await tx
      .insert(apiKeys)
      .values({ name: input.name, prefix, secretHash: hashOf(secret), scopes: input.scopes, expiresAt, createdBy: options.createdBy })
      .returning();
    await recordAdminChangeBy(tx, options.actor, {
      action: "api_key.create",
      entityType: "api_key",
      entityId: created.id,
      summary: `Clé API « ${created.name} » créée (${describeScopes(created.scopes)})`,
      after: { name: created.name, prefix: created.prefix, scopes: created.scopes, expires_at: created.expiresAt },
    });
    return created;
  });
  return { key: viewOf(row), secret };
}

/** Revokes a key: refused from the next request on, in every process. Revoking twice changes nothing. */
export async function revokeApiKey(db: Executor, id: string, actor?: AdminActor, now: Date = new Date()): Promise<ApiKeyView> {
  if (!isUuid(id)) throw notFound("api_key_not_found", API_KEY_NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for("update");
    if (!current) throw notFound("api_key_not_found", API_KEY_NOT_FOUND_MESSAGE);
    if (current.revokedAt) return viewOf(current);
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id)).returning();
    await recordAdminChangeBy(tx, actor, {
      action: "api_key.revoke",
      entityType: "api_key",
      entityId: id,
      summary: `Clé API « ${current.name} » révoquée`,
      before: { revoked_at: null },
      after: { revoked_at: now },
    });
    return viewOf(revoked);
  });
}

/** A key a request presented: accepted (the key's id, name and scopes), or why not. */
export type ApiKeyVerdict =
  { ok: true; key: { id: string; name: string; scopes: string[] } } | { ok: false; reason: "invalid" | "revoked" | "expired" };

/**
 * Checks a presented secret: its shape, then its row (by hash), revocation and expiry. An
 * accepted key's last use is noted (at most once a minute, one conditional UPDATE).
 */
export async function verifyApiKey(db: Executor, secret: string, now: Date = new Date()): Promise<ApiKeyVerdict> {
  if (!API_KEY_PATTERN.test(secret)) return { ok: false, reason: "invalid" };
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, hashOf(secret)));
  if (!row) return { ok: false, reason: "invalid" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)))),
    );
  return { ok: true, key: { id: row.id, name: row.name, scopes: row.scopes } };
}

/** Counts one request of this key against its per-minute limit, shared by every server process. */
export function hitApiKeyLimit(db: Executor, keyId: string, now: number = Date.now()): Promise<RateLimitResult> {
  return hitFormLimit(db, "apiKey", keyId, now);
}
