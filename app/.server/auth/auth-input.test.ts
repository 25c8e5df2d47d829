/**
 * The auth library's endpoints under /api/auth obey the app's own field rules: hostile input
 * answers 4xx with a French message, never a 500 or a database error, and the endpoints the shop
 * does not use are closed.
 */
import { EMAIL_LINK_INVALID_MESSAGE } from "~/domain/auth/auth.rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import { authHandlerClient } from "../../../tests/support/auth-handler-client";
import type { DatabaseHandle } from "../db/client";
import { user } from "../db/schema";
import { createAuth, type Auth } from "./auth.server";

let handle: DatabaseHandle;
let auth: Auth;
let signedIn: ReturnType<typeof authHandlerClient>;
const PASSWORD = "Secret123!Aurore";
const MEGABYTE = "x".repeat(1_000_000);

/** Words of the library's English messages: none may reach a shopper ("L'email" is the shop's French). */
const ENGLISH = /\b(invalid|expected|required|received|too many|not found|failed|user|password|address)\b/i;

function expectFrenchRefusal(res: { status: number; json: Record<string, any> | null }, status = 400) {
  expect(res.status).toBe(status);
  expect(typeof res.json?.message).toBe("string");
  expect(res.json?.message).not.toMatch(ENGLISH);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  auth = createAuth(handle.db, {
    publicUrl: "http://localhost:3999",
    secret: "test-secret-test-secret-test-secret-0123",
    rateLimitMax: 100_000,
    signInLimits: { ipMaxFailures: 100_000, freeFailures: 100 },
    secretCheckLimits: { maxFailures: 100_000 },
  });
  signedIn = authHandlerClient(auth, "198.51.100.40");
  const res = await signedIn.call("/sign-up/email", {
    email: "input@example.com",
    password: PASSWORD,
    name: "Iris Blanc",
    firstName: "Iris",
    lastName: "Blanc",
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await handle?.close();
});

describe("closed endpoints", () => {
  it("answers 404 for the library endpoints the shop does not use, whatever the body", async () => {
    for (const path of [
      "/update-user",
      "/change-email",
      "/delete-user",
      "/verify-password",
      "/reset-password",
      "/request-password-reset",
      "/send-verification-email",
      "/admin/create-user",
      "/admin/set-user-password",
      "/two-factor/get-totp-uri",
      "/sign-in/social",
      "/link-social",
      "/update-session",
    ]) {
      for (const body of [{ name: null }, { name: MEGABYTE }, { newEmail: "a\u0000@example.com", password: PASSWORD }]) {
        const res = await signedIn.call(path, body);
        expect(res.status, path).toBe(404);
        expect(res.json?.message).toBe("Page introuvable");
      }
    }
    for (const path of ["/list-accounts", "/account-info", "/admin/list-users", "/reset-password/abc", "/error"]) {
      expect((await signedIn.call(path)).status, path).toBe(404);
    }
    // The address verification link is open (decision 042); a bad token is refused in French.
    const badLink = await signedIn.call("/verify-email?token=x");
    expect(badLink.status).toBe(401);
    expect(badLink.json?.message).toBe(EMAIL_LINK_INVALID_MESSAGE);
  });

  it("leaves the user row as it was (update-user with a null name no longer reaches the database)", async () => {
    await signedIn.call("/update-user", { name: null });
    const [row] = await handle.db.select({ name: user.name }).from(user).where(eq(user.email, "input@example.com"));
    expect(row.name).toBe("Iris Blanc");
  });
});

describe("hostile input on the open endpoints", () => {
  it("sign-up: null, wrong types, 1 MB strings, NUL characters, broken Unicode and unknown fields", async () => {
    const good = { email: "new@example.com", password: PASSWORD, name: "Léa Roux", firstName: "Léa", lastName: "Roux" };
    const cases: [string, Record<string, unknown>][] = [
      ["null name", { ...good, name: null }],
      ["number name", { ...good, name: 5 }],
      ["1 MB name", { ...good, name: MEGABYTE }],
      ["NUL in name", { ...good, name: "Léa\u0000Roux" }],
      ["NUL in last name", { ...good, lastName: "Ro\u0000ux" }],
      ["lone surrogate", { ...good, firstName: "L\ud800a" }],
      ["1 MB first name", { ...good, firstName: MEGABYTE }],
      ["100 kB e-mail", { ...good, email: `${"a".repeat(100_000)}@example.com` }],
      ["NUL in e-mail", { ...good, email: "new\u0000@example.com" }],
      ["array e-mail", { ...good, email: ["new@example.com"] }],
      ["object password", { ...good, password: { $gt: "" } }],
      ["1 MB password", { ...good, password: MEGABYTE }],
      ["1 MB image", { ...good, image: MEGABYTE }],
      ["role", { ...good, role: "admin" }],
      ["callbackURL with NUL", { ...good, callbackURL: "/\u0000" }],
    ];
    for (const [label, body] of cases) {
      const res = await authHandlerClient(auth, "198.51.100.41").call("/sign-up/email", body);
      expect(res.status, label).toBe(400);
      expect(res.json?.code, label).toBe("INVALID_INPUT");
      expect(res.json?.message, label).not.toMatch(ENGLISH);
    }
    expect(await handle.db.select().from(user).where(eq(user.email, "new@example.com"))).toHaveLength(0);
    expect((await authHandlerClient(auth, "198.51.100.41").call("/sign-up/email", good)).status).toBe(200);
  });

  it("sign-in: a NUL in the e-mail or the callback URL, wrong types and huge values", async () => {
    const cases: Record<string, unknown>[] = [
      { email: "input\u0000@example.com", password: PASSWORD },
      { email: "input@example.com", password: PASSWORD, callbackURL: "\u0000" },
      { email: "input@example.com", password: PASSWORD, callbackURL: "\ud800" },
      { email: null, password: PASSWORD },
      { email: "input@example.com", password: 12345678 },
      { email: "input@example.com", password: MEGABYTE },
      { email: MEGABYTE, password: PASSWORD },
      { email: "input@example.com", password: PASSWORD, rememberMe: "yes" },
    ];
    for (const body of cases) expectFrenchRefusal(await authHandlerClient(auth, "198.51.100.42").call("/sign-in/email", body));
    const malformed = await authHandlerClient(auth, "198.51.100.42").call("/sign-in/email", '{"email": "input@');
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });

  it("the signed-in endpoints: change-password, two-factor and session revocation", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ["/change-password", { currentPassword: null, newPassword: "Nouveau123!" }],
      ["/change-password", { currentPassword: PASSWORD, newPassword: MEGABYTE }],
      ["/change-password", { currentPassword: PASSWORD, newPassword: "Nou\u0000veau123!" }],
      ["/change-password", { currentPassword: PASSWORD, newPassword: "tropfaible" }],
      ["/two-factor/enable", { password: ["x"] }],
      ["/two-factor/enable", { password: PASSWORD, issuer: MEGABYTE }],
      ["/two-factor/disable", { password: "\u0000" }],
      ["/two-factor/verify-totp", { code: null }],
      ["/two-factor/verify-totp", { code: "12\u000034" }],
      ["/two-factor/verify-backup-code", { code: MEGABYTE }],
      ["/revoke-session", { token: MEGABYTE }],
      ["/revoke-session", { token: { id: 1 } }],
      ["/sign-out", { everything: MEGABYTE }],
    ];
    for (const [path, body] of cases) {
      const res = await signedIn.call(path, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(res.json?.message).not.toMatch(ENGLISH);
    }
    // Still signed in, password unchanged.
    expect((await signedIn.call("/get-session")).json?.user.email).toBe("input@example.com");
    expect(
      (await authHandlerClient(auth, "198.51.100.43").call("/sign-in/email", { email: "input@example.com", password: PASSWORD })).status,
    ).toBe(200);
  });

  it("the library's own refusals come back in French too", async () => {
    const wrong = await authHandlerClient(auth, "198.51.100.44").call("/sign-in/email", {
      email: "input@example.com",
      password: "mauvais-mdp",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD", message: "E-mail ou mot de passe incorrect." });
    const anonymous = await authHandlerClient(auth, "198.51.100.44").call("/change-password", {
      currentPassword: PASSWORD,
      newPassword: "Nouveau123!Aurore",
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json?.message).toBe("Connexion requise");
  });
});
