import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { account, beautyPassTransactions, orders, outbox, securityEvents, user, userProfiles } from "../../db/schema";
import { createAuth, type Auth } from "../../auth/auth.server";
import { isPasswordSetupLinkValid } from "./password-setup.service";
import {
  createClient as createClientOrThrow,
  sendClientMail as sendClientMailOrThrow,
  updateClientProfile as updateClientProfileOrThrow,
} from "./client-profile-admin.service";
import { adjustClientPoints as adjustClientPointsOrThrow, getAdminClientProfile } from "../../workflows/admin-client";
import { settled } from "../../../../tests/support/domain-result";

const updateClientProfile = (...args: Parameters<typeof updateClientProfileOrThrow>) => settled(updateClientProfileOrThrow(...args));
const adjustClientPoints = (...args: Parameters<typeof adjustClientPointsOrThrow>) => settled(adjustClientPointsOrThrow(...args));
const sendClientMail = (...args: Parameters<typeof sendClientMailOrThrow>) => settled(sendClientMailOrThrow(...args));
const createClient = (...args: Parameters<typeof createClientOrThrow>) => settled(createClientOrThrow(...args));

const BASE = "http://localhost:3998";
let handle: DatabaseHandle;
let auth: Auth;
const ADMIN = "profile-admin";

async function client(id: string, points = 0) {
  await handle.db.insert(user).values({ id, name: `Client ${id}`, email: `${id}@example.com` });
  await handle.db.insert(userProfiles).values({ id, firstName: "Inès", lastName: "Martin", loyaltyPoints: points });
}

