import { data, redirect } from "react-router";
import { getDb } from "../db";
import { revealingOutage } from "../db/availability";
import { authOptionsFromEnv, createAuth, type Auth } from "./auth.server";
import { ensureAdministrator } from "./admin-bootstrap";
import { memoizeForRequest } from "../request-scope";
import { createReadMemo } from "../read-memo";
import { remember } from "~/lib/remember";
import { noteSignedInUser } from "../request-facts";
import { splitFullName } from "~/domain/auth/auth.rules";
import { firstNameOfUser } from "~/.server/db/recipients";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { lastFactorCheck, staffAccessOf, type StaffAccess } from "~/.server/modules/staff/staff.service";
import { allows, STEP_UP_MINUTES, type Permission } from "~/domain/staff/permissions";
import {
  SECOND_FACTOR_AGAIN_MESSAGE,
  STAFF_DISABLED_MESSAGE,
  STAFF_ONLY_MESSAGE,
  TWO_FACTOR_REQUIRED_MESSAGE,
  missingPermissionMessage,
} from "~/domain/staff/staff-messages";
import { forbidden } from "~/domain/errors";

/** Remembered so the dev server's module reloads keep one auth instance. */
const holder = remember<{ auth?: Promise<Auth> }>("auth", () => ({}));

/**
 * The process-wide auth instance, on the process-wide database. Creating it makes sure the
 * administrator exists, whether the shop runs through `npm start` or the dev server.
 */
export function getAuth(): Promise<Auth> {
  holder.auth ??= getDb().then(async (db) => {
    const auth = createAuth(db, authOptionsFromEnv());
    await ensureAdministrator(db, auth);
    return auth;
  });
  return holder.auth;
}

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: "admin" | "user";
  twoFactorEnabled: boolean;
  /** False until the address's verification link is opened (accounts from before it count as verified). */
  emailVerified: boolean;
  /** The profile's first name, for greetings ("Bonjour Camille"); the name's first word without a profile. */
  firstName: string;
  /** A back-office account's role and permissions (decision 066); null for a shopper. */
  staff: StaffAccess | null;
};

export type CurrentSession = { user: SessionUser; sessionId: string; sessionToken: string };

const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token)=([^;]*)/;

/**
 * Sessions looked up in the last few seconds, by signed session cookie (read-memo.ts: forgotten
 * around every request that may write, so a sign-out or a revoked session is seen at once by
 * this process and within a second by the others; decisions 019 and 038). A cookie that leads
 * to no session is remembered as such too: a session cookie's value exists only once its
 * session does, so "no session" cannot turn stale the other way.
 */
const SESSION_MEMO_TTL_MS = 5_000;
const sessionMemo = createReadMemo<{ session: CurrentSession; expiresAt: number } | null>({ ttlMs: SESSION_MEMO_TTL_MS });

/** The signed-in user of a request, or null. A request without the cookie costs no query. */
export async function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  const cookie = request.headers.get("cookie") ?? "";
  const match = SESSION_COOKIE.exec(cookie);
  if (!match) return null;
  // The root, layout and page loaders of one GET request share one lookup.
  const session = await memoizeForRequest(`session:${cookie}`, async () => {
    const found = await sessionMemo.get(`${match[1]}=${match[2]}`, () => lookUpSession(request), {
      // Never past the session's own end.
      expiresAt: (found) => found?.expiresAt,
    });
    return found?.session ?? null;
  });
  // For the request log line (request-facts.ts): the user this request was served as.
  if (session) noteSignedInUser(session.user.id);
  return session;
}

async function lookUpSession(request: Request): Promise<{ session: CurrentSession; expiresAt: number } | null> {
  const auth = await getAuth();
  // The library words a failed query as its own error, without the cause: when the database
  // was unreachable meanwhile, that is what failed, and the request gets the outage's 503.
  const result = await revealingOutage(() => auth.api.getSession({ headers: request.headers }));
  if (!result) return null;
  const u = result.user as typeof result.user & { role?: string | null; twoFactorEnabled?: boolean | null };
  const db = await getDb();
  const firstName = (await firstNameOfUser(db, u.id)) ?? splitFullName(u.name).firstName;
  // Read with the session and forgotten with it ("sessions" invalidation): a role changed or a
  // member disabled is seen by every instance within a second.
  const staff = u.role === "admin" ? await staffAccessOf(db, u.id) : null;
  return {
    session: {
      user: {
        id: u.id,
        email: u.email,
        name: u.name,
        role: u.role === "admin" ? "admin" : "user",
        twoFactorEnabled: Boolean(u.twoFactorEnabled),
        emailVerified: Boolean(u.emailVerified),
        firstName,
        staff,
      },
      sessionId: result.session.id,
      sessionToken: result.session.token,
    },
    expiresAt: new Date(result.session.expiresAt).getTime(),
  };
}

/** Pages and actions: the signed-in user, or a 401 the route's error boundary explains. */
export async function requireUser(request: Request): Promise<CurrentSession> {
  const session = await getCurrentSession(request);
  if (!session) throw data(ACCOUNT_MESSAGES.signRequired, { status: 401 });
  return session;
}

