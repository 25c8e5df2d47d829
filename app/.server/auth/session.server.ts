import { data } from "react-router";
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
  const firstName = (await firstNameOfUser(await getDb(), u.id)) ?? splitFullName(u.name).firstName;
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

/** Every back-office loader, action and API route calls this: role checked on the server. */
export async function requireAdmin(request: Request): Promise<CurrentSession> {
  const session = await requireUser(request);
  if (session.user.role !== "admin") throw data("Accès réservé à l'administrateur", { status: 403 });
  return session;
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

/** JSON API flavour of requireAdmin: the administrator's session; the JSON 401/403 is thrown. */
export async function requireApiAdmin(request: Request): Promise<CurrentSession> {
  const session = await requireApiUser(request);
  if (session.user.role !== "admin") {
    throw Response.json(
      { error: { code: "forbidden", message: "Accès réservé à l'administrateur" } },
      { status: 403, headers: { "Cache-Control": "no-store" } },
    );
  }
  return session;
}
