import "~/domain/auth/common-passwords";
import { PASSWORD_POLICY_MESSAGE } from "~/domain/auth/password-policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { loginHistory, securityEvents, securityReports, session, user } from "../../db/schema";
import {
  createSecurityReport,
  findOwnSessionToken,
  listActiveSessions,
  listOtherSessionIds,
  listSecurityEvents,
  recordSecurityEvent,
  relinkLoginSession,
} from "./security.service";
import { listLoginHistory, recordLogin, recordLogout } from "./login-history.service";
import {
  ChangePasswordSchema,
  SecurityReportSchema,
  TwoFactorVerifySchema,
  checkPasswordCriteria,
  sanitizeTwoFactorCode,
} from "~/domain/account/security.schema";

let handle: DatabaseHandle;
const alice = "user-sec-alice";
const bruno = "user-sec-bruno";
const origin = { ip: "203.0.113.7", ua: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36" };
const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values([
    { id: alice, name: "Alice Martin", email: "alice.sec@example.com" },
    { id: bruno, name: "Bruno Petit", email: "bruno.sec@example.com" },
  ]);
  await handle.db.insert(session).values([
    { id: "s-alice-1", token: "tok-alice-1", userId: alice, expiresAt: inDays(30), userAgent: origin.ua, ipAddress: "198.51.100.1" },
    { id: "s-alice-2", token: "tok-alice-2", userId: alice, expiresAt: inDays(30), userAgent: iphone, ipAddress: "198.51.100.2" },
    { id: "s-alice-old", token: "tok-alice-old", userId: alice, expiresAt: inDays(-1), userAgent: iphone },
    { id: "s-bruno-1", token: "tok-bruno-1", userId: bruno, expiresAt: inDays(30), userAgent: origin.ua },
  ]);
});

afterAll(async () => {
  await handle?.close();
});

describe("active sessions", () => {
  it("lists only the user's unexpired sessions, the current one first and marked, with device info", async () => {
    const list = await listActiveSessions(handle.db, alice, "s-alice-2");
    expect(list.map((s) => s.id)).toEqual(["s-alice-2", "s-alice-1"]);
    expect(list[0]).toMatchObject({ isCurrent: true, deviceType: "mobile", browser: "Safari", os: "iOS", ipAddress: "198.51.100.2" });
    expect(list[1]).toMatchObject({ isCurrent: false, deviceType: "desktop", browser: "Chrome", os: "Linux" });
    expect(list.some((s) => "token" in s)).toBe(false);
  });

  it("never gives a token for another user's session", async () => {
    expect(await findOwnSessionToken(handle.db, alice, "s-alice-1")).toBe("tok-alice-1");
    expect(await findOwnSessionToken(handle.db, alice, "s-bruno-1")).toBeNull();
    expect(await findOwnSessionToken(handle.db, bruno, "s-alice-1")).toBeNull();
    expect(await listOtherSessionIds(handle.db, alice, "s-alice-1")).toEqual(expect.arrayContaining(["s-alice-2", "s-alice-old"]));
    expect(await listOtherSessionIds(handle.db, alice, "s-alice-1")).not.toContain("s-bruno-1");
    expect((await listActiveSessions(handle.db, bruno, "s-alice-1")).map((s) => s.id)).toEqual(["s-bruno-1"]);
  });
});

describe("login history", () => {
  it("shows each user only their own rows and follows a replaced session", async () => {
    await recordLogin(handle.db, {
      userId: alice,
      sessionId: "s-alice-1",
      successful: true,
      ipAddress: "198.51.100.1",
      userAgent: origin.ua,
    });
    await recordLogin(handle.db, { userId: alice, successful: false, ipAddress: "198.51.100.9", userAgent: origin.ua });
    await recordLogin(handle.db, { userId: bruno, sessionId: "s-bruno-1", successful: true, userAgent: origin.ua });
    const aliceRows = await listLoginHistory(handle.db, alice);
    expect(aliceRows).toHaveLength(2);
    expect(aliceRows.every((r) => r.userId === alice)).toBe(true);
    expect(aliceRows.filter((r) => !r.loginSuccessful)).toHaveLength(1);
    expect((await listLoginHistory(handle.db, bruno)).map((r) => r.sessionId)).toEqual(["s-bruno-1"]);

    // Another user's token is ignored; the user's own new session takes the history row over.
    expect(await relinkLoginSession(handle.db, alice, "s-alice-1", "tok-bruno-1")).toBeNull();
    expect(await relinkLoginSession(handle.db, alice, "s-alice-1", "tok-alice-2")).toBe("s-alice-2");
    const relinked = await handle.db.select().from(loginHistory).where(eq(loginHistory.sessionId, "s-alice-2"));
    expect(relinked).toHaveLength(1);
    expect(relinked[0].userId).toBe(alice);

    await recordLogout(handle.db, "s-alice-2", "terminated_by_user");
    const [ended] = await handle.db.select().from(loginHistory).where(eq(loginHistory.sessionId, "s-alice-2"));
    expect(ended.sessionDuration).toBe("terminated_by_user");
    expect(ended.logoutAt).toBeInstanceOf(Date);
    const [untouched] = await handle.db.select().from(loginHistory).where(eq(loginHistory.sessionId, "s-bruno-1"));
    expect(untouched.logoutAt).toBeNull();
  });
});