async function mailsTo(email: string) {
  const rows = await handle.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${email}`);
  return rows.map((r) => r.payload as { to: string; subject: string; text: string });
}

beforeAll(async () => {
  handle = await createTestDatabase();
  auth = createAuth(handle.db, {
    publicUrl: BASE,
    secret: "test-secret-test-secret-test-secret-0123",
    rateLimitMax: 1000,
  });
  await handle.db.insert(user).values({ id: ADMIN, name: "Chef", email: "profile-chef@example.com", role: "admin" });
  await client("cp-ines", 150);
  await client("cp-paul", 0);
  await handle.db.insert(orders).values({
    orderNumber: "TEST-CP-1",
    userId: "cp-ines",
    status: "delivered",
    subtotalCents: 4200,
    totalCents: 4200,
    shippingAddress: {
      first_name: "Inès",
      last_name: "Martin",
      street: "1 rue Basse",
      city: "Lyon",
      postal_code: "69001",
      country: "France",
      phone: "0611223344",
    },
    metadata: {},
  });
});

afterAll(async () => {
  await handle?.close();
});

describe("client page (Voir)", () => {
  it("shows identity, orders, Beauty Pass and tier; refuses administrators and unknown ids", async () => {
    const profile = await getAdminClientProfile(handle.db, "cp-ines");
    expect(profile).toMatchObject({
      email: "cp-ines@example.com",
      first_name: "Inès",
      order_count: 1,
      loyalty_points: 150,
      loyalty_tier: "Beauty Lover",
      status: "active",
      has_password: false,
    });
    expect(profile?.latest_orders).toHaveLength(1);
    expect(profile?.latest_orders[0]).toMatchObject({ reference: "TEST-CP-1", total_cents: 4200 });
    expect(await getAdminClientProfile(handle.db, ADMIN)).toBeNull();
    expect(await getAdminClientProfile(handle.db, "nobody")).toBeNull();
    expect(await getAdminClientProfile(handle.db, "x'; drop table user; --")).toBeNull();
  });
});

describe("Modifier", () => {
  it("refuses bad fields with the French messages and changes nothing", async () => {
    const result = await updateClientProfile(handle.db, {
      actorId: ADMIN,
      clientId: "cp-ines",
      values: { firstName: " ", phone: "abc", dateOfBirth: "2999-01-01", gender: "robot", profilePictureUrl: "javascript:alert(1)" },
    });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        firstName: "Le prénom est obligatoire",
        phone: "Format de téléphone invalide",
        dateOfBirth: "La date de naissance doit être dans le passé (120 ans au plus)",
        gender: "Genre invalide",
        profilePictureUrl: "L'adresse de la photo doit commencer par http://, https:// ou /",
      },
    });
    const [row] = await handle.db.select().from(userProfiles).where(eq(userProfiles.id, "cp-ines"));
    expect(row.firstName).toBe("Inès");
    expect(row.phone).toBeNull();
  });

  it("saves the editable fields, renames the auth user and records the administrator", async () => {
    const result = await updateClientProfile(handle.db, {
      actorId: ADMIN,
      clientId: "cp-ines",
      values: {
        firstName: "Inès",
        lastName: "Moreau",
        phone: "06 12 34 56 78",
        dateOfBirth: "1990-04-12",
        gender: "female",
        bio: "Peau sensible",
        profilePictureUrl: "",
      },
    });
    expect(result).toEqual({ ok: true });
    const [row] = await handle.db.select().from(userProfiles).where(eq(userProfiles.id, "cp-ines"));
    expect(row).toMatchObject({
      lastName: "Moreau",
      phone: "06 12 34 56 78",
      dateOfBirth: "1990-04-12",
      gender: "female",
      bio: "Peau sensible",
      profilePictureUrl: null,
    });
    const [auth] = await handle.db.select({ name: user.name }).from(user).where(eq(user.id, "cp-ines"));
    expect(auth.name).toBe("Inès Moreau");
    const events = await handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, "cp-ines"), eq(securityEvents.eventType, "admin_profile_updated")));
    expect(events).toHaveLength(1);
    expect(events[0].metadata).toEqual({ actor_id: ADMIN });
  });

  it("clears the fields a form leaves out (no date of birth, no phone) instead of failing", async () => {
    await client("cp-partial");
    await handle.db
      .update(userProfiles)
      .set({ phone: "06 00 00 00 00", dateOfBirth: "1985-02-03", bio: "Avant" })
      .where(eq(userProfiles.id, "cp-partial"));
    const result = await updateClientProfile(handle.db, { actorId: ADMIN, clientId: "cp-partial", values: { firstName: "Inès" } });
    expect(result).toEqual({ ok: true });
    const [row] = await handle.db.select().from(userProfiles).where(eq(userProfiles.id, "cp-partial"));
    expect(row).toMatchObject({
      firstName: "Inès",
      lastName: null,
      phone: null,
      dateOfBirth: null,
      gender: null,
      bio: null,
      profilePictureUrl: null,
    });
  });

  it("refuses a NUL character in a field with the shop's French message", async () => {
    const result = await updateClientProfile(handle.db, {
      actorId: ADMIN,
      clientId: "cp-paul",
      values: { firstName: "Paul", bio: "a\u0000b" },
    });
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { bio: "Ce champ contient des caractères non autorisés." } });
  });

  it("never edits an administrator's profile", async () => {
    expect(await updateClientProfile(handle.db, { actorId: ADMIN, clientId: ADMIN, values: { firstName: "Pirate" } })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("Beauty Pass adjustment", () => {
  it("credits and debits through the ledger with the reason", async () => {
    expect(
      await adjustClientPoints(handle.db, { actorId: ADMIN, clientId: "cp-paul", values: { points: "250", reason: "Geste commercial" } }),
    ).toEqual({ ok: true, balance: 250 });
    expect(
      await adjustClientPoints(handle.db, { actorId: ADMIN, clientId: "cp-paul", values: { points: "-50", reason: "Correction" } }),
    ).toEqual({ ok: true, balance: 200 });
    const rows = await handle.db
      .select({ points: beautyPassTransactions.points, type: beautyPassTransactions.type, description: beautyPassTransactions.description })
      .from(beautyPassTransactions)
      .where(eq(beautyPassTransactions.userId, "cp-paul"));
    expect(rows).toEqual(
      expect.arrayContaining([
        { points: 250, type: "adjusted", description: "Geste commercial" },
        { points: -50, type: "adjusted", description: "Correction" },
      ]),
    );
    const events = await handle.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, "cp-paul"), eq(securityEvents.eventType, "admin_points_adjusted")));
    expect(events.map((e) => e.metadata)).toEqual(expect.arrayContaining([{ actor_id: ADMIN, points: -50, balance: 200 }]));
  });

  it("never takes the balance below 0 and writes nothing then", async () => {
    const result = await adjustClientPoints(handle.db, { actorId: ADMIN, clientId: "cp-paul", values: { points: "-201", reason: "Trop" } });
    expect(result).toMatchObject({ ok: false, status: 409, message: "Le solde de points ne peut pas devenir négatif" });
    const [row] = await handle.db.select({ points: userProfiles.loyaltyPoints }).from(userProfiles).where(eq(userProfiles.id, "cp-paul"));
    expect(row.points).toBe(200);
    const ledger = await handle.db.select().from(beautyPassTransactions).where(eq(beautyPassTransactions.userId, "cp-paul"));
    expect(ledger).toHaveLength(2);
  });

  it("validates the amount and the reason in French", async () => {
    expect(await adjustClientPoints(handle.db, { actorId: ADMIN, clientId: "cp-paul", values: { points: "0", reason: "" } })).toMatchObject(
      {
        ok: false,
        status: 400,
        fieldErrors: { points: "L'ajustement ne peut pas être nul", reason: "Le motif est obligatoire" },
      },
    );
    expect(
      await adjustClientPoints(handle.db, { actorId: ADMIN, clientId: "cp-paul", values: { points: "1.5", reason: "x" } }),
    ).toMatchObject({
      fieldErrors: { points: "Saisissez un nombre entier de points" },
    });
  });
});

describe("Envoyer email", () => {
  it("queues one mail per client in the outbox, skipping administrators", async () => {
    const result = await sendClientMail(handle.db, {
      actorId: ADMIN,
      values: {
        clientIds: ["cp-ines", "cp-paul", ADMIN, "cp-paul"],
        subject: "Nouveautés\r\nBcc: x@evil.test",
        body: "Bonjour,\nVotre commande est prête.",
      },
    });
    expect(result).toEqual({ ok: true, sent: 2 });
    for (const email of ["cp-ines@example.com", "cp-paul@example.com"]) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe("Nouveautés Bcc: x@evil.test");
      expect(mails[0].text).toContain("Votre commande est prête.");
    }
    expect(await mailsTo("profile-chef@example.com")).toHaveLength(0);
  });

  it("refuses an empty subject or body, too many recipients, and no client at all", async () => {
    expect(await sendClientMail(handle.db, { actorId: ADMIN, values: { clientIds: ["cp-ines"], subject: " ", body: "" } })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { subject: "L'objet est obligatoire", body: "Le message est obligatoire" },
    });
    const many = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    expect(await sendClientMail(handle.db, { actorId: ADMIN, values: { clientIds: many, subject: "a", body: "b" } })).toMatchObject({
      fieldErrors: { clientIds: "Un message peut être envoyé à 100 clients au plus" },
    });
    expect(await sendClientMail(handle.db, { actorId: ADMIN, values: { clientIds: [ADMIN], subject: "a", body: "b" } })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("Nouveau Client", () => {
  it("creates the account without a password, invites by mail, and the link sets the password through better-auth", async () => {
    const result = await createClient(handle.db, {
      actorId: ADMIN,
      publicUrl: BASE,
      values: { email: "Nouvelle.Cliente@Example.com", firstName: "Léa", lastName: "", phone: "0601020304" },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [created] = await handle.db.select().from(user).where(eq(user.id, result.clientId));
    expect(created).toMatchObject({ email: "nouvelle.cliente@example.com", role: "user", name: "Léa" });
    expect(await handle.db.select().from(account).where(eq(account.userId, result.clientId))).toHaveLength(0);
    const [profile] = await handle.db.select().from(userProfiles).where(eq(userProfiles.id, result.clientId));
    expect(profile).toMatchObject({ firstName: "Léa", lastName: null, phone: "0601020304", loyaltyPoints: 0 });

    const [mail] = await mailsTo("nouvelle.cliente@example.com");
    expect(mail.subject).toBe("Bienvenue chez Aurore : définissez votre mot de passe");
    const link = mail.text.match(/https?:\/\/\S+\/definir-mot-de-passe\?token=(\S+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);
    expect(await isPasswordSetupLinkValid(handle.db, token)).toBe(true);

    await auth.api.resetPassword({ body: { newPassword: "Nouveau1!pass", token } });
    const [credential] = await handle.db.select().from(account).where(eq(account.userId, result.clientId));
    expect(credential.providerId).toBe("credential");
    expect(credential.password).not.toContain("Nouveau1!pass");
    expect(await isPasswordSetupLinkValid(handle.db, token)).toBe(false);
    const signedIn = await auth.api.signInEmail({ body: { email: "nouvelle.cliente@example.com", password: "Nouveau1!pass" } });
    expect(signedIn.user.id).toBe(result.clientId);
  });

  it("refuses an e-mail already used, whatever its case, and bad input, in French", async () => {
    expect(
      await createClient(handle.db, { actorId: ADMIN, publicUrl: BASE, values: { email: "CP-INES@example.com", firstName: "Autre" } }),
    ).toEqual({
      ok: false,
      status: 409,
      code: "client_email_taken",
      message: "Un compte existe déjà avec cette adresse e-mail",
      fieldErrors: { email: "Un compte existe déjà avec cette adresse e-mail" },
    });
    expect(
      await createClient(handle.db, { actorId: ADMIN, publicUrl: BASE, values: { email: "pas-un-email", firstName: "" } }),
    ).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "Format d'email invalide", firstName: "Le prénom est obligatoire" },
    });
    expect(await isPasswordSetupLinkValid(handle.db, "unknown-token")).toBe(false);
  });
});
