import { createHmac } from "node:crypto";
import { PASSWORD_POLICY_MESSAGE } from "~/domain/auth/password-policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import type { DatabaseHandle } from "../db/client";
import { loginHistory, outbox, staffFactorChecks, twoFactor, user, userPreferences, userProfiles } from "../db/schema";
import { SIGN_UP_FAILED_MESSAGE } from "~/domain/auth/auth.rules";
import { createAuth, type Auth, type AuthOptions } from "./auth.server";
import { DEMO_ADMIN_EMAIL, ensureAdministrator } from "./admin-bootstrap";
import { AUTH_TEST_BASE, authHandlerClient } from "../../../tests/support/auth-handler-client";

const BASE = AUTH_TEST_BASE;
let handle: DatabaseHandle;
let auth: Auth;
const options: AuthOptions = {
  publicUrl: BASE,
  secret: "test-secret-test-secret-test-secret-0123",
  adminEmail: "boss@aurore.test",
  rateLimitMax: 1000,
};

/** A browser-like client of this file's auth instance, from a fixed address. */
const client = (ip = "203.0.113.10", instance: Auth = auth) => authHandlerClient(instance, ip);

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of input.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), computed independently of the library. */
function totp(secretBase32: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", base32Decode(secretBase32)).update(counter).digest();
  const offset = hmac[hmac.length - 1] & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}

async function signUp(c: ReturnType<typeof client>, email: string, password = "Secret123!Aurore") {
  return c.call("/sign-up/email", { email, password, name: "Zoé Martin", firstName: "Zoé", lastName: "Martin" });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  auth = createAuth(handle.db, options);
});
afterAll(async () => {
  await handle?.close();
});

describe("sign-up", () => {
  it("creates the user profile with first and last name, 0 points and 0 spent", async () => {
    const c = client();
    const res = await signUp(c, "zoe@example.com");
    expect(res.status).toBe(200);
    const [profile] = await handle.db.select().from(userProfiles).where(eq(userProfiles.id, res.json?.user.id));
    expect(profile).toMatchObject({ firstName: "Zoé", lastName: "Martin", loyaltyPoints: 0, totalSpentCents: 0 });
    expect(res.json?.user.role).toBe("user");
    const session = await c.call("/get-session");
    expect(session.json?.user.email).toBe("zoe@example.com");
  });

  it("refuses a password outside the policy (decision 042) in French and stores nothing", async () => {
    const res = await signUp(client(), "short@example.com", "Ab1!");
    expect(res.status).toBe(400);
    expect(res.json?.code).toBe("INVALID_INPUT");
    expect(res.json?.message).toBe(PASSWORD_POLICY_MESSAGE);
    expect(await handle.db.select().from(user).where(eq(user.email, "short@example.com"))).toHaveLength(0);
  });

  it("gives the admin role to the ADMIN_EMAIL account on the server", async () => {
    const res = await signUp(client(), "boss@aurore.test");
    expect(res.json?.user.role).toBe("admin");
  });
});

