/**
 * Équipe (decision 066): invitations and their acceptance, members' roles and status, custom
 * roles and the refund limit. Each operation is one transaction composing the staff module
 * (roles, members, invitations), the accounts module (the invitee's account, a disabled member's
 * sessions) and the settings module, with its entry in the activity log.
 *
 * Role, permissions and status are read with the session and remembered with it, so a change to
 * them is announced ("sessions", invalidations.ts) once committed: every server process forgets
 * its session memo within a second, and a disabled member or a narrowed role stops at once.
 *
 * Who may change what is checked again here, inside the transaction, with the actor's role as it
 * is now: the acting member must hold `team.manage`, and every permission of a role they give
 * or take away, so a team manager never makes anyone (themselves included) more than they are.
 */
// The common-password rule of the password policy needs the list loaded (auth-input.ts loads it too).
import "~/domain/auth/common-passwords";
import type { Database, Executor } from "~/.server/db/client";
import { enqueueMail } from "~/.server/outbox/outbox.service";
import { recordAdminChange } from "~/.server/outbox/events";
import { announceInvalidation } from "~/.server/invalidations";
import { renderMail } from "~/.server/mail/templates";
import { accountOfEmail, createStaffAccount, endSessionsOf } from "~/.server/modules/accounts/staff-accounts.service";
import { getRefundLimitCents, setRefundLimitCents } from "~/.server/modules/settings/staff-settings.service";
import {
  addStaffMember,
  changeStaffRole as changeMemberRole,
  createCustomRole,
  createInvitation,
  deleteCustomRole,
  findStaffRole,
  INVITATION_DAYS,
  isStaffEmail,
  listPendingInvitations,
  listStaffMembers,
  listStaffRoles,
  lockOwners,
  markInvitationAccepted,
  openInvitation,
  previewInvitation,
  revokeInvitation,
  setStaffStatus,
  staffAccessOf,
  staffNames,
  updateCustomRole,
} from "~/.server/modules/staff/staff.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { conflict, forbidden, invalid, notFound } from "~/domain/errors";
import { allows, effectivePermissions, isPermission, type Permission } from "~/domain/staff/permissions";
import {
  INVITE_SHOPPER_MESSAGE,
  INVITE_STAFF_EXISTS_MESSAGE,
  ROLE_UNKNOWN_MESSAGE,
  STAFF_NOT_FOUND_MESSAGE,
  missingPermissionMessage,
} from "~/domain/staff/staff-messages";
import {
  AcceptInvitationSchema,
  InviteStaffSchema,
  RefundLimitSchema,
  RoleFormSchema,
  TEAM_MESSAGES,
  fieldErrorsOf,
  invitationPath,
  mayGrant,
  type AcceptInvitationInput,
  type InvitationPreview,
  type RoleFormInput,
  type TeamView,
} from "~/domain/staff/team-forms";
import { centsAsInputText, formatPrice } from "~/lib/money";
import { formatLongDateTime } from "~/lib/paris-time";
import type { z } from "zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function refusedForm(code: string, error: z.ZodError) {
  const fieldErrors = fieldErrorsOf(error);
  return invalid(code, Object.values(fieldErrors)[0] ?? ROLE_UNKNOWN_MESSAGE, { fieldErrors });
}

/** The acting member's permissions, read in the transaction: an active member with `team.manage`. */
async function managerPermissions(tx: Executor, actor: AdminActor): Promise<Permission[]> {
  const access = actor.type !== "api_key" && actor.id ? await staffAccessOf(tx, actor.id) : null;
  if (!access || access.status !== "active" || !allows(access.permissions, "team.manage")) {
    throw forbidden("missing_permission", missingPermissionMessage("team.manage"));
  }
  return access.permissions;
}

function assertMayGrant(granted: readonly Permission[], permissions: readonly string[], field?: string): void {
  if (!mayGrant(granted, permissions)) throw forbidden("beyond_your_role", TEAM_MESSAGES.beyondYourRole, field ? { field } : {});
}

async function nameOf(tx: Executor, userId: string): Promise<string> {
  const found = (await staffNames(tx, [userId])).get(userId);
  return found?.name || found?.email || userId;
}

