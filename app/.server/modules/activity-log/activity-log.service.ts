/**
 * The activity log's only writer (decision 045). Every back-office or admin-API change records
 * its domain event in the transaction that makes the change, and this log's subscriber writes the
 * entry from it (decision 054), so the log holds exactly what committed. Values are masked
 * (app/domain/activity-log/masking.ts): the log never holds a password, token or card number.
 */
import { and, asc, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import { containingPattern } from "~/lib/like-pattern";
import { addParisDays, parisDayStart } from "~/lib/paris-time";
import { ACTIVITY_PAGE_SIZE, type ActivityPage, type ActivityQuery, type AdminActor } from "~/domain/activity-log/activity-log";
import { changedFields, maskSecrets } from "~/domain/activity-log/masking";
import type { Executor } from "~/.server/db/client";
import { adminActivityLog } from "~/.server/db/schema";

export type { AdminActor };
export { changedFields, maskSecrets };

export type AdminActionEntry = {
  actor: AdminActor;
  action: string;
  entityType: string;
  entityId?: string | null;
  summary?: string;
  before?: unknown;
  after?: unknown;
  /** When the change was made (its domain event's time); now when not given. */
  occurredAt?: Date;
};

export const ACTIVITY_RETENTION_DAYS = 365;
const SUMMARY_MAX = 500;

/**
 * Writes one entry. Changes do not call this: they record a domain event (recordAdminChange in
 * app/.server/outbox/events.ts) and the activity log's subscriber writes the entry from it.
 */
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
    ...(entry.occurredAt ? { occurredAt: entry.occurredAt } : {}),
  });
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
