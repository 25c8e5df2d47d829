/**
 * The activity log's only writer (decision 045). Every back-office or admin-API change records
 * one entry in the transaction that makes the change, so the log holds exactly what happened.
 * Values are copied with their secrets masked: the log never holds a password, token, card number
 * or code's secret even when a caller passes a whole row.
 */
import { lt } from "drizzle-orm";
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