/** Forgets every process's session memo: role, permissions and status are read with the session. */
async function announceSessions(db: Database): Promise<void> {
  await announceInvalidation(["sessions"], { db });
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Équipe's page: members, pending invitations, roles (with who may be given them) and the refund limit. */
export async function teamOverview(db: Database, viewer: { userId: string; permissions: readonly Permission[] }): Promise<TeamView> {
  const [members, invitations, roles, refundLimitCents] = await Promise.all([
    listStaffMembers(db),
    listPendingInvitations(db),
    listStaffRoles(db),
    getRefundLimitCents(db),
  ]);
  const roleName = (key: string) => roles.find((r) => r.key === key)?.name ?? key;
  return {
    members: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      roleKey: m.roleKey,
      roleName: roleName(m.roleKey),
      status: m.status,
      twoFactorEnabled: m.twoFactorEnabled,
      isSelf: m.userId === viewer.userId,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      roleKey: i.roleKey,
      roleName: roleName(i.roleKey),
      expiresAt: i.expiresAt,
    })),
    roles: roles.map((r) => ({
      key: r.key,
      name: r.name,
      builtin: r.builtin,
      permissions: r.permissions,
      members: members.filter((m) => m.roleKey === r.key).length,
      grantable: mayGrant(viewer.permissions, r.permissions),
    })),
    refundLimit: centsAsInputText(refundLimitCents),
    refundLimitCents,
    invitationDays: INVITATION_DAYS,
  };
}

/**
 * 'Inviter': a shopper's address is refused with the way forward (a separate, professional
 * address), a member's too; the invitation's link is mailed with who invites, the role, the
 * link's end and the two-factor requirement, in the invitation's transaction.
 */
export async function inviteStaff(
  db: Database,
  input: { email: string; roleKey: string },
  actor: AdminActor,
  publicUrl: string,
  now = new Date(),
): Promise<{ invitationId: string; email: string; roleName: string; expiresAt: Date }> {
  const parsed = InviteStaffSchema.safeParse({ email: input.email, role: input.roleKey });
  if (!parsed.success) throw refusedForm("invalid_invitation", parsed.error);
  const { email, role: roleKey } = parsed.data;
  return db.transaction(async (tx) => {
    const granted = await managerPermissions(tx, actor);
    const account = await accountOfEmail(tx, email);
    if (account && !account.isStaff) throw conflict("invite_shopper", INVITE_SHOPPER_MESSAGE, { field: "email" });
    if (account || (await isStaffEmail(tx, email))) throw conflict("staff_exists", INVITE_STAFF_EXISTS_MESSAGE, { field: "email" });
    const role = await findStaffRole(tx, roleKey);
    if (!role) throw invalid("unknown_role", ROLE_UNKNOWN_MESSAGE, { field: "role" });
    assertMayGrant(granted, role.permissions, "role");
    const invitation = await createInvitation(tx, { email, roleKey, invitedBy: actor.id, now });
    const mail = await renderMail(
      "staff-invitation",
      {
        firstName: null,
        inviterName: actor.id ? await nameOf(tx, actor.id) : actor.label,
        roleName: role.name,
        invitationPath: invitationPath(invitation.token),
        expiresAt: formatLongDateTime(invitation.expiresAt),
      },
      { publicUrl },
    );
    await enqueueMail(tx, { to: email, ...mail });
    await recordAdminChange(tx, actor, {
      action: "staff.invite",
      entityType: "staff",
      entityId: invitation.id,
      summary: `Invitation envoyée à ${email} (${role.name})`,
      after: { email, role: role.key, expiresAt: invitation.expiresAt.toISOString() },
    });
    return { invitationId: invitation.id, email, roleName: role.name, expiresAt: invitation.expiresAt };
  });
}

/** 'Retirer': the pending invitation's link stops working. */
export async function revokeStaffInvitation(db: Database, invitationId: string, actor: AdminActor): Promise<{ email: string }> {
  if (!UUID.test(invitationId)) throw notFound("invitation_not_pending", TEAM_MESSAGES.invitationNotPending);
  return db.transaction(async (tx) => {
    await managerPermissions(tx, actor);
    const revoked = await revokeInvitation(tx, invitationId);
    if (!revoked) throw notFound("invitation_not_pending", TEAM_MESSAGES.invitationNotPending);
    await recordAdminChange(tx, actor, {
      action: "staff.invitation_revoke",
      entityType: "staff",
      entityId: invitationId,
      summary: `Invitation de ${revoked.email} retirée`,
      before: { email: revoked.email },
    });
    return revoked;
  });
}

/** /admin/invitation's page: the invitation a link names, or its French refusal (unknown, used, expired). */
export async function invitationForLink(db: Database, token: string, now = new Date()): Promise<InvitationPreview> {
  const found = await previewInvitation(db, token, now);
  return { email: found.email, roleName: found.roleName, expiresAt: found.expiresAt.toISOString() };
}

