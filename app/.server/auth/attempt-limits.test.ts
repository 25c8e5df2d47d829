/**
 * Sign-in and secret-check limits (decision 022), over the auth library's HTTP handler on a real
 * database: someone guessing from one address slows down that address only; the owner with the
 * right password gets in from elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { authHandlerClient, sleep } from "../../../tests/support/auth-handler-client";
import type { DatabaseHandle } from "../db/client";
import { createAuth, type Auth, type AuthOptions } from "./auth.server";
import { totp } from "../../../tests/support/totp";
import {
  DEFAULT_SIGN_IN_LIMITS,
  SECOND_FACTOR_FREE_FAILURES,
  decideSignIn,
  progressiveDelayMs,
  secondFactorLimits,
  type SignInLimits,
} from "./attempt-limits";

const PASSWORD = "Secret123!Aurore";
const TOO_MANY = /^Trop de tentatives\. Veuillez réessayer dans \d+ (secondes?|minutes?)\.$/;

let handle: DatabaseHandle;
const base: AuthOptions = {
  publicUrl: "http://localhost:3999",
  secret: "test-secret-test-secret-test-secret-0123",
  rateLimitMax: 10_000,
};

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

async function signUp(auth: Auth, email: string, ip = "198.51.100.1") {
  const c = authHandlerClient(auth, ip);
  const res = await c.call("/sign-up/email", { email, password: PASSWORD, name: "Zoé Martin", firstName: "Zoé", lastName: "Martin" });
  expect(res.status).toBe(200);
  return c;
}

function signIn(auth: Auth, ip: string, email: string, password: string) {
  return authHandlerClient(auth, ip).call("/sign-in/email", { email, password });
}

/** A wrong password from `ip` that really gets checked: waits out any delay first. */
async function failOnce(auth: Auth, ip: string, email: string) {
  for (;;) {
    const res = await signIn(auth, ip, email, "wrong-password");
    if (res.status !== 429) {
      expect(res.status).toBe(401);
      return;
    }
    await sleep(30);
  }
}

describe("the progressive delay", () => {
  const limits: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, freeFailures: 3, firstDelaySeconds: 1, maxDelaySeconds: 900 };

  it("starts after the free failures, doubles, and stops growing at the cap", () => {
    expect([0, 1, 2].map((n) => progressiveDelayMs(n, limits))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map((n) => progressiveDelayMs(n, limits))).toEqual([1000, 2000, 4000, 8000]);
    expect(progressiveDelayMs(13, limits)).toBe(900_000);
    expect(progressiveDelayMs(40, limits)).toBe(900_000);
  });

  it("refuses until the delay after the last failure has passed, then lets one attempt through", () => {
    const now = 1_000_000_000;
    const pair = { count: 5, last: now - 3000 }; // 4 s delay after the 5th failure
    expect(decideSignIn({ accountAddress: pair }, false, now, limits)).toEqual({
      allowed: false,
      reason: "account-address",
      retryAfterSeconds: 1,
    });
    expect(decideSignIn({ accountAddress: pair }, false, now + 1000, limits)).toEqual({ allowed: true });
    // Forgotten once the window has passed without a new failure.
    const old = { count: 50, last: now - limits.windowSeconds * 1000 - 1 };
    expect(decideSignIn({ accountAddress: old, address: old, account: old }, false, now, limits)).toEqual({ allowed: true });
  });

  it("restricts an account under attack to the addresses it signed in from before", () => {
    const now = 2_000_000_000;
    const account = { count: limits.accountMaxFailures, last: now - 60_000 };
    expect(decideSignIn({ account }, false, now, limits)).toMatchObject({ allowed: false, reason: "account", retryAfterSeconds: 3540 });
    expect(decideSignIn({ account }, true, now, limits)).toEqual({ allowed: true });
  });
});

