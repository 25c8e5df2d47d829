/**
 * Getting back into an account (decision 042), on a real database (PGlite, or the PostgreSQL
 * server with TEST_DATABASE_URL): the reset link mail, one answer for unknown addresses, single
 * use, expiry, sessions ended; verification on sign-up; the change of address confirmed from the
 * new address with a notice to the old; an address in use refused; sign-up consent; the checkout
 * phone filling an empty profile phone only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import { AUTH_TEST_BASE, authHandlerClient } from "../../../../tests/support/auth-handler-client";
import type { DatabaseHandle } from "../../db/client";
import { outbox, session, user, userPreferences, userProfiles, verification } from "../../db/schema";
import { createAuth, type Auth } from "../../auth/auth.server";
import {
  isResetLinkValid,
  requestEmailChange,
  requestPasswordReset,
  resendVerificationEmail,
  resetPasswordWithLink,
} from "./account-recovery.service";
import { fillEmptyProfilePhone, getProfile, updateProfile } from "./profile.service";
import { EMAIL_IN_USE_MESSAGE, RESET_LINK_INVALID_MESSAGE } from "~/domain/auth/account-recovery.schema";
import { COMMON_PASSWORD_MESSAGE } from "~/domain/auth/password-policy";

let handle: DatabaseHandle;
let auth: Auth;
const PASSWORD = "Lavande#Grasse7";

beforeAll(async () => {
  handle = await createTestDatabase();
  auth = createAuth(handle.db, { publicUrl: AUTH_TEST_BASE, secret: "test-secret-test-secret-test-secret-0123", rateLimitMax: 1000 });
});
afterAll(async () => {
  await handle?.close();
});

type Mail = { to: string; subject: string; text: string };
async function mailsTo(to: string): Promise<Mail[]> {
  const rows = await handle.db.select({ payload: outbox.payload }).from(outbox).orderBy(outbox.id);
  return rows.map((r) => r.payload as Mail).filter((m) => m.to === to);
}

async function signUp(email: string, extra: Record<string, unknown> = {}, ip = "203.0.113.30") {
  const c = authHandlerClient(auth, ip);
  const res = await c.call("/sign-up/email", {
    email,
    password: PASSWORD,
    name: "Camille Roux",
    firstName: "Camille",
    lastName: "Roux",
    ...extra,
  });
  return { c, res };
}

function tokenOf(text: string): string {
  const match = /reinitialiser-mot-de-passe\?token=([^\s&]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(match[1]);
}

describe("password reset", () => {
  it("mails a one-hour link greeting by first name; the new password works and every session ends", async () => {
    const { c, res } = await signUp("reset@example.com");
    expect(res.status).toBe(200);
    const userId = res.json?.user.id as string;
    expect(await handle.db.select().from(session).where(eq(session.userId, userId))).toHaveLength(1);

    await requestPasswordReset(handle.db, auth, { email: "reset@example.com", clientKey: "ip:203.0.113.31" });
    const [mail] = (await mailsTo("reset@example.com")).filter((m) => m.subject === "Réinitialisez votre mot de passe Aurore");
    expect(mail.text).toContain("Bonjour Camille");
    expect(mail.text).toContain("valable 60 minutes");
    const token = tokenOf(mail.text);
    const [row] = await handle.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    const minutes = (row.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(await isResetLinkValid(handle.db, token)).toBe(true);

    await resetPasswordWithLink(auth, { token, newPassword: "Nouvelle#Rose2026" });
    expect(await handle.db.select().from(session).where(eq(session.userId, userId))).toHaveLength(0);
    expect((await c.call("/get-session")).json).toBeNull();
    const signedIn = await authHandlerClient(auth, "203.0.113.32").call("/sign-in/email", {
      email: "reset@example.com",
      password: "Nouvelle#Rose2026",
    });
    expect(signedIn.status).toBe(200);

    // The same link again: refused in French, nothing changed.
    expect(await isResetLinkValid(handle.db, token)).toBe(false);
    await expect(resetPasswordWithLink(auth, { token, newPassword: "Autre#Iris2026" })).rejects.toThrow(RESET_LINK_INVALID_MESSAGE);
    const old = await authHandlerClient(auth, "203.0.113.33").call("/sign-in/email", {
      email: "reset@example.com",
      password: "Autre#Iris2026",
    });
    expect(old.status).toBe(401);
  });

  it("refuses an expired link and a common new password", async () => {
    await signUp("expired@example.com");
    await requestPasswordReset(handle.db, auth, { email: "expired@example.com", clientKey: "ip:203.0.113.34" });
    const token = tokenOf((await mailsTo("expired@example.com")).find((m) => m.subject.startsWith("Réinitialisez"))!.text);
    await expect(resetPasswordWithLink(auth, { token, newPassword: "Motdepasse123!" })).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
    await handle.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(await isResetLinkValid(handle.db, token)).toBe(false);
    await expect(resetPasswordWithLink(auth, { token, newPassword: "Nouvelle#Rose2026" })).rejects.toThrow(RESET_LINK_INVALID_MESSAGE);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    await expect(
      requestPasswordReset(handle.db, auth, { email: "personne@example.com", clientKey: "ip:203.0.113.35" }),
    ).resolves.toBeUndefined();
    expect(await mailsTo("personne@example.com")).toEqual([]);
  });

  it("sends at most 3 links an hour to one address, silently, and refuses a client IP past 10 requests", async () => {
    await signUp("flood@example.com");
    for (let i = 0; i < 5; i++)
      await requestPasswordReset(handle.db, auth, { email: "flood@example.com", clientKey: `ip:198.51.100.${i}` });
    expect((await mailsTo("flood@example.com")).filter((m) => m.subject.startsWith("Réinitialisez"))).toHaveLength(3);
    for (let i = 0; i < 10; i++)
      await requestPasswordReset(handle.db, auth, { email: `x${i}@example.com`, clientKey: "ip:198.51.100.200" });
    await expect(requestPasswordReset(handle.db, auth, { email: "y@example.com", clientKey: "ip:198.51.100.200" })).rejects.toMatchObject({
      kind: "rate_limited",
    });
  });
});

/** Makes the database refuse any write to `table` for rows whose text holds `marker` (a real failure, on both dialects). */
async function refuseWrites(table: "outbox" | "verification", marker: string): Promise<() => Promise<void>> {
  const fn = `refuse_${table}_test`;
  await handle.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW::text LIKE '%${marker}%' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`),
  );
  await handle.db.execute(sql.raw(`CREATE TRIGGER ${fn} BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION ${fn}()`));
  return async () => {
    await handle.db.execute(sql.raw(`DROP TRIGGER ${fn} ON "${table}"`));
    await handle.db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
  };
}

async function resetTokensOf(userId: string): Promise<number> {
  const rows = await handle.db
    .select({ id: verification.id })
    .from(verification)
    .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
  return rows.length;
}

describe("link mails and their tokens commit together (decision 042)", () => {
  it("stores no reset token when its mail cannot be queued, and says so", async () => {
    const { res } = await signUp("atomique@example.com");
    const userId = res.json?.user.id as string;
    const restore = await refuseWrites("outbox", "atomique@example.com");
    try {
      await expect(
        requestPasswordReset(handle.db, auth, { email: "atomique@example.com", clientKey: "ip:203.0.113.50" }),
      ).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await resetTokensOf(userId)).toBe(0);
    expect((await mailsTo("atomique@example.com")).filter((m) => m.subject.startsWith("Réinitialisez"))).toHaveLength(0);

    // Once the outbox takes it again, the token and its mail land together.
    await requestPasswordReset(handle.db, auth, { email: "atomique@example.com", clientKey: "ip:203.0.113.50" });
    expect(await resetTokensOf(userId)).toBe(1);
    expect((await mailsTo("atomique@example.com")).filter((m) => m.subject.startsWith("Réinitialisez"))).toHaveLength(1);
  });

  it("queues no mail when the token cannot be stored", async () => {
    const { res } = await signUp("sans-jeton@example.com");
    const userId = res.json?.user.id as string;
    const restore = await refuseWrites("verification", userId);
    try {
      await expect(
        requestPasswordReset(handle.db, auth, { email: "sans-jeton@example.com", clientKey: "ip:203.0.113.51" }),
      ).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await resetTokensOf(userId)).toBe(0);
    expect((await mailsTo("sans-jeton@example.com")).filter((m) => m.subject.startsWith("Réinitialisez"))).toHaveLength(0);
  });

  it("reports a verification link that could not be queued instead of answering 'sent'", async () => {
    await signUp("relance@example.com");
    const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "relance@example.com"));
    const before = (await mailsTo("relance@example.com")).length;
    const restore = await refuseWrites("outbox", "relance@example.com");
    try {
      await expect(resendVerificationEmail(handle.db, auth, { userId: row.id })).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await mailsTo("relance@example.com")).toHaveLength(before);
    await resendVerificationEmail(handle.db, auth, { userId: row.id });
    expect(await mailsTo("relance@example.com")).toHaveLength(before + 1);
  });

  it("queues neither the new address's link nor the old address's notice when one fails", async () => {
    const { c, res } = await signUp("avant@example.com");
    const headers = new Headers({ cookie: c.cookieHeader(), origin: AUTH_TEST_BASE });
    const restore = await refuseWrites("outbox", "avant@example.com");
    try {
      await expect(
        requestEmailChange(handle.db, auth, { userId: res.json?.user.id as string, headers, newEmail: "apres@example.com" }),
      ).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await mailsTo("apres@example.com")).toHaveLength(0);
  });
});

describe("e-mail verification and change of address", () => {
  it("sends a verification link on sign-up; opening it verifies the address", async () => {
    const { c, res } = await signUp("verif@example.com", { callbackURL: "/dashboard?email=confirmee" });
    const userId = res.json?.user.id as string;
    const [mail] = await mailsTo("verif@example.com").then((m) => m.filter((x) => x.subject === "Confirmez votre adresse e-mail Aurore"));
    const url = /(http\S+verify-email\?token=\S+)/.exec(mail.text)![1];
    const opened = await c.call(url.replace(`${AUTH_TEST_BASE}/api/auth`, ""));
    expect(opened.status).toBe(302);
    const [row] = await handle.db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
    expect(row.verified).toBe(true);
    await expect(resendVerificationEmail(handle.db, auth, { userId })).rejects.toMatchObject({ code: "email_already_verified" });
  });

  it("changes the address only from the new address's link, with a notice to the old one", async () => {
    const { c, res } = await signUp("ancienne@example.com");
    const userId = res.json?.user.id as string;
    const headers = new Headers({ cookie: c.cookieHeader(), origin: AUTH_TEST_BASE });
    await requestEmailChange(handle.db, auth, { userId, headers, newEmail: "nouvelle@example.com" });
    const [notice] = await mailsTo("ancienne@example.com").then((m) => m.filter((x) => x.subject.startsWith("Demande de changement")));
    expect(notice.text).toContain("nouvelle@example.com");
    const [confirm] = await mailsTo("nouvelle@example.com");
    expect(confirm.subject).toBe("Confirmez votre nouvelle adresse e-mail Aurore");
    let [row] = await handle.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    expect(row.email).toBe("ancienne@example.com");
    const url = /(http\S+verify-email\?token=\S+)/.exec(confirm.text)![1];
    expect((await c.call(url.replace(`${AUTH_TEST_BASE}/api/auth`, ""))).status).toBe(302);
    [row] = await handle.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    expect(row.email).toBe("nouvelle@example.com");
  });

  it("refuses an address another account uses, in French, and sends nothing", async () => {
    await signUp("prise@example.com");
    const { c, res } = await signUp("demandeur@example.com");
    const headers = new Headers({ cookie: c.cookieHeader(), origin: AUTH_TEST_BASE });
    const before = (await handle.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0].n;
    await expect(
      requestEmailChange(handle.db, auth, { userId: res.json?.user.id as string, headers, newEmail: "prise@example.com" }),
    ).rejects.toThrow(EMAIL_IN_USE_MESSAGE);
    expect((await handle.db.select({ n: sql<number>`count(*)::int` }).from(outbox))[0].n).toBe(before);
  });
});

describe("sign-up", () => {
  it("records the refusal of commercial e-mails, the birth date, and the newsletter request (double opt-in)", async () => {
    const { res } = await signUp("consent@example.com", { refuseCommercialEmails: true, newsletter: true, birthDate: "1990-04-12" });
    const userId = res.json?.user.id as string;
    const [prefs] = await handle.db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
    expect(prefs).toMatchObject({ emailPromotions: false, emailMarketing: false });
    const [profile] = await handle.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
    expect(profile.dateOfBirth).toBe("1990-04-12");
    const mails = await mailsTo("consent@example.com");
    expect(mails.map((m) => m.subject)).toContain("Confirmez votre inscription à la newsletter Aurore");
  });

  it("refuses a common password with the French message", async () => {
    const c = authHandlerClient(auth, "203.0.113.40");
    const res = await c.call("/sign-up/email", {
      email: "faible@example.com",
      password: "Motdepasse123!",
      name: "Léa Petit",
      firstName: "Léa",
      lastName: "Petit",
    });
    expect(res.status).toBe(400);
    expect(res.json?.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(await handle.db.select().from(user).where(eq(user.email, "faible@example.com"))).toHaveLength(0);
  });

  it("leaves commercial e-mails on when not refused", async () => {
    const { res } = await signUp("accepte@example.com");
    const rows = await handle.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, res.json?.user.id as string));
    expect(rows.every((p) => p.emailPromotions)).toBe(true);
  });
});

describe("phone from checkout", () => {
  it("fills an empty profile phone and never overwrites one", async () => {
    const { res } = await signUp("tel@example.com");
    const userId = res.json?.user.id as string;
    expect(await fillEmptyProfilePhone(handle.db, userId, "06 12 34 56 78")).toBe(true);
    expect(await fillEmptyProfilePhone(handle.db, userId, "07 00 00 00 00")).toBe(false);
    const [profile] = await handle.db.select({ phone: userProfiles.phone }).from(userProfiles).where(eq(userProfiles.id, userId));
    expect(profile.phone).toBe("06 12 34 56 78");
    await handle.db
      .update(userProfiles)
      .set({ phone: "  " })
      .where(and(eq(userProfiles.id, userId), like(userProfiles.phone, "06%")));
    expect(await fillEmptyProfilePhone(handle.db, userId, "07 00 00 00 00")).toBe(true);
  });
});

describe("profile birth date", () => {
  it("is saved, shown by getProfile, kept when left out and cleared by null", async () => {
    const { res } = await signUp("naissance@example.com");
    const userId = res.json?.user.id as string;
    const base = { firstName: "Camille", lastName: "Roux", phone: null };
    expect((await updateProfile(handle.db, userId, { ...base, dateOfBirth: "1990-04-12" }))?.date_of_birth).toBe("1990-04-12");
    expect((await updateProfile(handle.db, userId, base))?.date_of_birth).toBe("1990-04-12");
    expect((await getProfile(handle.db, userId))?.date_of_birth).toBe("1990-04-12");
    expect((await updateProfile(handle.db, userId, { ...base, dateOfBirth: null }))?.date_of_birth).toBeNull();
  });
});
