/**
 * The account dashboard checks passwords and codes by calling the auth library on the server,
 * outside its HTTP rate limits: the same per-account and per-address limit applies there
 * (decision 022). The action runs here as the server runs it, on a test database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { AUTH_TEST_BASE, authHandlerClient, sleep } from "../../../tests/support/auth-handler-client";
import type { DatabaseHandle } from "~/.server/db/client";
import { createAuth, type Auth } from "~/.server/auth/auth.server";
import { remember } from "~/lib/remember";
import { TWO_FACTOR_SETUP_FIRST_MESSAGE } from "~/domain/account/security.schema";
import type { AccountActionData } from "~/domain/account/account-actions";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { ActionResult as PageAnswer } from "~/domain/http/action-result";

const PASSWORD = "Secret123!Aurore";
const IP = "198.51.100.80";
type ActionResult = { data: PageAnswer<AccountActionData>; init: { status?: number; headers?: HeadersInit } | null };

let handle: DatabaseHandle;
let auth: Auth;
let action: (args: { request: Request }) => Promise<unknown>;
/** Password hashes compared by the library, counted on the way through. */
let passwordChecks = 0;
/** The process-wide holders getDb() and getAuth() read (app/.server/db/index.ts, session.server.ts). */
const dbHolder = remember<{ ready?: Promise<DatabaseHandle>; handle?: DatabaseHandle }>("database", () => ({}));
const authHolder = remember<{ auth?: Promise<Auth> }>("auth", () => ({}));
let saved: { db: typeof dbHolder; auth: typeof authHolder };

beforeAll(async () => {
  handle = await createTestDatabase();
  auth = createAuth(handle.db, {
    publicUrl: AUTH_TEST_BASE,
    secret: "test-secret-test-secret-test-secret-0123",
    rateLimitMax: 10_000,
    secretCheckLimits: { maxFailures: 10, windowSeconds: 3 },
  });
  const context = await auth.$context;
  const verify = context.password.verify;
  context.password.verify = async (input) => {
    passwordChecks += 1;
    return verify(input);
  };
  // The process-wide database and auth instance the route reaches through getDb() and getAuth().
  saved = { db: { ...dbHolder }, auth: { ...authHolder } };
  Object.assign(dbHolder, { handle, ready: Promise.resolve(handle) });
  authHolder.auth = Promise.resolve(auth);
  ({ action } = (await import("./dashboard")) as unknown as { action: typeof action });
});

afterAll(async () => {
  Object.assign(dbHolder, { handle: saved.db.handle, ready: saved.db.ready });
  authHolder.auth = saved.auth.auth;
  await handle?.close();
});

