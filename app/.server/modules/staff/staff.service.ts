/**
 * The back-office team (decision 066): who is staff, with which role and permissions, the owner's
 * custom roles, invitations and when a session last passed the second factor. The only writer of
 * the staff_* tables; creating the invitee's account and ending sessions are the accounts
 * module's, composed by app/.server/workflows/staff.ts.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { staffFactorChecks, staffInvitations, staffMembers, staffRoles, user } from "~/.server/db/schema";
import { conflict, invalid, notFound } from "~/domain/errors";
import { effectivePermissions, isPermission, type Permission } from "~/domain/staff/permissions";
import { BUILTIN_ROLES, OWNER_ROLE_KEY, isBuiltinRoleKey, type StaffRole } from "~/domain/staff/roles";
import {
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_UNKNOWN_MESSAGE,
  INVITATION_USED_MESSAGE,
  LAST_OWNER_MESSAGE,
  PERMISSION_UNKNOWN_MESSAGE,
  ROLE_EMPTY_MESSAGE,
  ROLE_IN_USE_MESSAGE,
  ROLE_NAME_REQUIRED_MESSAGE,
  ROLE_NAME_TAKEN_MESSAGE,
  ROLE_UNKNOWN_MESSAGE,
  STAFF_NOT_FOUND_MESSAGE,
} from "~/domain/staff/staff-messages";

export type StaffStatus = "active" | "disabled";

/** What the session carries about a staff member. */
export type StaffAccess = { roleKey: string; roleName: string; permissions: Permission[]; status: StaffStatus };

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
export const CUSTOM_ROLES_MAX = 30;
export const ROLE_NAME_MAX = 60;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function customRoleOf(row: { key: string; name: string; permissions: string[] }): StaffRole {
  return { key: row.key, name: row.name, builtin: false, permissions: effectivePermissions(row.permissions.filter(isPermission)) };
}

/** A role by key: a built-in one, or the owner's custom one; null when unknown. */
export async function findStaffRole(db: Executor, key: string): Promise<StaffRole | null> {
  if (isBuiltinRoleKey(key)) return BUILTIN_ROLES[key];
  const [row] = await db.select().from(staffRoles).where(eq(staffRoles.key, key));
  return row ? customRoleOf(row) : null;
}

/** Every role: the built-in ones first, then the custom ones by name. */
export async function listStaffRoles(db: Executor): Promise<StaffRole[]> {
  const rows = await db.select().from(staffRoles).orderBy(asc(staffRoles.name));
  return [...Object.values(BUILTIN_ROLES), ...rows.map(customRoleOf)];
}

/** The staff side of a user: role, permissions and status; null for a user who is not staff. */
export async function staffAccessOf(db: Executor, userId: string): Promise<StaffAccess | null> {
  const [row] = await db
    .select({ roleKey: staffMembers.roleKey, status: staffMembers.status })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  if (!row) return null;
  const role = await findStaffRole(db, row.roleKey);
  // A role the owner deleted under someone (refused, but a hand edit could): nothing allowed.
  return {
    roleKey: row.roleKey,
    roleName: role?.name ?? row.roleKey,
    permissions: role?.permissions ?? [],
    status: row.status === "disabled" ? "disabled" : "active",
  };
}

export type StaffMemberRow = {
  userId: string;
  email: string;
  name: string;
  roleKey: string;
  status: StaffStatus;
  twoFactorEnabled: boolean;
  createdAt: string;
  disabledAt: string | null;
};

/** Équipe's list: every staff member, active first, by name. */
export async function listStaffMembers(db: Executor): Promise<StaffMemberRow[]> {
  const rows = await db
    .select({
      userId: staffMembers.userId,
      email: user.email,
      name: user.name,
      roleKey: staffMembers.roleKey,
      status: staffMembers.status,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: staffMembers.createdAt,
      disabledAt: staffMembers.disabledAt,
    })
    .from(staffMembers)
    .innerJoin(user, eq(user.id, staffMembers.userId))
    .orderBy(asc(staffMembers.status), asc(user.name));
  return rows.map((r) => ({
    ...r,
    status: r.status === "disabled" ? "disabled" : "active",
    twoFactorEnabled: Boolean(r.twoFactorEnabled),
    createdAt: r.createdAt.toISOString(),
    disabledAt: r.disabledAt?.toISOString() ?? null,
  }));
}