/**
 * The invitee creates their account: the link still works (taken for this transaction, so it
 * serves once), the password follows the shop's policy, and no account took the address
 * meanwhile. The account, the membership and the link's use commit together.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  input: AcceptInvitationInput,
  now = new Date(),
): Promise<{ userId: string; email: string }> {
  try {
    return await db.transaction(async (tx) => {
      const invitation = await openInvitation(tx, token, { now, lock: true });
      const parsed = AcceptInvitationSchema.safeParse(input);
      if (!parsed.success) throw refusedForm("invalid_acceptance", parsed.error);
      const { firstName, lastName, password } = parsed.data;
      if (await accountOfEmail(tx, invitation.email)) throw conflict("invitation_email_taken", TEAM_MESSAGES.emailTaken);
      const { userId } = await createStaffAccount(tx, { email: invitation.email, firstName, lastName, password, now });
      await addStaffMember(tx, { userId, roleKey: invitation.roleKey, invitedBy: invitation.invitedBy });
      await markInvitationAccepted(tx, invitation.id, now);
      const role = await findStaffRole(tx, invitation.roleKey);
      await recordAdminChange(
        tx,
        { type: "user", id: userId, label: invitation.email },
        {
          action: "staff.join",
          entityType: "staff",
          entityId: userId,
          summary: `${firstName} ${lastName} a rejoint l'équipe (${role?.name ?? invitation.roleKey})`,
          after: { email: invitation.email, role: invitation.roleKey, invitationId: invitation.id },
        },
      );
      return { userId, email: invitation.email };
    });
  } catch (error) {
    // An account made with the address at the same instant: the e-mail's unique index refuses ours.
    if (isUniqueViolation(error)) throw conflict("invitation_email_taken", TEAM_MESSAGES.emailTaken);
    throw error;
  }
}

/** Gives a member another role; the last active owner keeps theirs (the staff module's rule). */
export async function changeStaffRole(
  db: Database,
  input: { userId: string; roleKey: string },
  actor: AdminActor,
): Promise<{ name: string; roleName: string; changed: boolean }> {
  const result = await db.transaction(async (tx) => {
    // First, always: two owners demoting each other wait in line here (see lockOwners).
    await lockOwners(tx);
    const granted = await managerPermissions(tx, actor);
    const role = await findStaffRole(tx, input.roleKey);
    if (!role) throw invalid("unknown_role", ROLE_UNKNOWN_MESSAGE, { field: "role" });
    const current = await staffAccessOf(tx, input.userId);
    if (!current) throw notFound("staff_not_found", STAFF_NOT_FOUND_MESSAGE);
    assertMayGrant(granted, [...current.permissions, ...role.permissions], "role");
    const { before, after } = await changeMemberRole(tx, input);
    const name = await nameOf(tx, input.userId);
    if (before !== after) {
      await recordAdminChange(tx, actor, {
        action: "staff.role_change",
        entityType: "staff",
        entityId: input.userId,
        summary: `${name} : ${current.roleName} → ${role.name}`,
        before: { role: before },
        after: { role: after },
      });
    }
    return { name, roleName: role.name, changed: before !== after };
  });
  if (result.changed) await announceSessions(db);
  return result;
}

/**
 * 'Désactiver': the member can no longer sign in and every session of theirs ends now (the other
 * processes forget them within a second). Nobody disables themselves; the last owner stays.
 */
export async function disableStaff(db: Database, userId: string, actor: AdminActor): Promise<{ name: string; changed: boolean }> {
  if (userId === actor.id) throw conflict("self_disable", TEAM_MESSAGES.selfDisable);
  const result = await db.transaction(async (tx) => {
    await lockOwners(tx);
    const granted = await managerPermissions(tx, actor);
    const current = await staffAccessOf(tx, userId);
    if (!current) throw notFound("staff_not_found", STAFF_NOT_FOUND_MESSAGE);
    assertMayGrant(granted, current.permissions);
    const { changed } = await setStaffStatus(tx, { userId, status: "disabled" });
    const name = await nameOf(tx, userId);
    if (changed) {
      const sessions = await endSessionsOf(tx, userId);
      await recordAdminChange(tx, actor, {
        action: "staff.disable",
        entityType: "staff",
        entityId: userId,
        summary: `${name} désactivé(e) (${sessions} session(s) fermée(s))`,
        before: { status: "active" },
        after: { status: "disabled" },
      });
    }
    return { name, changed };
  });
  if (result.changed) await announceSessions(db);
  return result;
}