describe("sign-up in one transaction (decision 042)", () => {
  const mailsTo = (email: string) =>
    handle.db
      .select({ subject: sql<string>`${outbox.payload}->>'subject'`, text: sql<string>`${outbox.payload}->>'text'` })
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${email}`);

  it("queues the verification mail with the account, in the language the visitor browsed in", async () => {
    const c = client("203.0.113.60");
    c.jar.set("aurore_lang", "en");
    const res = await signUp(c, "visitor.en@example.com");
    expect(res.status).toBe(200);
    const mails = await mailsTo("visitor.en@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("/api/auth/verify-email?token=");
    expect(mails[0]!.subject).toBe("Confirm your Aurore e-mail address");
    const [prefs] = await handle.db.select().from(userPreferences).where(eq(userPreferences.userId, res.json?.user.id));
    expect(prefs?.language).toBe("en");
  });

  it("rolls the verification mail back with the account when sign-up fails after the token", async () => {
    // A real failure of the database after the mail is queued: the session's insert is refused.
    await handle.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_rollback_session() RETURNS trigger AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM "user" WHERE id = NEW.user_id AND email LIKE 'rollback-%') THEN
          RAISE EXCEPTION 'session refused for the test';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await handle.db.execute(
      sql`CREATE TRIGGER refuse_rollback_session BEFORE INSERT ON session FOR EACH ROW EXECUTE FUNCTION refuse_rollback_session()`,
    );
    try {
      const res = await signUp(client("203.0.113.61"), "rollback-zoe@example.com");
      expect(res.status).toBe(503);
      expect(res.json?.message).toBe(SIGN_UP_FAILED_MESSAGE);
      expect(await handle.db.select().from(user).where(eq(user.email, "rollback-zoe@example.com"))).toHaveLength(0);
      expect(await mailsTo("rollback-zoe@example.com")).toHaveLength(0);
    } finally {
      await handle.db.execute(sql`DROP TRIGGER refuse_rollback_session ON session`);
    }
    // The same address can sign up once the failure is gone.
    const again = await signUp(client("203.0.113.61"), "rollback-zoe@example.com");
    expect(again.status).toBe(200);
    expect(await mailsTo("rollback-zoe@example.com")).toHaveLength(1);
  });

  it("creates no account when its verification mail cannot be queued", async () => {
    await handle.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_rollback_mail() RETURNS trigger AS $$
      BEGIN
        IF NEW.payload->>'to' LIKE 'nomail-%' THEN RAISE EXCEPTION 'outbox refused for the test'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await handle.db.execute(
      sql`CREATE TRIGGER refuse_rollback_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_rollback_mail()`,
    );
    try {
      const res = await signUp(client("203.0.113.62"), "nomail-zoe@example.com");
      expect(res.status).toBe(503);
      expect(res.json?.message).toBe(SIGN_UP_FAILED_MESSAGE);
      expect(await handle.db.select().from(user).where(eq(user.email, "nomail-zoe@example.com"))).toHaveLength(0);
    } finally {
      await handle.db.execute(sql`DROP TRIGGER refuse_rollback_mail ON outbox`);
    }
  });
});

describe("administrator bootstrap", () => {
  it("creates the configured administrator once, and promotes an existing account", async () => {
    const logs: string[] = [];
    const first = await ensureAdministrator(handle.db, auth, { adminEmail: "owner@aurore.test", adminPassword: "Owner-Secret1!" }, (l) =>
      logs.push(l),
    );
    expect(first.created).toBe(true);
    const again = await ensureAdministrator(handle.db, auth, { adminEmail: "owner@aurore.test", adminPassword: "Owner-Secret1!" }, (l) =>
      logs.push(l),
    );
    expect(again.created).toBe(false);
    const [owner] = await handle.db.select().from(user).where(eq(user.email, "owner@aurore.test"));
    expect(owner.role).toBe("admin");
    expect(logs.join("\n")).not.toContain("Owner-Secret1!");
    const signIn = await client().call("/sign-in/email", { email: "owner@aurore.test", password: "Owner-Secret1!" });
    expect(signIn.status).toBe(200);

    await signUp(client(), "promote-me@example.com");
    await ensureAdministrator(handle.db, auth, { adminEmail: "promote-me@example.com" }, () => {});
    const [promoted] = await handle.db.select().from(user).where(eq(user.email, "promote-me@example.com"));
    expect(promoted.role).toBe("admin");
  });

  it("creates the administrator once when several instances start together", async () => {
    const config = { adminEmail: "racing-owner@aurore.test", adminPassword: "Racing-Secret1!" };
    const results = await Promise.all([1, 2, 3].map(() => ensureAdministrator(handle.db, auth, config, () => {})));
    expect(results.filter((r) => r.created).length).toBeLessThanOrEqual(1);
    const rows = await handle.db.select().from(user).where(eq(user.email, "racing-owner@aurore.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0].role).toBe("admin");
  });

  it("without configuration, creates no demo administrator when one already exists", async () => {
    const logs: string[] = [];
    const result = await ensureAdministrator(handle.db, auth, {}, (l) => logs.push(l));
    expect(result).toEqual({ email: DEMO_ADMIN_EMAIL, created: false });
    expect(logs).toHaveLength(0);
  });
});

describe("sign-in, history and lockout", () => {
  it("records failed and successful sign-ins with device details", async () => {
    const c = client("198.51.100.7");
    const created = await signUp(c, "history@example.com");
    const wrong = await client("198.51.100.7").call("/sign-in/email", { email: "history@example.com", password: "nope-nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.json?.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const ok = await client("198.51.100.7").call("/sign-in/email", { email: "history@example.com", password: "Secret123!Aurore" });
    expect(ok.status).toBe(200);
    const rows = await handle.db.select().from(loginHistory).where(eq(loginHistory.userId, created.json?.user.id));
    expect(rows.map((r) => r.loginSuccessful).sort()).toEqual([false, true]);
    const success = rows.find((r) => r.loginSuccessful)!;
    expect(success).toMatchObject({ browser: "Chrome", os: "Linux", deviceType: "desktop", ipAddress: "198.51.100.7" });
    expect(success.sessionId).toBeTruthy();
  });

  it("limits sign-in attempts per IP address", async () => {
    const strict = createAuth(handle.db, { ...options, rateLimitMax: 3 });
    const c = client("192.0.2.200", strict);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await c.call("/sign-in/email", { email: "nobody@example.com", password: "whatever1" })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // The library's own limit answers in French, with a standard Retry-After.
    const refused = await c.call("/sign-in/email", { email: "nobody@example.com", password: "whatever1" });
    expect(refused.json?.message).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ (secondes?|minutes?)\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const other = await client("192.0.2.201", strict).call("/sign-in/email", { email: "nobody@example.com", password: "whatever1" });
    expect(other.status).toBe(401);
  });
});

describe("two-factor authentication (TOTP)", () => {
  it("enables with a verified code, then asks for a code at sign-in; a backup code works once", async () => {
    const c = client("203.0.113.50");
    const created = await signUp(c, "totp@example.com");
    const enable = await c.call("/two-factor/enable", { password: "Secret123!Aurore" });
    expect(enable.status).toBe(200);
    expect(enable.json?.backupCodes).toHaveLength(8);
    const secret = new URL(enable.json?.totpURI).searchParams.get("secret")!;
    expect(secret.length).toBeGreaterThanOrEqual(16);
    // Not active until a code is verified.
    const [before] = await handle.db.select().from(user).where(eq(user.id, created.json?.user.id));
    expect(before.twoFactorEnabled).toBe(false);
    const wrongCode = await c.call("/two-factor/verify-totp", { code: totp(secret) === "000000" ? "111111" : "000000" });
    expect(wrongCode.status).toBeGreaterThanOrEqual(400);
    const verify = await c.call("/two-factor/verify-totp", { code: totp(secret) });
    expect(verify.status).toBe(200);
    const [after] = await handle.db.select().from(user).where(eq(user.id, created.json?.user.id));
    expect(after.twoFactorEnabled).toBe(true);
    // The secret is not stored in clear.
    const [stored] = await handle.db.select().from(twoFactor).where(eq(twoFactor.userId, created.json?.user.id));
    expect(stored.secret).not.toContain(secret);
    expect(stored.backupCodes).not.toContain(enable.json?.backupCodes[0]);

    const fresh = client("203.0.113.51");
    const step1 = await fresh.call("/sign-in/email", { email: "totp@example.com", password: "Secret123!Aurore" });
    expect(step1.json?.twoFactorRedirect).toBe(true);
    expect((await fresh.call("/get-session")).json).toBeNull();
    const step2 = await fresh.call("/two-factor/verify-totp", { code: totp(secret) });
    expect(step2.status).toBe(200);
    expect((await fresh.call("/get-session")).json?.user.email).toBe("totp@example.com");
    // Switching 2FA on is not a sign-in; completing a sign-in with the code is.
    const successes = await handle.db
      .select()
      .from(loginHistory)
      .where(and(eq(loginHistory.userId, created.json?.user.id), eq(loginHistory.loginSuccessful, true)));
    expect(successes).toHaveLength(1);

    const backup = enable.json?.backupCodes[0] as string;
    const b1 = client("203.0.113.52");
    await b1.call("/sign-in/email", { email: "totp@example.com", password: "Secret123!Aurore" });
    expect((await b1.call("/two-factor/verify-backup-code", { code: backup })).status).toBe(200);
    const b2 = client("203.0.113.53");
    await b2.call("/sign-in/email", { email: "totp@example.com", password: "Secret123!Aurore" });
    expect((await b2.call("/two-factor/verify-backup-code", { code: backup })).status).toBeGreaterThanOrEqual(400);

    const disable = await fresh.call("/two-factor/disable", { password: "Secret123!Aurore" });
    expect(disable.status).toBe(200);
    const [disabled] = await handle.db.select().from(user).where(eq(user.id, created.json?.user.id));
    expect(disabled.twoFactorEnabled).toBe(false);
  });
});

describe("second factor checks of staff sessions (decision 066)", () => {
  const checkOf = async (sessionId: string) =>
    (await handle.db.select().from(staffFactorChecks).where(eq(staffFactorChecks.sessionId, sessionId)))[0]?.checkedAt ?? null;
  const sessionIdOf = async (c: ReturnType<typeof client>) => String((await c.call("/get-session")).json?.session.id);

  /** An account signed up on `c`, made staff (the admin role) when asked, then enrolled. */
  async function enrolled(c: ReturnType<typeof client>, email: string, staff: boolean) {
    const created = await signUp(c, email);
    if (staff) await handle.db.update(user).set({ role: "admin" }).where(eq(user.id, created.json?.user.id));
    const enable = await c.call("/two-factor/enable", { password: "Secret123!Aurore" });
    const secret = new URL(enable.json?.totpURI).searchParams.get("secret")!;
    const before = await sessionIdOf(c);
    expect((await c.call("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);
    return { secret, before, backupCodes: enable.json?.backupCodes as string[] };
  }

  it("records the enrolment's new session, the sign-in's, and a signed-in re-check", async () => {
    const c = client("203.0.113.80");
    const { secret, before } = await enrolled(c, "staff-checks@aurore.test", true);
    // Enrolment replaces the session: the new one has passed the second factor.
    const enrolledSession = await sessionIdOf(c);
    expect(enrolledSession).not.toBe(before);
    expect(await checkOf(enrolledSession)).toBeInstanceOf(Date);

    const fresh = client("203.0.113.81");
    await fresh.call("/sign-in/email", { email: "staff-checks@aurore.test", password: "Secret123!Aurore" });
    const wrong = await fresh.call("/two-factor/verify-totp", { code: totp(secret) === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(401);
    expect((await fresh.call("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);
    const signedIn = await sessionIdOf(fresh);
    const atSignIn = await checkOf(signedIn);
    expect(atSignIn).toBeInstanceOf(Date);

    // "Confirm it's you": the current session's check moves forward; a wrong code moves nothing.
    await handle.db
      .update(staffFactorChecks)
      .set({ checkedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(staffFactorChecks.sessionId, signedIn));
    const old = await checkOf(signedIn);
    expect((await fresh.call("/two-factor/verify-totp", { code: totp(secret) === "000000" ? "111111" : "000000" })).status).toBe(401);
    expect(await checkOf(signedIn)).toEqual(old);
    expect((await fresh.call("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);
    expect(await sessionIdOf(fresh)).toBe(signedIn);
    expect((await checkOf(signedIn))!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records a recovery code at sign-in, and nothing for a shopper", async () => {
    const staff = client("203.0.113.82");
    const { backupCodes } = await enrolled(staff, "staff-backup@aurore.test", true);
    const b = client("203.0.113.83");
    await b.call("/sign-in/email", { email: "staff-backup@aurore.test", password: "Secret123!Aurore" });
    expect((await b.call("/two-factor/verify-backup-code", { code: backupCodes[0] })).status).toBe(200);
    expect(await checkOf(await sessionIdOf(b))).toBeInstanceOf(Date);

    const shopper = client("203.0.113.84");
    const { secret } = await enrolled(shopper, "shopper-totp@example.com", false);
    expect(await checkOf(await sessionIdOf(shopper))).toBeNull();
    const s2 = client("203.0.113.85");
    await s2.call("/sign-in/email", { email: "shopper-totp@example.com", password: "Secret123!Aurore" });
    expect((await s2.call("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);
    expect(await checkOf(await sessionIdOf(s2))).toBeNull();
  });
});

describe("sessions", () => {
  it("revokes the other sessions and keeps the current one", async () => {
    const a = client("203.0.113.60");
    await signUp(a, "sessions@example.com");
    const b = client("203.0.113.61");
    await b.call("/sign-in/email", { email: "sessions@example.com", password: "Secret123!Aurore" });
    expect((await b.call("/get-session")).json?.user.email).toBe("sessions@example.com");
    const list = await a.call("/list-sessions");
    expect(list.json).toHaveLength(2);
    expect((await a.call("/revoke-other-sessions", {})).status).toBe(200);
    expect((await b.call("/get-session")).json).toBeNull();
    expect((await a.call("/get-session")).json?.user.email).toBe("sessions@example.com");
  });

  it("keeps users apart: a session only lists its own user's sessions", async () => {
    const other = client("203.0.113.70");
    await signUp(other, "apart@example.com");
    const list = await other.call("/list-sessions");
    const [row] = await handle.db
      .select()
      .from(user)
      .where(and(eq(user.email, "apart@example.com")));
    expect(list.json?.every((s: { userId: string }) => s.userId === row.id)).toBe(true);
  });
});