/** Makes a user staff with a role (the account's creation or the migration's owner). */
export async function addStaffMember(tx: Executor, input: { userId: string; roleKey: string; invitedBy: string | null }): Promise<void> {
  if (!(await findStaffRole(tx, input.roleKey))) throw invalid("unknown_role", ROLE_UNKNOWN_MESSAGE, { field: "role" });
  await tx
    .insert(staffMembers)
    .values({ userId: input.userId, roleKey: input.roleKey, invitedBy: input.invitedBy })
    .onConflictDoUpdate({
      target: staffMembers.userId,
      set: { roleKey: input.roleKey, status: "active", disabledAt: null, updatedAt: new Date() },
    });
}

/**
 * Makes sure the account the shop was started with (ADMIN_EMAIL, or the demo administrator) is
 * staff: an owner when it has no staff row yet; a row it already has (another role, disabled) is
 * the owner's decision and stays.
 */
export async function ensureOwnerRow(db: Executor, userId: string): Promise<void> {
  await db.insert(staffMembers).values({ userId, roleKey: OWNER_ROLE_KEY }).onConflictDoNothing();
}

/** Locks the active owners' rows, so two changes cannot each leave the other as the last owner. */
async function otherActiveOwners(tx: Executor, userId: string): Promise<number> {
  const rows = await tx
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .where(and(eq(staffMembers.roleKey, OWNER_ROLE_KEY), eq(staffMembers.status, "active")))
    .for("update");
  return rows.filter((r) => r.userId !== userId).length;
}

