/**
 * The activity log's only writer (decision 045). Every back-office or admin-API change records
 * one entry in the transaction that makes the change, so the log holds exactly what happened.
 * Values are copied with their secrets masked: the log never holds a password, token, card number
 * or code's secret even when a caller passes a whole row.
 */
import { and, asc, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import { containingPattern } from "~/lib/like-pattern";
import { addParisDays, parisDayStart } from "~/lib/paris-time";
import { ACTIVITY_PAGE_SIZE, type ActivityPage, type ActivityQuery } from "~/domain/activity-log/activity-log";
import type { Executor } from "~/.server/db/client";
import { adminActivityLog } from "~/.server/db/schema";

/** Who made the change: an administrator's session or an API key. */
export type AdminActor = { type?: "user" | "api_key"; id: string | null; label: string };

export type AdminActionEntry = {
  actor: AdminActor;
  action: string;
  entityType: string;
  entityId?: string | null;
  summary?: string;
  before?: unknown;
  after?: unknown;
};

export const ACTIVITY_RETENTION_DAYS = 365;
const SUMMARY_MAX = 500;

/** Keys whose values never reach the log. */
const SECRET_KEY = /pass(word)?|secret|token|cvc|cvv|card_?number|^number$|otp|totp|backup_?codes?|hash/i;

/** A JSON-safe copy with secrets masked, dates as ISO strings, long strings cut. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string") return value.length > 2000 ? `${value.slice(0, 2000)}…` : value;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (depth > 6) return "…";
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => maskSecrets(v, depth + 1));
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      out[key] = SECRET_KEY.test(key) ? "•••" : maskSecrets(v, depth + 1);
    }
    return out;
  }
  return String(value);
}

/** Records one change; call it with the transaction that makes the change. */
export async function recordAdminAction(tx: Executor, entry: AdminActionEntry): Promise<void> {
  await tx.insert(adminActivityLog).values({
    actorType: entry.actor.type ?? "user",
    actorId: entry.actor.id,
    actorLabel: entry.actor.label.slice(0, 254),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: (entry.summary ?? "").slice(0, SUMMARY_MAX),
    before: entry.before === undefined ? null : maskSecrets(entry.before),
    after: entry.after === undefined ? null : maskSecrets(entry.after),
  });
}

/**
 * Records the entry when an actor is given. Services take an optional actor so seeds, jobs and
 * the shopper's own paths (which are not administrator actions) log nothing; every back-office
 * route and admin API route passes one (decision 048).
 */
export async function recordAdminActionBy(
  tx: Executor,
  actor: AdminActor | undefined,
  entry: Omit<AdminActionEntry, "actor">,
): Promise<void> {
  if (actor) await recordAdminAction(tx, { ...entry, actor });
}

/**
 * The fields that differ between two versions of a record, as `{ before, after }` holding only
 * those fields (compared as JSON, so dates and nested values compare by value).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(maskSecrets(before[key])) === JSON.stringify(maskSecrets(after[key]))) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return { before: b, after: a };
}

/** Deletes entries older than the retention (one year); returns how many went. */
export async function purgeOldAdminActions(db: Executor, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ACTIVITY_RETENTION_DAYS * 24 * 3600 * 1000);
  const deleted = await db.delete(adminActivityLog).where(lt(adminActivityLog.occurredAt, cutoff)).returning({ id: adminActivityLog.id });
  return deleted.length;
}

/** The actor of an administrator's session (`requireAdmin`'s answer). */
export function adminActorOf(session: { user: { id: string; email: string } }): AdminActor {
  return { type: "user", id: session.user.id, label: session.user.email };
}

/**
 * The user id to keep as an author where a table points at the user table (status history,
 * stock movements, return receptions): an API key is no user, so none (decision 049).
 */
export function userIdOfActor(actor: AdminActor): string | null {
  return actor.type === "api_key" ? null : actor.id;
}

/**
 * The Journal d'activité: entries newest first, filtered by actor (id, or part of the e-mail or
 * key name), entity type, action, Paris days (inclusive) and entity id; with the choices the
 * filters offer (actors, types and actions that occur).
 */
export async function listAdminActions(db: Executor, query: ActivityQuery): Promise<ActivityPage> {
  const t = adminActivityLog;
  const where: SQL[] = [];
  if (query.actor) {
    const byLabel = ilike(t.actorLabel, containingPattern(query.actor));
    where.push(sql`(${t.actorId} = ${query.actor} or ${byLabel})`);
  }
  if (query.entity) where.push(eq(t.entityType, query.entity));
  if (query.action) where.push(eq(t.action, query.action));
  if (query.entityId) where.push(eq(t.entityId, query.entityId));
  if (query.from) where.push(gte(t.occurredAt, parisDayStart(query.from)));
  if (query.to) where.push(lt(t.occurredAt, parisDayStart(addParisDays(query.to, 1))));
  const filter = where.length > 0 ? and(...where) : undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .where(filter);
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select()
    .from(t)
    .where(filter)
    .orderBy(desc(t.occurredAt), desc(t.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE);
  const [actors, types, actions] = await Promise.all([
    db.selectDistinct({ id: t.actorId, label: t.actorLabel }).from(t).orderBy(asc(t.actorLabel)).limit(200),
    db.selectDistinct({ v: t.entityType }).from(t).orderBy(asc(t.entityType)),
    db.selectDistinct({ v: t.action }).from(t).orderBy(asc(t.action)),
  ]);
  return {
    total,
    page,
    page_count: pageCount,
    actors,
    entity_types: types.map((r) => r.v),
    actions: actions.map((r) => r.v),
    entries: rows.map((r) => ({
      id: r.id,
      occurred_at: r.occurredAt.toISOString(),
      actor_type: r.actorType,
      actor_id: r.actorId,
      actor_label: r.actorLabel,
      action: r.action,
      entity_type: r.entityType,
      entity_id: r.entityId,
      summary: r.summary,
      before: r.before,
      after: r.after,
    })),
  };
}
