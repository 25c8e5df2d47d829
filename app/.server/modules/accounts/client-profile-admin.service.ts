import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import { conflict, invalid, notFound, type DomainError } from "~/domain/errors";
import { account, orders, user, userProfiles } from "../../db/schema";
import { createPasswordSetupLink } from "./password-setup.service";
import { recordSecurityEvent } from "./security.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { changedFields } from "~/domain/activity-log/masking";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { enqueueMail } from "../../outbox/outbox.service";
import { renderMail } from "../../mail/templates";
import { clientStatus, CLIENT_NOT_FOUND_MESSAGE } from "~/domain/customers/admin-clients.schema";
import {
  CLIENT_EMAIL_TAKEN_MESSAGE,
  ClientMailSchema,
  ClientPointsAdjustmentSchema,
  ClientProfileUpdateSchema,
  NewClientSchema,
  fieldErrorsOf,
  type AdminClientProfile,
} from "~/domain/customers/admin-client-profile.schema";
import { tierFor } from "~/domain/loyalty/loyalty.rules";
import { ADMIN_CLIENT_LATEST_ORDERS, CLIENT_INVITATION_LINK_DAYS } from "~/lib/shop-rules";
import { mailLanguageOf } from "~/.server/db/recipients";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/**
 * The administrator's actions on one client (spec back-office §2 "Customers", §6: "editing a
 * client is supported by the data layer"): the client page (Voir), profile edits (Modifier),
 * Beauty Pass corrections through the ledger, messages through the outbox and accounts created
 * on a client's behalf. Administrator accounts are never clients: every function refuses them.
 * Who did what is recorded as a security event of the client, with the administrator's id.
 */

/*
 * Refusals are thrown as DomainError: invalid_client_input (invalid, a message per field),
 * client_not_found, points_below_zero and client_email_taken (conflict, on their field).
 */
const clientNotFound = () => notFound("client_not_found", CLIENT_NOT_FOUND_MESSAGE);

/** better-auth ids are random strings; anything else (quotes, huge values) is not an id. */
function looksLikeId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id);
}

function invalidInput(error: import("zod").ZodError): DomainError {
  const fieldErrors = fieldErrorsOf(error);
  return invalid("invalid_client_input", Object.values(fieldErrors)[0] ?? ACCOUNT_MESSAGES.somethingWentWrong, { fieldErrors });
}

/** The client row locked for the change, or null for an unknown id or an administrator. */
async function lockClient(tx: Executor, clientId: string): Promise<{ id: string; email: string } | null> {
  if (!looksLikeId(clientId)) return null;
  const [row] = await tx.select({ id: user.id, email: user.email, role: user.role }).from(user).where(eq(user.id, clientId)).for("update");
  return row && row.role !== "admin" ? { id: row.id, email: row.email } : null;
}

/** What the accounts module knows of one client for Voir; the workflow adds the Beauty Pass history and addresses. */
export type AdminClientRecord = Omit<AdminClientProfile, "loyalty_history" | "addresses">;

/** Voir: identity, contact, orders and Beauty Pass balance of one client (workflows/admin-client.ts adds the rest). */
export async function getAdminClientRecord(db: Executor, clientId: string, now = new Date()): Promise<AdminClientRecord | null> {
  if (!looksLikeId(clientId)) return null;
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      role: user.role,
      createdAt: user.createdAt,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      phone: userProfiles.phone,
      dateOfBirth: userProfiles.dateOfBirth,
      gender: userProfiles.gender,
      bio: userProfiles.bio,
      profilePictureUrl: userProfiles.profilePictureUrl,
      lastLoginAt: userProfiles.lastLoginAt,
      loyaltyPoints: userProfiles.loyaltyPoints,
      totalSpentCents: userProfiles.totalSpentCents,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, clientId))
    .limit(1);
  if (!row || row.role === "admin") return null;

  const [[figures], latest, [credential]] = await Promise.all([
    db
      .select({ orderCount: count(), lastOrderAt: sql<Date | string | null>`max(${orders.createdAt})` })
      .from(orders)
      .where(eq(orders.userId, clientId)),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, clientId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_CLIENT_LATEST_ORDERS),
    db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, clientId), eq(account.providerId, "credential"), isNotNull(account.password)))
      .limit(1),
  ]);
  const lastOrderAt = figures?.lastOrderAt ? new Date(figures.lastOrderAt).toISOString() : null;
  const points = row.loyaltyPoints ?? 0;
  return {
    id: row.id,
    email: row.email,
    email_verified: row.emailVerified,
    has_password: Boolean(credential),
    first_name: row.firstName ?? row.name,
    last_name: row.lastName ?? null,
    phone: row.phone ?? null,
    date_of_birth: row.dateOfBirth ?? null,
    gender: row.gender ?? null,
    bio: row.bio ?? null,
    profile_picture_url: row.profilePictureUrl ?? null,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    status: clientStatus(lastOrderAt, now),
    order_count: Number(figures?.orderCount ?? 0),
    total_spent_cents: row.totalSpentCents ?? 0,
    last_order_at: lastOrderAt,
    latest_orders: latest.map((o) => ({
      id: o.id,
      reference: o.orderNumber,
      status: o.status,
      total_cents: o.totalCents,
      created_at: o.createdAt.toISOString(),
    })),
    loyalty_points: points,
    loyalty_tier: tierFor(points).name,
  };
}