async function lockMember(tx: Executor, userId: string) {
  const [row] = await tx.select().from(staffMembers).where(eq(staffMembers.userId, userId)).for("update");
  if (!row) throw notFound("staff_not_found", STAFF_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * Takes every owner's row, always in the same order, before a change that could leave the shop
 * without an owner (a role change, a disabling). Two owners demoting each other at the same
 * moment then queue here instead of deadlocking on each other's row, and the second one reads
 * the first one's change once it is through.
 */
export async function lockOwners(tx: Executor): Promise<void> {
  await tx
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .where(eq(staffMembers.roleKey, OWNER_ROLE_KEY))
    .orderBy(asc(staffMembers.userId))
    .for("update");
}

/** Gives a staff member another role; the last active owner keeps theirs. */
export async function changeStaffRole(
  tx: Executor,
  input: { userId: string; roleKey: string },
): Promise<{ before: string; after: string }> {
  if (!(await findStaffRole(tx, input.roleKey))) throw invalid("unknown_role", ROLE_UNKNOWN_MESSAGE, { field: "role" });
  const member = await lockMember(tx, input.userId);
  if (member.roleKey === OWNER_ROLE_KEY && input.roleKey !== OWNER_ROLE_KEY && member.status === "active") {
    if ((await otherActiveOwners(tx, input.userId)) === 0) throw conflict("last_owner", LAST_OWNER_MESSAGE, { field: "role" });
  }
  await tx.update(staffMembers).set({ roleKey: input.roleKey, updatedAt: new Date() }).where(eq(staffMembers.userId, input.userId));
  return { before: member.roleKey, after: input.roleKey };
}

/** Disables or re-enables a staff member; the last active owner cannot be disabled. */
export async function setStaffStatus(
  tx: Executor,
  input: { userId: string; status: StaffStatus; now?: Date },
): Promise<{ changed: boolean }> {
  const member = await lockMember(tx, input.userId);
  if (member.status === input.status) return { changed: false };
  if (input.status === "disabled" && member.roleKey === OWNER_ROLE_KEY && (await otherActiveOwners(tx, input.userId)) === 0) {
    throw conflict("last_owner", LAST_OWNER_MESSAGE);
  }
  const now = input.now ?? new Date();
  await tx
    .update(staffMembers)
    .set({ status: input.status, disabledAt: input.status === "disabled" ? now : null, updatedAt: now })
    .where(eq(staffMembers.userId, input.userId));
  return { changed: true };
}

export type RoleInput = { name: string; permissions: string[] };

function checkedRole(input: RoleInput): { name: string; permissions: Permission[] } {
  const name = input.name.trim();
  if (!name) throw invalid("role_name_required", ROLE_NAME_REQUIRED_MESSAGE, { field: "name" });
  if (name.length > ROLE_NAME_MAX) throw invalid("role_name_too_long", ROLE_NAME_REQUIRED_MESSAGE, { field: "name" });
  const unknown = input.permissions.filter((p) => !isPermission(p));
  if (unknown.length > 0) throw invalid("unknown_permission", PERMISSION_UNKNOWN_MESSAGE, { field: "permissions" });
  const permissions = [...new Set(input.permissions)].filter(isPermission);
  if (permissions.length === 0) throw invalid("role_without_permission", ROLE_EMPTY_MESSAGE, { field: "permissions" });
  return { name, permissions };
}

async function nameTaken(tx: Executor, name: string, exceptKey?: string): Promise<boolean> {
  const lowered = name.toLocaleLowerCase("fr");
  if (Object.values(BUILTIN_ROLES).some((r) => r.name.toLocaleLowerCase("fr") === lowered)) return true;
  const rows = await tx
    .select({ key: staffRoles.key })
    .from(staffRoles)
    .where(and(sql`lower(${staffRoles.name}) = ${lowered}`, exceptKey ? ne(staffRoles.key, exceptKey) : undefined));
  return rows.length > 0;
}

/** Creates a custom role from permissions; its key is generated. */
export async function createCustomRole(tx: Executor, input: RoleInput): Promise<StaffRole> {
  const role = checkedRole(input);
  if (await nameTaken(tx, role.name)) throw conflict("role_name_taken", ROLE_NAME_TAKEN_MESSAGE, { field: "name" });
  const [{ n }] = await tx.select({ n: count() }).from(staffRoles);
  if (Number(n) >= CUSTOM_ROLES_MAX) throw conflict("too_many_roles", `${CUSTOM_ROLES_MAX} rôles personnalisés au maximum`);
  const key = `custom_${randomBytes(6).toString("hex")}`;
  await tx.insert(staffRoles).values({ key, name: role.name, permissions: role.permissions });
  return customRoleOf({ key, ...role });
}

/** Changes a custom role's name and permissions (built-in roles are fixed). */
export async function updateCustomRole(tx: Executor, key: string, input: RoleInput): Promise<{ before: StaffRole; after: StaffRole }> {
  if (isBuiltinRoleKey(key)) throw invalid("builtin_role", "Les rôles prédéfinis ne se modifient pas : créez un rôle personnalisé.");
  const before = await findStaffRole(tx, key);
  if (!before) throw notFound("unknown_role", ROLE_UNKNOWN_MESSAGE);
  const role = checkedRole(input);
  if (await nameTaken(tx, role.name, key)) throw conflict("role_name_taken", ROLE_NAME_TAKEN_MESSAGE, { field: "name" });
  await tx.update(staffRoles).set({ name: role.name, permissions: role.permissions, updatedAt: new Date() }).where(eq(staffRoles.key, key));
  return { before, after: customRoleOf({ key, ...role }) };
}

/** Deletes a custom role nobody holds and no pending invitation names. */
export async function deleteCustomRole(tx: Executor, key: string): Promise<StaffRole> {
  const role = await findStaffRole(tx, key);
  if (!role || role.builtin) throw notFound("unknown_role", ROLE_UNKNOWN_MESSAGE);
  const [{ n }] = await tx.select({ n: count() }).from(staffMembers).where(eq(staffMembers.roleKey, key));
  if (Number(n) > 0) throw conflict("role_in_use", ROLE_IN_USE_MESSAGE);
  await tx
    .update(staffInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffInvitations.roleKey, key), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
  await tx.delete(staffRoles).where(eq(staffRoles.key, key));
  return role;
}

/** Whether an e-mail already belongs to a staff member. */
export async function isStaffEmail(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .innerJoin(user, eq(user.id, staffMembers.userId))
    .where(eq(user.email, email.toLowerCase()));
  return rows.length > 0;
}

/**
 * A new invitation for `email` with `roleKey`; earlier pending ones for the address stop
 * working. Returns the token the link carries (only its hash is kept).
 */
export async function createInvitation(
  tx: Executor,
  input: { email: string; roleKey: string; invitedBy: string | null; now?: Date },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  if (!(await findStaffRole(tx, input.roleKey))) throw invalid("unknown_role", ROLE_UNKNOWN_MESSAGE, { field: "role" });
  const now = input.now ?? new Date();
  const email = input.email.toLowerCase();
  await tx
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(and(eq(staffInvitations.email, email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000);
  const [row] = await tx
    .insert(staffInvitations)
    .values({ email, roleKey: input.roleKey, tokenHash: hashToken(token), invitedBy: input.invitedBy, expiresAt, createdAt: now })
    .returning({ id: staffInvitations.id });
  return { id: row.id, token, expiresAt };
}

export type PendingInvitation = { id: string; email: string; roleKey: string; expiresAt: string; createdAt: string };

/** Invitations not yet used, revoked or expired, newest first. */
export async function listPendingInvitations(db: Executor, now = new Date()): Promise<PendingInvitation[]> {
  const rows = await db
    .select()
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), sql`${staffInvitations.expiresAt} > ${now}`))
    .orderBy(sql`${staffInvitations.createdAt} desc`);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    roleKey: r.roleKey,
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Withdraws a pending invitation. */
export async function revokeInvitation(tx: Executor, id: string): Promise<{ email: string } | null> {
  const [row] = await tx
    .update(staffInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .returning({ email: staffInvitations.email });
  return row ?? null;
}

/**
 * The invitation a link's token names, if it still works; otherwise the French refusal
 * (unknown, used or withdrawn, expired). `lock` takes it for the acceptance's transaction.
 */
export async function openInvitation(
  db: Executor,
  token: string,
  options: { now?: Date; lock?: boolean } = {},
): Promise<{ id: string; email: string; roleKey: string; invitedBy: string | null }> {
  if (!token || token.length > 200) throw invalid("invitation_unknown", INVITATION_UNKNOWN_MESSAGE);
  const query = db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashToken(token)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw invalid("invitation_unknown", INVITATION_UNKNOWN_MESSAGE);
  if (row.acceptedAt || row.revokedAt) throw conflict("invitation_used", INVITATION_USED_MESSAGE);
  if (row.expiresAt <= (options.now ?? new Date())) throw conflict("invitation_expired", INVITATION_EXPIRED_MESSAGE);
  return { id: row.id, email: row.email, roleKey: row.roleKey, invitedBy: row.invitedBy };
}

/** What an invitation link's page shows: its address, role and end; openInvitation's refusals otherwise. */
export async function previewInvitation(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<{ email: string; roleKey: string; roleName: string; expiresAt: Date }> {
  const invitation = await openInvitation(db, token, { now });
  const [row] = await db
    .select({ expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(eq(staffInvitations.id, invitation.id));
  const role = await findStaffRole(db, invitation.roleKey);
  return { email: invitation.email, roleKey: invitation.roleKey, roleName: role?.name ?? invitation.roleKey, expiresAt: row.expiresAt };
}

/** Marks an invitation used (inside the acceptance's transaction, after openInvitation's lock). */
export async function markInvitationAccepted(tx: Executor, id: string, now = new Date()): Promise<void> {
  await tx.update(staffInvitations).set({ acceptedAt: now }).where(eq(staffInvitations.id, id));
}

/** Notes that a session has just passed the second factor. */
export async function recordFactorCheck(db: Executor, sessionId: string, at = new Date()): Promise<void> {
  await db
    .insert(staffFactorChecks)
    .values({ sessionId, checkedAt: at })
    .onConflictDoUpdate({ target: staffFactorChecks.sessionId, set: { checkedAt: at } });
}

/** When a session last passed the second factor, or null. */
export async function lastFactorCheck(db: Executor, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: staffFactorChecks.checkedAt })
    .from(staffFactorChecks)
    .where(eq(staffFactorChecks.sessionId, sessionId));
  return row?.at ?? null;
}

/** The names and e-mails of staff members, for the activity log's filter. */
export async function staffNames(db: Executor, userIds: string[]): Promise<Map<string, { name: string; email: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(inArray(user.id, userIds));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}
