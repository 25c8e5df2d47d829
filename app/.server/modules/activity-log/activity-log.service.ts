/**
 * The activity log's only writer (decision 045). Every back-office or admin-API change records
 * its domain event in the transaction that makes the change, and this log's subscriber writes the
 * entry from it (decision 054), so the log holds exactly what committed. Values are masked
 * (app/domain/activity-log/masking.ts): the log never holds a password, token or card number.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from "drizzle-orm";
import { containingPattern } from "~/lib/like-pattern";
import { addParisDays, parisDayStart } from "~/lib/paris-time";
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityActor,
  type ActivityPage,
  type ActivityQuery,
  type AdminActor,
} from "~/domain/activity-log/activity-log";
import { activityActionsOfArea, activityAreasOf } from "~/domain/activity-log/areas";
import { changedFields, maskSecrets } from "~/domain/activity-log/masking";
import type { Executor } from "~/.server/db/client";
import { adminActivityLog, user } from "~/.server/db/schema";

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
/** The « Auteur » filter lists at most this many authors, the most recently active. */
const ACTOR_OPTIONS_MAX = 200;

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

/** The actor of an administrator's session (`requireStaff`'s answer). */
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

/** An entry's author as the Journal shows it, from the entry and the account it points at. */
function actorOf(row: { type: string; id: string | null; label: string; name: string | null; email: string | null }): ActivityActor {
  if (row.type === "api_key") return { type: "api_key", value: row.id ?? row.label, name: row.label, email: null };
  const name = row.name?.trim() || row.email || row.label;
  return { type: "user", value: row.id ?? row.label, name, email: row.email };
}

/**
 * The Journal d'activité: entries newest first, filtered by actor (id, or part of the e-mail or
 * key name recorded, or of the staff member's name), area, entity type, action, Paris days
 * (inclusive) and entity id; with the choices the filters offer (actors, areas, types and actions
 * that occur).
 *
 * A staff member is named from their account, read here through a join rather than copied into
 * each entry: the name shown is the current one, a disabled member keeps it (staff are never
 * deleted), and the entry's own label stays what was recorded then.
 */
export async function listAdminActions(db: Executor, query: ActivityQuery): Promise<ActivityPage> {
  const t = adminActivityLog;
  const account = and(eq(t.actorType, "user"), eq(user.id, t.actorId));
  const where: SQL[] = [];
  if (query.actor) {
    const pattern = containingPattern(query.actor);
    where.push(sql`(${t.actorId} = ${query.actor} or ${ilike(t.actorLabel, pattern)} or ${ilike(user.name, pattern)})`);
  }
  if (query.area) {
    const actions = activityActionsOfArea(query.area);
    where.push(actions.length > 0 ? inArray(t.action, actions) : sql`false`);
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
    .leftJoin(user, account)
    .where(filter);
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({ entry: t, name: user.name, email: user.email })
    .from(t)
    .leftJoin(user, account)
    .where(filter)
    .orderBy(desc(t.occurredAt), desc(t.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE);
  // One option per author: an actor without an id (a carrier's tracking) is told by its label.
  const sameActor = sql`case when ${t.actorId} is null then ${t.actorLabel} end`;
  const [actors, types, actions] = await Promise.all([
    db
      .select({ type: t.actorType, id: t.actorId, label: sql<string>`max(${t.actorLabel})`, name: user.name, email: user.email })
      .from(t)
      .leftJoin(user, account)
      .groupBy(t.actorType, t.actorId, sameActor, user.name, user.email)
      .orderBy(sql`max(${t.occurredAt}) desc`)
      .limit(ACTOR_OPTIONS_MAX),
    db.selectDistinct({ v: t.entityType }).from(t).orderBy(asc(t.entityType)),
    db.selectDistinct({ v: t.action }).from(t).orderBy(asc(t.action)),
  ]);
  const actionList = actions.map((r) => r.v);
  return {
    total,
    page,
    page_count: pageCount,
    actors: actors.map(actorOf).sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name, "fr") : a.type === "user" ? -1 : 1)),
    areas: activityAreasOf(actionList, query.area),
    entity_types: types.map((r) => r.v),
    actions: actionList,
    entries: rows.map(({ entry: r, name, email }) => {
      const actor = actorOf({ type: r.actorType, id: r.actorId, label: r.actorLabel, name, email });
      const known = actor.type === "api_key" || email !== null;
      return {
        id: r.id,
        occurred_at: r.occurredAt.toISOString(),
        actor_type: r.actorType,
        actor_id: r.actorId,
        actor_label: r.actorLabel,
        actor_name: known ? actor.name : null,
        actor_email: actor.email,
        action: r.action,
        entity_type: r.entityType,
        entity_id: r.entityId,
        summary: r.summary,
        before: r.before,
        after: r.after,
      };
    }),
  };
}