/** A session of an active staff member with two-factor on. */
export type StaffSession = CurrentSession & { user: SessionUser & { staff: StaffAccess } };

/** What a back-office route needs: a permission, or only to be an active staff member. */
export type StaffNeed = Permission | "staff";

/** The page a request is for (a data request's `.data` and `_routes` removed), to come back to. */
function pageOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("_data");
  const path = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/admin";
  const search = url.searchParams.toString();
  return search ? `${path}?${search}` : path;
}

/** Where a signed-out visitor of `request`'s page signs in, and comes back from. */
export function adminSignInPath(request: Request): string {
  return `/admin/connexion?retour=${encodeURIComponent(pageOf(request))}`;
}

type StaffRefusal = { status: 403; code: string; message: string } | { status: 401 | 302; to: string };

function staffRefusal(request: Request, session: CurrentSession | null, need: StaffNeed): StaffRefusal | null {
  if (!session) return { status: 401, to: adminSignInPath(request) };
  const { staff } = session.user;
  if (session.user.role !== "admin" || !staff) return { status: 403, code: "forbidden", message: STAFF_ONLY_MESSAGE };
  if (staff.status !== "active") return { status: 403, code: "staff_disabled", message: STAFF_DISABLED_MESSAGE };
  // Two-factor is required of staff: the account enrols before it sees anything.
  if (!session.user.twoFactorEnabled) {
    return { status: 302, to: `/admin/double-authentification?retour=${encodeURIComponent(pageOf(request))}` };
  }
  if (need !== "staff" && !allows(staff.permissions, need)) {
    return { status: 403, code: "missing_permission", message: missingPermissionMessage(need) };
  }
  return null;
}

/**
 * Every back-office page, action, download and live stream calls this with the permission it
 * needs (app/domain/staff/admin-routes.ts lists them): a signed-out visitor is sent to
 * /admin/connexion and back, a staff member without two-factor to its enrolment, a role without
 * the permission gets the French 403 that names it.
 */
export async function requireStaff(request: Request, need: StaffNeed): Promise<StaffSession> {
  const session = await getCurrentSession(request);
  const refusal = staffRefusal(request, session, need);
  if (!refusal) return session as StaffSession;
  if (refusal.status === 403) throw data(refusal.message, { status: 403 });
  // A visitor's form post is answered at once, not redirected: a redirect waits for the body's
  // drain before it can leave (server/request-guards.mjs), and an upload would be read first.
  // The loaders that run after a document's action get a GET with the post's headers: its
  // content type tells them apart from a page asked for.
  const posted = (request.method !== "GET" && request.method !== "HEAD") || request.headers.has("content-type");
  if (refusal.status === 401 && posted) {
    throw data(ACCOUNT_MESSAGES.signRequired, { status: 401 });
  }
  throw redirect(refusal.to);
}

/** Whether a staff session holds a permission (an action's finer checks, the menu). */
export function staffMay(session: StaffSession, permission: Permission): boolean {
  return allows(session.user.staff.permissions, permission);
}

/**
 * A sensitive action (API keys, Équipe, GDPR erasure, client exports, a refund over the limit)
 * asks for the second factor again when this session last passed it more than 15 minutes ago:
 * the refusal's code `second_factor_required` makes the back-office ask for a code and retry.
 */
export async function requireRecentSecondFactor(session: CurrentSession, now = Date.now()): Promise<void> {
  if (await hasRecentSecondFactor(session, now)) return;
  throw forbidden("second_factor_required", SECOND_FACTOR_AGAIN_MESSAGE);
}

/** Whether this session passed the second factor within the last 15 minutes. */
export async function hasRecentSecondFactor(session: CurrentSession, now = Date.now()): Promise<boolean> {
  const checkedAt = await lastFactorCheck(await getDb(), session.sessionId);
  return Boolean(checkedAt && now - checkedAt.getTime() <= STEP_UP_MINUTES * 60_000);
}

/**
 * JSON API flavour: the signed-in user's session. A visitor's request stops here: the JSON 401 is
 * thrown (with the route's own French message when it has one), and React Router sends a Response
 * thrown by a resource route's loader or action as is.
 */
export async function requireApiUser(request: Request, message = ACCOUNT_MESSAGES.signRequired): Promise<CurrentSession> {
  const session = await getCurrentSession(request);
  if (!session) {
    throw Response.json({ error: { code: "unauthenticated", message } }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  return session;
}

/**
 * JSON API flavour of requireStaff: the JSON 401/403 is thrown (`unauthenticated`, `forbidden`,
 * `staff_disabled`, `two_factor_required`, `missing_permission`).
 */
export async function requireApiStaff(request: Request, need: StaffNeed): Promise<StaffSession> {
  const session = await requireApiUser(request);
  const refusal = staffRefusal(request, session, need);
  if (!refusal) return session as StaffSession;
  const [code, message] = refusal.status === 403 ? [refusal.code, refusal.message] : ["two_factor_required", TWO_FACTOR_REQUIRED_MESSAGE];
  throw Response.json({ error: { code, message } }, { status: 403, headers: { "Cache-Control": "no-store" } });
}