/** Modifier: the profile's editable fields; the auth user's display name follows the names. */
export async function updateClientProfile(
  db: Database,
  input: { actorId: string; clientId: string; values: unknown; actor?: AdminActor },
): Promise<void> {
  const parsed = ClientProfileUpdateSchema.safeParse(input.values);
  if (!parsed.success) throw invalidInput(parsed.error);
  const v = parsed.data;
  await db.transaction(async (tx) => {
    const client = await lockClient(tx, input.clientId);
    if (!client) throw clientNotFound();
    const [previous] = await tx
      .select({
        firstName: userProfiles.firstName,
        lastName: userProfiles.lastName,
        phone: userProfiles.phone,
        dateOfBirth: userProfiles.dateOfBirth,
        gender: userProfiles.gender,
        bio: userProfiles.bio,
        profilePictureUrl: userProfiles.profilePictureUrl,
      })
      .from(userProfiles)
      .where(eq(userProfiles.id, client.id));
    const fields = {
      firstName: v.firstName,
      lastName: v.lastName,
      phone: v.phone,
      dateOfBirth: v.dateOfBirth,
      gender: v.gender,
      bio: v.bio,
      profilePictureUrl: v.profilePictureUrl,
      updatedAt: sql`now()`,
    };
    // An account created before profiles existed gets its row now.
    await tx
      .insert(userProfiles)
      .values({ id: client.id, ...fields })
      .onConflictDoUpdate({ target: userProfiles.id, set: fields });
    await tx
      .update(user)
      .set({ name: [v.firstName, v.lastName].filter(Boolean).join(" "), updatedAt: sql`now()` })
      .where(eq(user.id, client.id));
    await recordSecurityEvent(tx, {
      userId: client.id,
      eventType: "admin_profile_updated",
      description: "Profil modifié par l'administrateur",
      metadata: { actor_id: input.actorId },
    });
    const { updatedAt: _updatedAt, ...edited } = fields;
    const diff = changedFields(previous ?? {}, edited);
    await recordAdminChangeBy(tx, input.actor, {
      action: "client.update",
      entityType: "client",
      entityId: client.id,
      summary: `Profil de ${client.email} modifié`,
      ...diff,
    });
  });
}

/** A Beauty Pass correction's points and reason, or the form's refusal (invalid_client_input). */
export function parseClientPointsAdjustment(values: unknown): { points: number; reason: string } {
  const parsed = ClientPointsAdjustmentSchema.safeParse(values);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** The client row locked for a correction of their points; client_not_found for an unknown id, an administrator or no profile. */
export async function lockClientForPoints(tx: Executor, clientId: string): Promise<{ id: string; email: string }> {
  const client = await lockClient(tx, clientId);
  if (!client) throw clientNotFound();
  const [profile] = await tx.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.id, client.id));
  if (!profile) throw clientNotFound();
  return client;
}

/** Who corrected the client's points, as a security event of the client and an entry of the activity log. */
export async function recordClientPointsAdjusted(
  tx: Executor,
  input: { client: { id: string; email: string }; actorId: string; actor?: AdminActor; points: number; reason: string; balance: number },
): Promise<void> {
  const { client, points, reason, balance } = input;
  await recordSecurityEvent(tx, {
    userId: client.id,
    eventType: "admin_points_adjusted",
    description: reason,
    metadata: { actor_id: input.actorId, points, balance },
  });
  await recordAdminChangeBy(tx, input.actor, {
    action: "client.points_adjust",
    entityType: "client",
    entityId: client.id,
    summary: `Beauty Pass de ${client.email} : ${points > 0 ? "+" : ""}${points} points (${reason})`,
    before: { balance: balance - points },
    after: { balance, reason },
  });
}