describe("security events", () => {
  it("records an event with its context", async () => {
    await recordSecurityEvent(handle.db, {
      userId: bruno,
      eventType: "password_changed",
      description: "Mot de passe modifié",
      ipAddress: origin.ip,
      userAgent: origin.ua,
      metadata: { otherSessionsRevoked: 2 },
    });
    const [event] = await listSecurityEvents(handle.db, bruno);
    expect(event).toMatchObject({
      eventType: "password_changed",
      ipAddress: origin.ip,
      userAgent: origin.ua,
      metadata: { otherSessionsRevoked: 2 },
    });
    expect(await listSecurityEvents(handle.db, alice)).not.toContainEqual(expect.objectContaining({ eventType: "password_changed" }));
  });
});

describe("security reports", () => {
  it("falls back to the account e-mail, defaults urgency to medium and records the event", async () => {
    const result = await createSecurityReport(
      handle.db,
      alice,
      { issueType: "unknown_device", description: "  Un appareil inconnu est connecté.  ", contactEmail: "" },
      origin,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.report.contactEmail).toBe("alice.sec@example.com");
    expect(result.report.urgency).toBe("medium");
    const [row] = await handle.db.select().from(securityReports).where(eq(securityReports.id, result.report.id));
    expect(row).toMatchObject({
      userId: alice,
      issueType: "unknown_device",
      description: "Un appareil inconnu est connecté.",
      status: "open",
      ipAddress: origin.ip,
      userAgent: origin.ua,
    });
    const events = await handle.db.select().from(securityEvents).where(eq(securityEvents.userId, alice));
    expect(events.map((e) => e.eventType)).toContain("security_report_submitted");
  });

  it("keeps a given contact e-mail and urgency", async () => {
    const result = await createSecurityReport(
      handle.db,
      bruno,
      { issueType: "phishing_attempt", description: "Un faux e-mail Aurore.", contactEmail: "secours@example.org", urgency: "high" },
      origin,
    );
    expect(result).toMatchObject({ ok: true, report: { contactEmail: "secours@example.org", urgency: "high" } });
  });

  it("refuses a missing type or a blank description with the spec message and stores nothing", async () => {
    const before = (await handle.db.select().from(securityReports)).length;
    const message = "Veuillez sélectionner un type de problème et fournir une description";
    expect(await createSecurityReport(handle.db, alice, { issueType: "other", description: "   " }, origin)).toEqual({
      ok: false,
      message,
    });
    expect(await createSecurityReport(handle.db, alice, { issueType: "", description: "Quelque chose" } as never, origin)).toEqual({
      ok: false,
      message,
    });
    expect(await createSecurityReport(handle.db, alice, { issueType: "other", description: "x".repeat(2001) }, origin)).toEqual({
      ok: false,
      message: "La description ne peut pas dépasser 2000 caractères",
    });
    expect(
      await createSecurityReport(handle.db, alice, { issueType: "other", description: "ok", contactEmail: "pas-un-email" }, origin),
    ).toEqual({ ok: false, message: "Format d'email invalide" });
    expect((await handle.db.select().from(securityReports)).length).toBe(before);
  });
});

describe("security forms", () => {
  it("checks each new-password criterion and the confirmation", () => {
    expect(
      checkPasswordCriteria("abc")
        .filter((c) => c.met)
        .map((c) => c.id),
    ).toEqual(["lower", "uncommon"]);
    expect(
      checkPasswordCriteria("Lavande#Grasse7")
        .filter((c) => !c.met)
        .map((c) => c.id),
    ).toEqual(["passphrase"]);
    const weak = ChangePasswordSchema.safeParse({ currentPassword: "x", newPassword: "abcdefgh", confirmPassword: "abcdefgh" });
    expect(weak.error?.issues[0]?.message).toBe(PASSWORD_POLICY_MESSAGE);
    const mismatch = ChangePasswordSchema.safeParse({
      currentPassword: "x",
      newPassword: "Lavande#Grasse7",
      confirmPassword: "Lavande#Grasse8",
    });
    expect(mismatch.error?.issues[0]?.message).toBe("Les mots de passe ne correspondent pas");
    expect(
      ChangePasswordSchema.safeParse({ currentPassword: "x", newPassword: "Lavande#Grasse7", confirmPassword: "Lavande#Grasse7" }).success,
    ).toBe(true);
  });

  it("keeps digits only in a 2FA code and needs exactly 6 to verify", () => {
    expect(sanitizeTwoFactorCode("12a 34-5678")).toBe("123456");
    expect(TwoFactorVerifySchema.safeParse({ code: "12345" }).success).toBe(false);
    expect(TwoFactorVerifySchema.safeParse({ code: "123456" }).success).toBe(true);
    expect(TwoFactorVerifySchema.safeParse({ code: "12345a" }).error?.issues[0]?.message).toBe("Code de vérification incorrect");
  });

  it("accepts the six issue types and the three urgencies only", () => {
    expect(SecurityReportSchema.safeParse({ issueType: "unauthorized_access", description: "x", urgency: "urgent" }).success).toBe(false);
    expect(SecurityReportSchema.parse({ issueType: "suspicious_activity", description: "x", urgency: "low" }).urgency).toBe("low");
  });
});