function post(cookie: string, fields: Record<string, string>, ip: string) {
  return new Request(`${AUTH_TEST_BASE}/dashboard`, {
    method: "POST",
    headers: {
      cookie,
      origin: AUTH_TEST_BASE,
      "x-aurore-client-ip": ip,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
}

async function run(cookie: string, fields: Record<string, string>, ip = IP) {
  return (await action({ request: post(cookie, fields, ip) })) as ActionResult;
}

describe("the dashboard's secret checks", () => {
  it("refuses the 11th wrong current password without checking it, and the right one until the window passes", async () => {
    const browser = authHandlerClient(auth, IP);
    expect(
      (await browser.call("/sign-up/email", { email: "dash@example.com", password: PASSWORD, name: "Nina Petit", firstName: "Nina" }))
        .status,
    ).toBe(200);
    const cookie = browser.cookieHeader();
    const change = (currentPassword: string) =>
      run(cookie, { intent: "change-password", currentPassword, newPassword: "Nouveau123!Aurore", confirmPassword: "Nouveau123!Aurore" });

    for (let i = 0; i < 10; i++) {
      const wrong = await change(`wrong-${i}`);
      expect(wrong.init?.status).toBe(400);
      expect(wrong.data).toMatchObject({ ok: false, code: "wrong_password", message: "Mot de passe actuel incorrect" });
    }
    expect(passwordChecks).toBe(10);

    const eleventh = await change("wrong-10");
    expect(eleventh.init?.status).toBe(429);
    expect(eleventh.data.message).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d secondes?\.$/);
    expect(new Headers(eleventh.init?.headers).get("Retry-After")).toMatch(/^\d$/);
    // The wait also comes as a number, for a page that words it in English (decision 044).
    expect(eleventh.data).toMatchObject({
      ok: false,
      code: "too_many_attempts",
      details: { retryAfterSeconds: Number(new Headers(eleventh.init?.headers).get("Retry-After")) },
    });
    const right = await change(PASSWORD);
    expect(right.init?.status).toBe(429);
    expect(passwordChecks).toBe(10); // neither was compared

    await sleep(3100);
    const after = await change(PASSWORD);
    expect(after.data).toMatchObject({ ok: true, data: { intent: "change-password" }, message: "Mot de passe modifié avec succès" });
    expect(passwordChecks).toBe(11);
  });

  it("applies to the two-factor setup and the account deletion password too", async () => {
    const browser = authHandlerClient(auth, IP);
    expect(
      (await browser.call("/sign-up/email", { email: "dash2@example.com", password: PASSWORD, name: "Paul Petit", firstName: "Paul" }))
        .status,
    ).toBe(200);
    const cookie = browser.cookieHeader();
    for (let i = 0; i < 5; i++) expect((await run(cookie, { intent: "2fa-enable", password: `wrong-${i}` })).init?.status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await run(cookie, { intent: "delete-account", password: `wrong-${i}` })).init?.status).toBe(400);
    const limited = await run(cookie, { intent: "2fa-enable", password: PASSWORD });
    expect(limited.init?.status).toBe(429);
    expect(limited.data.message).toMatch(/^Trop de tentatives/);
    // The limit holds per address as well: another account from the same address is refused too.
    const neighbour = authHandlerClient(auth, IP);
    expect(
      (await neighbour.call("/sign-up/email", { email: "dash4@example.com", password: PASSWORD, name: "Eva Petit", firstName: "Eva" }))
        .status,
    ).toBe(200);
    expect((await run(neighbour.cookieHeader(), { intent: "2fa-enable", password: PASSWORD })).init?.status).toBe(429);
    expect((await run(neighbour.cookieHeader(), { intent: "2fa-enable", password: PASSWORD }, "198.51.100.83")).data.ok).toBe(true);
  });

  it("answers 409, not 500, to a code sent before two-factor was set up", async () => {
    const browser = authHandlerClient(auth, "198.51.100.82");
    expect(
      (await browser.call("/sign-up/email", { email: "dash3@example.com", password: PASSWORD, name: "Léo Petit", firstName: "Léo" }))
        .status,
    ).toBe(200);
    const res = await run(browser.cookieHeader(), { intent: "2fa-verify", code: "123456" }, "198.51.100.82");
    expect(res.init?.status).toBe(409);
    expect(res.data.message).toBe(TWO_FACTOR_SETUP_FIRST_MESSAGE);
  });

  it("answers every form with the one ActionResult: the intent on success, the shared refusal otherwise (decision 056)", async () => {
    const browser = authHandlerClient(auth, "198.51.100.84");
    expect(
      (await browser.call("/sign-up/email", { email: "dash5@example.com", password: PASSWORD, name: "Zoé Petit", firstName: "Zoé" }))
        .status,
    ).toBe(200);
    const cookie = browser.cookieHeader();
    const ip = "198.51.100.84";

    const signedOut = await run("", { intent: "change-password" }, ip);
    expect(signedOut.init?.status).toBe(401);
    expect(signedOut.data).toEqual({ ok: false, code: "unauthenticated", message: ACCOUNT_MESSAGES.userNotSigned });
    const unknown = await run(cookie, { intent: "nope" }, ip);
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data).toEqual({ ok: false, code: "unknown_intent", message: ACCOUNT_MESSAGES.somethingWentWrong });

    const setup = await run(cookie, { intent: "2fa-enable", password: PASSWORD }, ip);
    expect(setup.init?.status).toBeUndefined();
    expect(setup.data).toMatchObject({ ok: true, data: { intent: "2fa-enable", setup: { secret: expect.any(String) } } });
    expect(setup.data).not.toHaveProperty("message");

    // An unexpected failure is the tab's French line with a 500, as before.
    const { answerAccountIntent } = await import("./tab-actions/intent.server");
    const failing = (await answerAccountIntent(post(cookie, { intent: "save-preferences" }, ip), {
      ...(await import("./tab-actions/account.server")).ACCOUNT_WIDE_INTENTS,
      ...(await import("./tab-actions/security.server")).SECURITY_INTENTS,
      ...(await import("./tab-actions/business-invoice.server")).BUSINESS_INVOICE_INTENTS,
      "save-preferences": {
        failure: "Une erreur est survenue",
        handle: async () => {
          throw new Error("connection lost");
        },
      },
    })) as unknown as ActionResult;
    expect(failing.init?.status).toBe(500);
    expect(failing.data).toEqual({ ok: false, code: "account_action_failed", message: "Une erreur est survenue" });
  });
});