/**
 * Envoyer email: one plain-text mail per client, all queued in one transaction (all or none).
 * Ids that are not clients (unknown, administrators) are skipped; none left is a 404.
 */
export async function sendClientMail(
  db: Database,
  input: { actorId: string; values: unknown; actor?: AdminActor },
): Promise<{ sent: number }> {
  const parsed = ClientMailSchema.safeParse(input.values);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { subject, body } = parsed.data;
  const ids = [...new Set(parsed.data.clientIds)].filter(looksLikeId);
  if (ids.length === 0) throw clientNotFound();
  return db.transaction(async (tx) => {
    const recipients = await tx
      .select({ id: user.id, email: user.email, firstName: userProfiles.firstName })
      .from(user)
      .leftJoin(userProfiles, eq(userProfiles.id, user.id))
      .where(and(inArray(user.id, ids), ne(user.role, "admin")));
    if (recipients.length === 0) throw clientNotFound();
    for (const r of recipients) {
      const mail = await renderMail(
        "client-message",
        { firstName: r.firstName, subject, body, accountPath: "/dashboard" },
        { language: await mailLanguageOf(tx, r.id) },
      );
      await enqueueMail(tx, { to: r.email, ...mail });
      await recordAdminChangeBy(tx, input.actor, {
        action: "client.message",
        entityType: "client",
        entityId: r.id,
        summary: `E-mail « ${subject} » envoyé à ${r.email}`,
        after: { subject, body },
      });
    }
    return { sent: recipients.length };
  });
}

/**
 * Nouveau Client: the account (no password at all: no credential row), its profile, a one-time
 * "définissez votre mot de passe" link valid 7 days and the mail carrying it, in one transaction.
 * The link is better-auth's reset token, so choosing the password goes through the library.
 */
export async function createClient(
  db: Database,
  input: { actorId: string; values: unknown; publicUrl: string; now?: Date; actor?: AdminActor },
): Promise<{ clientId: string }> {
  const parsed = NewClientSchema.safeParse(input.values);
  if (!parsed.success) throw invalidInput(parsed.error);
  const v = parsed.data;
  const now = input.now ?? new Date();
  const taken = () => conflict("client_email_taken", CLIENT_EMAIL_TAKEN_MESSAGE, { fieldErrors: { email: CLIENT_EMAIL_TAKEN_MESSAGE } });
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${v.email}`)
        .limit(1);
      if (existing) throw taken();
      const clientId = randomBytes(24).toString("base64url");
      await tx.insert(user).values({
        id: clientId,
        name: [v.firstName, v.lastName].filter(Boolean).join(" "),
        email: v.email,
        emailVerified: false,
        role: "user",
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(userProfiles).values({ id: clientId, firstName: v.firstName, lastName: v.lastName, phone: v.phone });
      const link = await createPasswordSetupLink(tx, { userId: clientId, publicUrl: input.publicUrl, now });
      const mail = await renderMail(
        "client-invitation",
        { firstName: v.firstName, email: v.email, setPasswordPath: link, validDays: CLIENT_INVITATION_LINK_DAYS },
        { publicUrl: input.publicUrl },
      );
      await enqueueMail(tx, { to: v.email, ...mail });
      await recordSecurityEvent(tx, {
        userId: clientId,
        eventType: "admin_account_created",
        description: "Compte créé par l'administrateur",
        metadata: { actor_id: input.actorId },
      });
      await recordAdminChangeBy(tx, input.actor, {
        action: "client.create",
        entityType: "client",
        entityId: clientId,
        summary: `Client ${v.email} créé`,
        after: { email: v.email, firstName: v.firstName, lastName: v.lastName, phone: v.phone },
      });
      return { clientId };
    });
  } catch (error) {
    // Two creations of one e-mail at the same instant: the unique index refuses the second.
    if (
      (error as { code?: string; cause?: { code?: string } })?.code === "23505" ||
      (error as { cause?: { code?: string } })?.cause?.code === "23505"
    ) {
      throw taken();
    }
    throw error;
  }
}