describe("sign-in limits over the handler", () => {
  const fast: AuthOptions = {
    ...base,
    signInLimits: { freeFailures: 3, firstDelaySeconds: 0.05, maxDelaySeconds: 1.5 },
  };

  it("ten failures from A: B signs in with the right password, A must wait, then A signs in and starts afresh", async () => {
    const auth = createAuth(handle.db, fast);
    const email = "owner@example.com";
    await signUp(auth, email);
    const A = "203.0.113.1";
    const B = "203.0.113.2";
    // Each failure is really checked (failOnce waits out the delays, which double up to 1.5 s).
    for (let i = 0; i < 10; i++) await failOnce(auth, A, email);

    const fromB = await signIn(auth, B, email, PASSWORD);
    expect(fromB.status).toBe(200);
    expect(fromB.json?.user.email).toBe(email);

    // A is still slowed down, even with the right password.
    const fromA = await signIn(auth, A, email, PASSWORD);
    expect(fromA.status).toBe(429);
    expect(fromA.json?.code).toBe("TOO_MANY_ATTEMPTS");
    expect(fromA.json?.message).toMatch(TOO_MANY);
    expect(Number(fromA.retryAfter)).toBeGreaterThanOrEqual(1);
    await sleep(1600); // the capped delay
    expect((await signIn(auth, A, email, PASSWORD)).status).toBe(200);
    // That success cleared A's failures: three free ones again (ten kept would mean a 1.5 s wait).
    for (let i = 0; i < 3; i++) expect((await signIn(auth, A, email, `again-${i}`)).status).toBe(401);
  });

  it("past the per-account threshold, only addresses the account signed in from before may try", async () => {
    const auth = createAuth(handle.db, { ...base, signInLimits: { freeFailures: 3, accountMaxFailures: 5, firstDelaySeconds: 60 } });
    const email = "target@example.com";
    await signUp(auth, email);
    const home = "192.0.2.10";
    expect((await signIn(auth, home, email, PASSWORD)).status).toBe(200);
    // A botnet: one guess from each of many addresses, so no address is ever slowed down.
    for (let i = 0; i < 5; i++) expect((await signIn(auth, `192.0.2.${100 + i}`, email, "wrong-pass")).status).toBe(401);
    const fresh = await signIn(auth, "192.0.2.200", email, "wrong-pass");
    expect(fresh.status).toBe(429);
    expect(fresh.json?.message).toMatch(TOO_MANY);
    // The right password from a new address waits too; from home it gets in.
    expect((await signIn(auth, "192.0.2.201", email, PASSWORD)).status).toBe(429);
    expect((await signIn(auth, home, email, PASSWORD)).status).toBe(200);
    // Another account is not concerned.
    await signUp(auth, "bystander@example.com");
    expect((await signIn(auth, "192.0.2.202", "bystander@example.com", PASSWORD)).status).toBe(200);
  });

  it("limits the failures of one address across accounts, unknown e-mails included", async () => {
    const auth = createAuth(handle.db, { ...base, signInLimits: { ipMaxFailures: 4 } });
    await signUp(auth, "sprayed@example.com");
    const X = "192.0.2.50";
    for (let i = 0; i < 4; i++) expect((await signIn(auth, X, `nobody-${i}@example.com`, "Password1!")).status).toBe(401);
    expect((await signIn(auth, X, "sprayed@example.com", PASSWORD)).status).toBe(429);
    expect((await signIn(auth, "192.0.2.51", "sprayed@example.com", PASSWORD)).status).toBe(200);
  });

  it("counts parallel guesses before checking them: a burst gets no more than the free failures", async () => {
    const auth = createAuth(handle.db, { ...base, signInLimits: { freeFailures: 3, firstDelaySeconds: 60 } });
    const email = "burst@example.com";
    await signUp(auth, email);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(auth, "192.0.2.60", email, `guess-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    // Refused without checking: the right password too, for now.
    const right = await signIn(auth, "192.0.2.60", email, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.json?.message).toMatch(/^Trop de tentatives\. Veuillez réessayer dans (\d+ secondes|1 minute)\.$/);
  });
});

/** Turns two-factor on for the account signed in on `c`; returns its authenticator secret. */
async function enrolTwoFactor(c: ReturnType<typeof authHandlerClient>): Promise<string> {
  const enabled = await c.call("/two-factor/enable", { password: PASSWORD });
  expect(enabled.status).toBe(200);
  const secret = new URL(String(enabled.json?.totpURI)).searchParams.get("secret")!;
  expect((await c.call("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);
  return secret;
}

/** A 6-digit code the authenticator shows neither now nor half a minute either side. */
function wrongCodeFor(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((offset) => totp(secret, Date.now() + offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}

/** The password step from `ip`: a client holding the library's code challenge. */
async function passwordStep(auth: Auth, ip: string, email: string) {
  const c = authHandlerClient(auth, ip);
  const res = await c.call("/sign-in/email", { email, password: PASSWORD });
  expect(res.status).toBe(200);
  expect(res.json?.twoFactorRedirect).toBe(true);
  return c;
}

describe("the sign-in's code step over the handler", () => {
  it("allows five wrong codes, then the sixth waits the sign-in's delay", () => {
    const limits = secondFactorLimits({ ...DEFAULT_SIGN_IN_LIMITS, freeFailures: 3, firstDelaySeconds: 1 });
    expect(SECOND_FACTOR_FREE_FAILURES).toBe(5);
    expect([0, 1, 2, 3, 4].map((n) => progressiveDelayMs(n, limits))).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7].map((n) => progressiveDelayMs(n, limits))).toEqual([1000, 2000, 4000]);
  });

  it("six wrong codes from A slow that account down from A only; the right code clears it; no lockout", async () => {
    // Short delays, so the journey waits them out quickly; the password's own pair stays free.
    const auth = createAuth(handle.db, { ...base, signInLimits: { freeFailures: 3, firstDelaySeconds: 0.4, maxDelaySeconds: 0.4 } });
    const email = "code-owner@example.com";
    const secret = await enrolTwoFactor(await signUp(auth, email, "198.51.100.40"));
    const wrong = wrongCodeFor(secret);
    const A = "203.0.113.41";
    const B = "203.0.113.42";

    const fromA = await passwordStep(auth, A, email);
    for (let i = 0; i < 5; i++) {
      const res = await fromA.call("/two-factor/verify-totp", { code: wrong });
      expect(res.status).toBe(401);
      expect(res.json?.message).toBe("Code de vérification incorrect");
    }
    const sixth = await fromA.call("/two-factor/verify-totp", { code: wrong });
    expect(sixth.status).toBe(429);
    expect(sixth.json?.code).toBe("TOO_MANY_ATTEMPTS");
    expect(sixth.json?.message).toMatch(TOO_MANY);
    expect(Number(sixth.retryAfter)).toBeGreaterThanOrEqual(1);
    // Refused before any check: the right code waits too, and a recovery code the same.
    expect((await fromA.call("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(429);
    expect((await fromA.call("/two-factor/verify-backup-code", { code: "ABCDE-12345" })).status).toBe(429);

    // The same account from B is not slowed: a wrong code there is just wrong.
    const fromB = await passwordStep(auth, B, email);
    expect((await fromB.call("/two-factor/verify-totp", { code: wrong })).status).toBe(401);

    // A, past the delay: its challenge spent its five codes (the library's own cap), so that
    // answer checked no code and costs nothing; a new password step gets a fresh challenge.
    await sleep(450);
    const spent = await fromA.call("/two-factor/verify-totp", { code: totp(secret) });
    expect(spent.status).toBe(400);
    expect(spent.json?.code).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
    const again = await passwordStep(auth, A, email);
    for (let i = 0; i < 5; i++) {
      await sleep(450);
      expect((await again.call("/two-factor/verify-totp", { code: wrong })).status).toBe(401);
    }
    // Eleven wrong codes in a row: the library's lockout would refuse the account everywhere
    // now. It is off: the owner at B signs in with the right code.
    expect((await fromB.call("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);
    expect((await fromB.call("/get-session")).json?.user.email).toBe(email);

    // A's right code, once the delay has passed, signs in and clears A's streak.
    const third = await passwordStep(auth, A, email);
    await sleep(450);
    expect((await third.call("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);
    const fourth = await passwordStep(auth, A, email);
    for (let i = 0; i < 5; i++) expect((await fourth.call("/two-factor/verify-totp", { code: wrong })).status).toBe(401);
    expect((await fourth.call("/two-factor/verify-totp", { code: wrong })).status).toBe(429);
  });
});

describe("secret checks of a signed-in user over the handler", () => {
  it("refuses the 11th wrong current password, and the right one until the window passes", async () => {
    const auth = createAuth(handle.db, { ...base, secretCheckLimits: { maxFailures: 10, windowSeconds: 2 } });
    const c = await signUp(auth, "changer@example.com", "198.51.100.20");
    for (let i = 0; i < 10; i++) {
      const wrong = await c.call("/change-password", { currentPassword: `wrong-${i}`, newPassword: "Nouveau123!Aurore" });
      expect(wrong.status).toBe(400);
      expect(wrong.json?.code).toBe("INVALID_PASSWORD");
    }
    const eleventh = await c.call("/change-password", { currentPassword: "wrong-10", newPassword: "Nouveau123!Aurore" });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json?.message).toMatch(TOO_MANY);
    expect((await c.call("/change-password", { currentPassword: PASSWORD, newPassword: "Nouveau123!Aurore" })).status).toBe(429);
    await sleep(2100);
    expect((await c.call("/change-password", { currentPassword: PASSWORD, newPassword: "Nouveau123!Aurore" })).status).toBe(200);
  });

  it("a right secret does not use up the allowance", async () => {
    const auth = createAuth(handle.db, { ...base, secretCheckLimits: { maxFailures: 2, windowSeconds: 600 } });
    const c = await signUp(auth, "regular@example.com", "198.51.100.21");
    for (let i = 0; i < 4; i++) expect((await c.call("/two-factor/enable", { password: PASSWORD })).status).toBe(200);
    expect((await c.call("/two-factor/enable", { password: "wrong-one" })).status).toBe(400);
    expect((await c.call("/two-factor/enable", { password: PASSWORD })).status).toBe(200);
  });
});

describe("changing the password over HTTP", () => {
  it("ends the other sessions even when the request does not ask for it", async () => {
    const auth = createAuth(handle.db, base);
    const a = await signUp(auth, "two-sessions@example.com", "198.51.100.30");
    const b = authHandlerClient(auth, "198.51.100.31");
    expect((await b.call("/sign-in/email", { email: "two-sessions@example.com", password: PASSWORD })).status).toBe(200);
    expect((await b.call("/get-session")).json?.user.email).toBe("two-sessions@example.com");
    const changed = await a.call("/change-password", {
      currentPassword: PASSWORD,
      newPassword: "Nouveau123!Aurore",
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect((await b.call("/get-session")).json).toBeNull();
    expect((await b.call("/list-sessions")).status).toBe(401);
    expect((await a.call("/get-session")).json?.user.email).toBe("two-sessions@example.com");
  });
});