/** 'Réactiver': the member signs in again with their password and second factor. */
export async function enableStaff(db: Database, userId: string, actor: AdminActor): Promise<{ name: string; changed: boolean }> {
  const result = await db.transaction(async (tx) => {
    const granted = await managerPermissions(tx, actor);
    const current = await staffAccessOf(tx, userId);
    if (!current) throw notFound("staff_not_found", STAFF_NOT_FOUND_MESSAGE);
    assertMayGrant(granted, current.permissions);
    const { changed } = await setStaffStatus(tx, { userId, status: "active" });
    const name = await nameOf(tx, userId);
    if (changed) {
      await recordAdminChange(tx, actor, {
        action: "staff.enable",
        entityType: "staff",
        entityId: userId,
        summary: `${name} réactivé(e)`,
        before: { status: "disabled" },
        after: { status: "active" },
      });
    }
    return { name, changed };
  });
  if (result.changed) await announceSessions(db);
  return result;
}

/** The form's role, checked as the browser checks it (unknown permission, none at all, the name). */
function checkedRoleForm(input: RoleFormInput): { name: string; permissions: Permission[] } {
  const parsed = RoleFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    const code = input.permissions.some((p) => !isPermission(p))
      ? "unknown_permission"
      : fieldErrors.permissions
        ? "role_without_permission"
        : "invalid_role";
    throw invalid(code, Object.values(fieldErrors)[0] ?? ROLE_UNKNOWN_MESSAGE, { fieldErrors });
  }
  return { name: parsed.data.name, permissions: parsed.data.permissions.filter(isPermission) };
}

const roleRecord = (role: { name: string; permissions: readonly string[] }) => ({ name: role.name, permissions: [...role.permissions] });

/** A custom role from permissions (what they imply comes with them). */
export async function createRole(db: Database, input: RoleFormInput, actor: AdminActor): Promise<{ key: string; name: string }> {
  const form = checkedRoleForm(input);
  return db.transaction(async (tx) => {
    const granted = await managerPermissions(tx, actor);
    assertMayGrant(granted, effectivePermissions(form.permissions), "permissions");
    const role = await createCustomRole(tx, form);
    await recordAdminChange(tx, actor, {
      action: "staff_role.create",
      entityType: "staff_role",
      entityId: role.key,
      summary: `Rôle « ${role.name} » créé`,
      after: roleRecord(form),
    });
    return { key: role.key, name: role.name };
  });
}

/** A custom role's new name and permissions: its members' sessions read them at once. */
export async function updateRole(
  db: Database,
  key: string,
  input: RoleFormInput,
  actor: AdminActor,
): Promise<{ key: string; name: string }> {
  const form = checkedRoleForm(input);
  const result = await db.transaction(async (tx) => {
    const granted = await managerPermissions(tx, actor);
    const current = await findStaffRole(tx, key);
    if (current) assertMayGrant(granted, current.permissions, "permissions");
    assertMayGrant(granted, effectivePermissions(form.permissions), "permissions");
    const { before } = await updateCustomRole(tx, key, form);
    await recordAdminChange(tx, actor, {
      action: "staff_role.update",
      entityType: "staff_role",
      entityId: key,
      summary: `Rôle « ${form.name} » modifié`,
      before: roleRecord({ name: before.name, permissions: before.permissions }),
      after: roleRecord(form),
    });
    return { key, name: form.name };
  });
  await announceSessions(db);
  return result;
}

/** A custom role nobody holds goes; the invitations naming it stop working. */
export async function deleteRole(db: Database, key: string, actor: AdminActor): Promise<{ key: string; name: string }> {
  const result = await db.transaction(async (tx) => {
    const granted = await managerPermissions(tx, actor);
    const current = await findStaffRole(tx, key);
    if (current) assertMayGrant(granted, current.permissions);
    const role = await deleteCustomRole(tx, key);
    await recordAdminChange(tx, actor, {
      action: "staff_role.delete",
      entityType: "staff_role",
      entityId: key,
      summary: `Rôle « ${role.name} » supprimé`,
      before: roleRecord(role),
    });
    return { key, name: role.name };
  });
  await announceSessions(db);
  return result;
}

/** The refund limit, typed in euros the French way ("150" or "150,50"). */
export async function setRefundLimit(db: Database, typed: string, actor: AdminActor): Promise<{ cents: number }> {
  const parsed = RefundLimitSchema.safeParse({ refundLimit: typed });
  if (!parsed.success) throw refusedForm("refund_limit_invalid", parsed.error);
  const cents = parsed.data.refundLimit;
  return db.transaction(async (tx) => {
    await managerPermissions(tx, actor);
    const before = await getRefundLimitCents(tx);
    await setRefundLimitCents(tx, cents);
    if (before !== cents) {
      await recordAdminChange(tx, actor, {
        action: "settings.refund_limit_update",
        entityType: "settings",
        entityId: "staff.refund_limit",
        summary: `Limite de remboursement : ${formatPrice(before)} → ${formatPrice(cents)}`,
        before: { cents: before },
        after: { cents },
      });
    }
    return { cents };
  });
}
