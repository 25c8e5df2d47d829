/**
 * The account security operations call the auth library's server API with the request's headers.
 * When the library replaces the session (password change), the sign-in's history row must follow
 * the new session: found through the library itself, not by reading its cookie by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { AUTH_TEST_BASE, authHandlerClient } from "../../../../tests/support/auth-handler-client";
import type { DatabaseHandle } from "../../db/client";
import { createAuth, type Auth } from "../../auth/auth.server";
import { loginHistory, session } from "../../db/schema";
import { isDomainError } from "~/domain/errors";
import { WRONG_CURRENT_PASSWORD_MESSAGE } from "~/domain/account/security.schema";
import { changePassword, type AccountActor } from "./account-security.service";
import { listSecurityEvents } from "./security.service";

const PASSWORD = "Secret123!Aurore";
const IP = "198.51.100.90";
let handle: DatabaseHandle;
let auth: Auth;

beforeAll(async () => {
  handle = await createTestDatabase();
  auth = createAuth(handle.db, {
    publicUrl: AUTH_TEST_BASE,
    secret: "test-secret-test-secret-test-secret-0123",
    rateLimitMax: 10_000,
  });
});

afterAll(async () => {
  await handle?.close();
});

async function signedIn(email: string): Promise<AccountActor> {
  const browser = authHandlerClient(auth, IP);
  expect((await browser.call("/sign-up/email", { email, password: PASSWORD, name: "Iris Petit", firstName: "Iris" })).status).toBe(200);
  expect((await browser.call("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
  const headers = new Headers({ cookie: browser.cookieHeader(), origin: AUTH_TEST_BASE, "x-aurore-client-ip": IP });
  const current = await auth.api.getSession({ headers });
  if (!current) throw new Error("not signed in");
  return {
    db: handle.db,
    auth,
    headers,
    origin: { ip: IP, ua: null },
    userId: current.user.id,
    sessionId: current.session.id,
    twoFactorEnabled: false,
  };
}

describe("changePassword", () => {
  it("moves the sign-in's history row to the session the library puts in place of the current one", async () => {
    const actor = await signedIn("iris@example.com");
    const { setCookies } = await changePassword(actor, { currentPassword: PASSWORD, newPassword: "Nouveau123!Aurore" });
    expect(setCookies.length).toBeGreaterThan(0);

    const sessions = await handle.db.select({ id: session.id }).from(session).where(eq(session.userId, actor.userId));
    expect(sessions).toHaveLength(1);
    expect(sessions[0].id).not.toBe(actor.sessionId);
    const rows = await handle.db
      .select({ sessionId: loginHistory.sessionId })
      .from(loginHistory)
      .where(eq(loginHistory.userId, actor.userId));
    expect(rows.map((r) => r.sessionId)).toContain(sessions[0].id);
    expect(rows.map((r) => r.sessionId)).not.toContain(actor.sessionId);
    const [changed] = await listSecurityEvents(handle.db, actor.userId);
    expect(changed.eventType).toBe("password_changed");
  });

  it("refuses a wrong current password with a domain error and the form's message", async () => {
    const actor = await signedIn("noe@example.com");
    const refusal = await changePassword(actor, { currentPassword: "wrong-one", newPassword: "Nouveau123!Aurore" }).catch(
      (e: unknown) => e,
    );
    expect(isDomainError(refusal) && { kind: refusal.kind, message: refusal.message }).toEqual({
      kind: "invalid",
      message: WRONG_CURRENT_PASSWORD_MESSAGE,
    });
  });
});
