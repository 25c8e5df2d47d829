import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { loginHistory, securityEvents, securityReports, session, supportTickets, user } from "../../db/schema";
import {
  SecurityReportSchema,
  firstIssueMessage,
  type SecurityReportFormInput,
  type SecurityReportInput,
} from "~/domain/account/security.schema";
import { parseUserAgent, type DeviceInfo } from "./user-agent";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** The security events the account area records (spec section 7). */
export const SECURITY_EVENT_TYPES = [
  "password_changed",
  "session_terminated",
  "all_sessions_terminated",
  "2fa_enabled",
  "2fa_disabled",
  "security_report_submitted",
  // Changes an administrator made to the account (the actor is in the metadata).
  "admin_account_created",
  "admin_profile_updated",
  "admin_points_adjusted",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** Where a request came from: the client address and its User-Agent. */
export type RequestOrigin = { ip: string | null; ua: string | null };

export type SecurityEventInput = {
  userId: string;
  eventType: SecurityEventType;
  description?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  metadata?: Record<string, unknown>;
};

export async function recordSecurityEvent(db: Executor, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    userId: event.userId,
    eventType: event.eventType,
    description: event.description ?? null,
    ipAddress: event.ipAddress || null,
    userAgent: event.userAgent || null,
    metadata: event.metadata ?? {},
  });
}

/** A user's security events, newest first (audit and tests). */
export async function listSecurityEvents(db: Executor, userId: string, limit = 50) {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
}

export type SecurityReportResult =
  | { ok: true; report: { id: string; contactEmail: string; urgency: string; issueType: string; description: string } }
  | { ok: false; message: string };

/**
 * Stores a security report of the signed-in user with the request's address and browser, and
 * records the matching security event in the same transaction. Without a contact e-mail the
 * account's e-mail is used. Invalid input is an expected failure, returned with its message.
 */
export async function createSecurityReport(
  db: Executor,
  userId: string,
  input: SecurityReportFormInput | SecurityReportInput,
  origin: RequestOrigin,
): Promise<SecurityReportResult> {
  const parsed = SecurityReportSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error) };
  const report = parsed.data;
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!account) return { ok: false as const, message: ACCOUNT_MESSAGES.userNotSigned };
    const [row] = await tx
      .insert(securityReports)
      .values({
        userId,
        issueType: report.issueType,
        description: report.description,
        contactEmail: report.contactEmail ?? account.email,
        urgency: report.urgency,
        ipAddress: origin.ip || null,
        userAgent: origin.ua || null,
      })
      .returning({
        id: securityReports.id,
        contactEmail: securityReports.contactEmail,
        urgency: securityReports.urgency,
        issueType: securityReports.issueType,
        description: securityReports.description,
      });
    await recordSecurityEvent(tx, {
      userId,
      eventType: "security_report_submitted",
      description: "Rapport de sécurité envoyé",
      ipAddress: origin.ip,
      userAgent: origin.ua,
      metadata: { reportId: row.id, issueType: row.issueType, urgency: row.urgency },
    });
    return { ok: true as const, report: row };
  });
}

/** Links a security report to the support ticket the team answers it in (decision 046). */
export async function linkSecurityReportTicket(tx: Executor, reportId: string, ticketId: string): Promise<void> {
  await tx.update(securityReports).set({ ticketId }).where(eq(securityReports.id, reportId));
}

export type SecurityReportRow = {
  id: string;
  issueType: string;
  urgency: string;
  description: string;
  contactEmail: string;
  status: string;
  ticketId: string | null;
  userName: string | null;
  createdAt: Date;
};

/** Every security report for the back-office: the most urgent first, then the newest. */
export async function listSecurityReports(db: Executor, limit = 200): Promise<SecurityReportRow[]> {
  return db
    .select({
      id: securityReports.id,
      issueType: securityReports.issueType,
      urgency: securityReports.urgency,
      description: securityReports.description,
      contactEmail: securityReports.contactEmail,
      // The report is answered in its ticket: the ticket's status is the report's.
      status: sql<string>`coalesce(${supportTickets.status}, ${securityReports.status})`,
      ticketId: securityReports.ticketId,
      userName: user.name,
      createdAt: securityReports.createdAt,
    })
    .from(securityReports)
    .leftJoin(user, eq(user.id, securityReports.userId))
    .leftJoin(supportTickets, eq(supportTickets.id, securityReports.ticketId))
    .orderBy(
      sql`case ${securityReports.urgency} when 'high' then 0 when 'medium' then 1 else 2 end`,
      desc(securityReports.createdAt),
      desc(securityReports.id),
    )
    .limit(limit);
}

export type ActiveSession = DeviceInfo & {
  id: string;
  ipAddress: string | null;
  createdAt: Date;
  isCurrent: boolean;
};

/** The user's unexpired sessions, the current one first then newest first. Tokens never leave here. */
export async function listActiveSessions(db: Executor, userId: string, currentSessionId: string | null): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: session.id,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.createdAt));
  const list = rows.map(({ userAgent, ...row }) => ({
    ...row,
    ...parseUserAgent(userAgent),
    ipAddress: row.ipAddress || null,
    isCurrent: row.id === currentSessionId,
  }));
  return [...list.filter((s) => s.isCurrent), ...list.filter((s) => !s.isCurrent)];
}

/** The token of one of the user's own sessions (to revoke it), or null for anyone else's. */
export async function findOwnSessionToken(db: Executor, userId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)));
  return row?.token ?? null;
}

/** Ids of the user's sessions other than the current one. */
export async function listOtherSessionIds(db: Executor, userId: string, currentSessionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentSessionId)));
  return rows.map((r) => r.id);
}

/**
 * The auth library replaces the current session when the password changes or two-factor is
 * switched off: the sign-in's history row follows the new session, so ending it later still
 * marks that row. Only the user's own rows and sessions are touched.
 */
export async function relinkLoginSession(
  db: Executor,
  userId: string,
  oldSessionId: string,
  newSessionToken: string,
): Promise<string | null> {
  const [fresh] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.token, newSessionToken), eq(session.userId, userId)));
  if (!fresh || fresh.id === oldSessionId) return fresh?.id ?? null;
  const [already] = await db
    .select({ id: loginHistory.id })
    .from(loginHistory)
    .where(and(eq(loginHistory.userId, userId), eq(loginHistory.sessionId, fresh.id)))
    .limit(1);
  if (!already) {
    await db
      .update(loginHistory)
      .set({ sessionId: fresh.id })
      .where(and(eq(loginHistory.userId, userId), eq(loginHistory.sessionId, oldSessionId)));
  }
  return fresh.id;
}
