/**
 * Équipe's workflows (decision 066) on the test database: invitations (a shopper's or a member's
 * address refused, the mail queued), their acceptance (expired, used, unknown links; the password
 * policy; an address taken meanwhile), the last-owner rule, custom roles, the refund limit and
 * two owners changing each other's role at the same instant.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import { createShopper } from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "../db/client";
import { account, outbox, session, staffInvitations, staffMembers, user } from "../db/schema";
import { isDomainError, type DomainError } from "~/domain/errors";
import { COMMON_PASSWORD_MESSAGE, PASSWORD_POLICY_MESSAGE } from "~/domain/auth/password-policy";
import { PERMISSION_KEYS, type Permission } from "~/domain/staff/permissions";
import {
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_UNKNOWN_MESSAGE,
  INVITATION_USED_MESSAGE,
  INVITE_SHOPPER_MESSAGE,
  INVITE_STAFF_EXISTS_MESSAGE,
  LAST_OWNER_MESSAGE,
  PERMISSION_UNKNOWN_MESSAGE,
  REFUND_LIMIT_INVALID_MESSAGE,
  ROLE_EMPTY_MESSAGE,
  ROLE_IN_USE_MESSAGE,
  ROLE_UNKNOWN_MESSAGE,
} from "~/domain/staff/staff-messages";
import { REFUND_LIMIT_FORM_MAX_CENTS, ROLE_NAME_MAX_LENGTH, TEAM_MESSAGES } from "~/domain/staff/team-forms";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { onInvalidation } from "../invalidations";
import { createStaffAccount } from "../modules/accounts/staff-accounts.service";
import { getRefundLimitCents, REFUND_LIMIT_MAX_CENTS } from "../modules/settings/staff-settings.service";
import { addStaffMember, createCustomRole, INVITATION_DAYS, ROLE_NAME_MAX, staffAccessOf } from "../modules/staff/staff.service";
import {
  acceptInvitation,
  changeStaffRole,
  createRole,
  deleteRole,
  disableStaff,
  enableStaff,
  invitationForLink,
  inviteStaff,
  revokeStaffInvitation,
  setRefundLimit,
  teamOverview,
  updateRole,
} from "./staff";

const PUBLIC_URL = "https://boutique.example";
const PASSWORD = "Equipe-Aurore-2026!";

let handle: DatabaseHandle;
let owner: Member;
/** Calls of the session memo's forgetter: role, permissions and status are read with the session. */
let sessionsForgotten = 0;

type Member = { userId: string; email: string; actor: AdminActor };

/** A staff member with an account and a password, made by the modules the acceptance uses. */
async function member(roleKey: string, firstName = "Claire"): Promise<Member> {
  const email = `staff-${randomUUID()}@aurore.test`;
  const { userId } = await handle.db.transaction(async (tx) => {
    const made = await createStaffAccount(tx, { email, firstName, lastName: "Martin", password: PASSWORD });
    await addStaffMember(tx, { userId: made.userId, roleKey, invitedBy: null });
    return made;
  });
  return { userId, email, actor: { type: "user", id: userId, label: email } };
}

/** Leaves `keep` as the only owners: the last-owner rule counts every owner of the shop. */
async function onlyOwners(keep: Member[]) {
  await handle.db
    .update(staffMembers)
    .set({ roleKey: "administrator" })
    .where(
      and(
        eq(staffMembers.roleKey, "owner"),
        keep.length > 0
          ? sql`${staffMembers.userId} NOT IN (${sql.join(
              keep.map((m) => sql`${m.userId}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const mailsTo = async (to: string) =>
  (
    await handle.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.topic, "mail"), sql`${outbox.payload}->>'to' = ${to}`))
  ).map((r) => r.payload as { subject: string; text: string; html?: string });

const eventsOf = async (type: string, entityId: string) =>
  (
    await handle.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, "event"),
          sql`${outbox.payload}->>'type' = ${type}`,
          sql`${outbox.payload}->'data'->>'entityId' = ${entityId}`,
        ),
      )
  ).map((r) => (r.payload as { data: { actor: { id: string }; summary: string; before: unknown; after: unknown } }).data);

/** The token of the last invitation mailed to `email`, read from the mail's link as the invitee would. */
async function tokenMailedTo(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const link = /https:\/\/boutique\.example\/admin\/invitation\?token=([\w%-]+)/.exec(mails.at(-1)?.text ?? "");
  if (!link) throw new Error(`no invitation link mailed to ${email}`);
  return decodeURIComponent(link[1]);
}

async function invited(roleKey = "customer_service"): Promise<{ email: string; token: string }> {
  const email = `invitee-${randomUUID()}@aurore.test`;
  await inviteStaff(handle.db, { email, roleKey }, owner.actor, PUBLIC_URL);
  return { email, token: await tokenMailedTo(email) };
}

const newcomer = { firstName: "Inès", lastName: "Durand", password: PASSWORD, passwordConfirmation: PASSWORD };

beforeAll(async () => {
  handle = await createTestDatabase();
  onInvalidation("sessions", "staff-workflow-test", () => {
    sessionsForgotten += 1;
  });
  owner = await member("owner", "Océane");
});

afterAll(async () => {
  await handle?.close();
});

beforeEach(async () => {
  // Each test starts with the one owner; the concurrency tests add their own.
  await onlyOwners([owner]);
  await handle.db.update(staffMembers).set({ roleKey: "owner", status: "active" }).where(eq(staffMembers.userId, owner.userId));
});

describe("inviteStaff", () => {
  it("mails the link with who invites, the role, the link's end and the two-factor requirement", async () => {
    const email = `Nouvelle-${randomUUID()}@Aurore.test`;
    const now = new Date("2026-03-02T09:00:00Z");
    const result = await inviteStaff(handle.db, { email, roleKey: "logistics" }, owner.actor, PUBLIC_URL, now);
    expect(result.email).toBe(email.toLowerCase());
    expect(result.roleName).toBe("Logistique");
    expect(result.expiresAt.getTime()).toBe(now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000);

    const [mail, ...others] = await mailsTo(email.toLowerCase());
    expect(others).toHaveLength(0);
    expect(mail.subject).toBe("Océane Martin vous invite à rejoindre l'équipe Aurore");
    expect(mail.text).toContain("Océane Martin vous invite à rejoindre l'équipe de la boutique Aurore avec le rôle « Logistique ».");
    expect(mail.text).toContain("avant le 9 mars 2026 à 10:00");
    expect(mail.text).toMatch(/https:\/\/boutique\.example\/admin\/invitation\?token=[\w-]{40,}/);
    expect(mail.text).toContain("La double authentification est obligatoire pour l'équipe");
    expect(mail.html).toContain(`href="${PUBLIC_URL}/admin/invitation?token=`);

    const [invitation] = await handle.db.select().from(staffInvitations).where(eq(staffInvitations.id, result.invitationId));
    expect(invitation).toMatchObject({ email: email.toLowerCase(), roleKey: "logistics", invitedBy: owner.userId, acceptedAt: null });
    // Only the token's hash is kept: the link in the mail is the one copy.
    expect(mail.text).not.toContain(invitation.tokenHash);

    const [event] = await eventsOf("staff.invite", result.invitationId);
    expect(event.actor.id).toBe(owner.userId);
    expect(event.summary).toBe(`Invitation envoyée à ${email.toLowerCase()} (Logistique)`);
  });

  it("refuses a shopper's address with the way forward, and queues nothing", async () => {
    const shopper = await createShopper(handle.db);
    const error = await refusal(inviteStaff(handle.db, { email: shopper.email, roleKey: "marketing" }, owner.actor, PUBLIC_URL));
    expect(error).toMatchObject({ code: "invite_shopper", message: INVITE_SHOPPER_MESSAGE, field: "email" });
    expect(error.message).toContain("adresse professionnelle");
    expect(await mailsTo(shopper.email)).toHaveLength(0);
    expect(await handle.db.select().from(staffInvitations).where(eq(staffInvitations.email, shopper.email))).toHaveLength(0);
  });

  it("refuses a member's address, whatever its case", async () => {
    const colleague = await member("marketing");
    const error = await refusal(
      inviteStaff(handle.db, { email: colleague.email.toUpperCase(), roleKey: "accountant" }, owner.actor, PUBLIC_URL),
    );
    expect(error).toMatchObject({ code: "staff_exists", message: INVITE_STAFF_EXISTS_MESSAGE, field: "email" });
  });

  it("refuses an unknown role and a malformed address", async () => {
    const email = `x-${randomUUID()}@aurore.test`;
    expect(await refusal(inviteStaff(handle.db, { email, roleKey: "superuser" }, owner.actor, PUBLIC_URL))).toMatchObject({
      code: "unknown_role",
      message: ROLE_UNKNOWN_MESSAGE,
    });
    const bad = await refusal(inviteStaff(handle.db, { email: "pas-une-adresse", roleKey: "logistics" }, owner.actor, PUBLIC_URL));
    expect(bad.code).toBe("invalid_invitation");
    expect(bad.fieldErrors?.email).toBeTruthy();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("refuses a team manager a role beyond theirs, and a member without team.manage", async () => {
    const managerRole = await createCustomRole(handle.db, {
      name: `Recrutement ${randomUUID().slice(0, 6)}`,
      permissions: ["team.manage"],
    });
    const recruiter = await member(managerRole.key);
    const email = `y-${randomUUID()}@aurore.test`;
    expect(await refusal(inviteStaff(handle.db, { email, roleKey: "owner" }, recruiter.actor, PUBLIC_URL))).toMatchObject({
      code: "beyond_your_role",
      message: TEAM_MESSAGES.beyondYourRole,
    });
    // A role within theirs is fine.
    await inviteStaff(handle.db, { email, roleKey: managerRole.key }, recruiter.actor, PUBLIC_URL);
    const clerk = await member("customer_service");
    const denied = await refusal(
      inviteStaff(handle.db, { email: `z-${randomUUID()}@aurore.test`, roleKey: "read_only" }, clerk.actor, PUBLIC_URL),
    );
    expect(denied.code).toBe("missing_permission");
  });

  it("replaces an earlier pending invitation of the address; 'Retirer' stops a link", async () => {
    const first = await invited("marketing");
    await inviteStaff(handle.db, { email: first.email, roleKey: "accountant" }, owner.actor, PUBLIC_URL);
    const second = await tokenMailedTo(first.email);
    expect(await refusal(invitationForLink(handle.db, first.token))).toMatchObject({ message: INVITATION_USED_MESSAGE });
    expect(await invitationForLink(handle.db, second)).toMatchObject({ email: first.email, roleName: "Comptable" });

    const [pending] = await handle.db
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(and(eq(staffInvitations.email, first.email), sql`${staffInvitations.revokedAt} IS NULL`));
    expect(await revokeStaffInvitation(handle.db, pending.id, owner.actor)).toEqual({ email: first.email });
    expect(await refusal(invitationForLink(handle.db, second))).toMatchObject({ code: "invitation_used" });
    expect(await refusal(revokeStaffInvitation(handle.db, pending.id, owner.actor))).toMatchObject({
      message: TEAM_MESSAGES.invitationNotPending,
    });
    expect(await refusal(revokeStaffInvitation(handle.db, "pas-un-id", owner.actor))).toMatchObject({ code: "invitation_not_pending" });
    expect(await eventsOf("staff.invitation_revoke", pending.id)).toHaveLength(1);
  });
});

describe("acceptInvitation", () => {
  it("creates the account with its password and role, once", async () => {
    const { email, token } = await invited("customer_service");
    const { userId } = await acceptInvitation(handle.db, token, newcomer);
    const [account_] = await handle.db
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    expect(await verifyPassword({ hash: account_.password!, password: PASSWORD })).toBe(true);
    const [row] = await handle.db.select({ email: user.email, name: user.name, role: user.role }).from(user).where(eq(user.id, userId));
    expect(row).toEqual({ email, name: "Inès Durand", role: "admin" });
    expect(await staffAccessOf(handle.db, userId)).toMatchObject({
      roleKey: "customer_service",
      roleName: "Service client",
      status: "active",
    });
    const [join] = await eventsOf("staff.join", userId);
    expect(join.actor.id).toBe(userId);

    // The same link again: already used.
    const again = await refusal(acceptInvitation(handle.db, token, newcomer));
    expect(again).toMatchObject({ code: "invitation_used", message: INVITATION_USED_MESSAGE });
  });

  it("refuses an expired link and an unknown one", async () => {
    const { token } = await invited();
    const later = new Date(Date.now() + (INVITATION_DAYS * 24 + 1) * 3600 * 1000);
    expect(await refusal(acceptInvitation(handle.db, token, newcomer, later))).toMatchObject({
      code: "invitation_expired",
      message: INVITATION_EXPIRED_MESSAGE,
    });
    expect(await refusal(invitationForLink(handle.db, token, later))).toMatchObject({ message: INVITATION_EXPIRED_MESSAGE });
    for (const unknown of ["", "x".repeat(300), "inconnu-0123456789"]) {
      expect(await refusal(acceptInvitation(handle.db, unknown, newcomer))).toMatchObject({
        code: "invitation_unknown",
        message: INVITATION_UNKNOWN_MESSAGE,
      });
    }
  });

  it("holds the password to the shop's policy, field by field, and the link keeps working", async () => {
    const { email, token } = await invited();
    const weak = await refusal(acceptInvitation(handle.db, token, { ...newcomer, password: "court", passwordConfirmation: "court" }));
    expect(weak.code).toBe("invalid_acceptance");
    expect(weak.fieldErrors).toEqual({ password: PASSWORD_POLICY_MESSAGE });

    const common = await refusal(
      acceptInvitation(handle.db, token, { ...newcomer, password: "Motdepasse123!", passwordConfirmation: "Motdepasse123!" }),
    );
    expect(common.fieldErrors).toEqual({ password: COMMON_PASSWORD_MESSAGE });

    const mismatch = await refusal(acceptInvitation(handle.db, token, { ...newcomer, passwordConfirmation: `${PASSWORD}x` }));
    expect(mismatch.fieldErrors).toEqual({ passwordConfirmation: TEAM_MESSAGES.passwordMismatch });

    const names = await refusal(acceptInvitation(handle.db, token, { ...newcomer, firstName: " ", lastName: "" }));
    expect(names.fieldErrors).toEqual({ firstName: TEAM_MESSAGES.firstNameRequired, lastName: TEAM_MESSAGES.lastNameRequired });

    expect(await handle.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    await acceptInvitation(handle.db, token, newcomer);
    expect(await handle.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });

  it("refuses when an account took the address meanwhile", async () => {
    const { email, token } = await invited();
    await handle.db.insert(user).values({ id: `late-${randomUUID()}`, name: "Arrivée entre-temps", email });
    expect(await refusal(acceptInvitation(handle.db, token, newcomer))).toMatchObject({
      code: "invitation_email_taken",
      message: TEAM_MESSAGES.emailTaken,
    });
  });
});

describe("roles and status of members", () => {
  it("keeps the last owner: they cannot drop their own owner role nor be disabled", async () => {
    const own = await refusal(changeStaffRole(handle.db, { userId: owner.userId, roleKey: "administrator" }, owner.actor));
    expect(own).toMatchObject({ code: "last_owner", message: LAST_OWNER_MESSAGE });
    expect(await refusal(disableStaff(handle.db, owner.userId, owner.actor))).toMatchObject({
      code: "self_disable",
      message: TEAM_MESSAGES.selfDisable,
    });
    // A co-manager holding every permission is still refused the last owner's disabling.
    const everything = await createCustomRole(handle.db, {
      name: `Co-gérance ${randomUUID().slice(0, 6)}`,
      permissions: [...PERMISSION_KEYS],
    });
    const comanager = await member(everything.key);
    expect(await refusal(disableStaff(handle.db, owner.userId, comanager.actor))).toMatchObject({ code: "last_owner" });
    expect((await staffAccessOf(handle.db, owner.userId))?.roleKey).toBe("owner");
    expect((await staffAccessOf(handle.db, owner.userId))?.status).toBe("active");

    // With a second owner, the first may step down.
    const second = await member("owner");
    await changeStaffRole(handle.db, { userId: owner.userId, roleKey: "administrator" }, owner.actor);
    expect((await staffAccessOf(handle.db, owner.userId))?.roleKey).toBe("administrator");
    await changeStaffRole(handle.db, { userId: owner.userId, roleKey: "owner" }, second.actor);
  });

  it("changes a role, records it and makes every process forget the sessions", async () => {
    const clerk = await member("customer_service");
    const before = sessionsForgotten;
    const result = await changeStaffRole(handle.db, { userId: clerk.userId, roleKey: "logistics" }, owner.actor);
    expect(result).toEqual({ name: "Claire Martin", roleName: "Logistique", changed: true });
    expect(sessionsForgotten).toBeGreaterThan(before);
    const [event] = await eventsOf("staff.role_change", clerk.userId);
    expect(event).toMatchObject({
      summary: "Claire Martin : Service client → Logistique",
      before: { role: "customer_service" },
      after: { role: "logistics" },
    });
    expect(await changeStaffRole(handle.db, { userId: clerk.userId, roleKey: "logistics" }, owner.actor)).toMatchObject({ changed: false });
    expect(await eventsOf("staff.role_change", clerk.userId)).toHaveLength(1);
    expect(await refusal(changeStaffRole(handle.db, { userId: "nobody", roleKey: "logistics" }, owner.actor))).toMatchObject({
      code: "staff_not_found",
    });
  });

  it("disables a member: status, sessions ended, announced; re-enables them", async () => {
    const clerk = await member("marketing");
    const now = new Date();
    await handle.db.insert(session).values([
      { id: randomUUID(), token: randomUUID(), userId: clerk.userId, expiresAt: new Date(now.getTime() + 3600_000) },
      { id: randomUUID(), token: randomUUID(), userId: clerk.userId, expiresAt: new Date(now.getTime() + 3600_000) },
    ]);
    const other = await member("marketing");
    await handle.db
      .insert(session)
      .values({ id: randomUUID(), token: randomUUID(), userId: other.userId, expiresAt: new Date(now.getTime() + 3600_000) });
    const before = sessionsForgotten;

    expect(await disableStaff(handle.db, clerk.userId, owner.actor)).toEqual({ name: "Claire Martin", changed: true });
    expect(sessionsForgotten).toBeGreaterThan(before);
    expect(await handle.db.select().from(session).where(eq(session.userId, clerk.userId))).toHaveLength(0);
    expect(await handle.db.select().from(session).where(eq(session.userId, other.userId))).toHaveLength(1);
    expect((await staffAccessOf(handle.db, clerk.userId))?.status).toBe("disabled");
    expect((await eventsOf("staff.disable", clerk.userId))[0].summary).toBe("Claire Martin désactivé(e) (2 session(s) fermée(s))");
    expect(await disableStaff(handle.db, clerk.userId, owner.actor)).toMatchObject({ changed: false });

    expect(await enableStaff(handle.db, clerk.userId, owner.actor)).toMatchObject({ changed: true });
    expect((await staffAccessOf(handle.db, clerk.userId))?.status).toBe("active");
    expect(await eventsOf("staff.enable", clerk.userId)).toHaveLength(1);
  });

  it("two owners demoting each other at the same instant: exactly one succeeds, one owner stays", async () => {
    const a = await member("owner", "Alice");
    const b = await member("owner", "Bruno");
    await onlyOwners([a, b]);
    const results = await Promise.allSettled([
      changeStaffRole(handle.db, { userId: b.userId, roleKey: "administrator" }, a.actor),
      changeStaffRole(handle.db, { userId: a.userId, roleKey: "administrator" }, b.actor),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [lost] = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    // The loser is refused in French, never a deadlock: as the last owner, or (having waited for
    // the winner) as a member who is no longer a team manager.
    expect(isDomainError(lost.reason)).toBe(true);
    expect(["last_owner", "missing_permission"]).toContain((lost.reason as DomainError).code);
    const owners = await handle.db
      .select({ userId: staffMembers.userId })
      .from(staffMembers)
      .where(and(eq(staffMembers.roleKey, "owner"), eq(staffMembers.status, "active")));
    expect(owners).toHaveLength(1);
    expect([a.userId, b.userId]).toContain(owners[0].userId);
  });

  it("two managers demoting the last two owners at the same instant: one is refused as the last owner", async () => {
    const a = await member("owner", "Alice");
    const b = await member("owner", "Bruno");
    const everything = await createCustomRole(handle.db, {
      name: `Gérance ${randomUUID().slice(0, 6)}`,
      permissions: [...PERMISSION_KEYS],
    });
    const c = await member(everything.key);
    const d = await member(everything.key);
    await onlyOwners([a, b]);
    const results = await Promise.allSettled([
      changeStaffRole(handle.db, { userId: a.userId, roleKey: "administrator" }, c.actor),
      disableStaff(handle.db, b.userId, d.actor),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [lost] = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(lost.reason).toMatchObject({ code: "last_owner", message: LAST_OWNER_MESSAGE });
    const owners = await handle.db
      .select({ userId: staffMembers.userId })
      .from(staffMembers)
      .where(and(eq(staffMembers.roleKey, "owner"), eq(staffMembers.status, "active")));
    expect(owners).toHaveLength(1);
  });

  it("refuses a team manager to demote or disable someone whose role is beyond theirs", async () => {
    const managerRole = await createCustomRole(handle.db, {
      name: `Équipe RH ${randomUUID().slice(0, 6)}`,
      permissions: ["team.manage", "orders.read"],
    });
    const manager = await member(managerRole.key);
    const admin = await member("administrator");
    expect(await refusal(disableStaff(handle.db, admin.userId, manager.actor))).toMatchObject({ code: "beyond_your_role" });
    expect(await refusal(changeStaffRole(handle.db, { userId: admin.userId, roleKey: managerRole.key }, manager.actor))).toMatchObject({
      code: "beyond_your_role",
    });
    // Nor promote themselves.
    expect(await refusal(changeStaffRole(handle.db, { userId: manager.userId, roleKey: "owner" }, manager.actor))).toMatchObject({
      code: "beyond_your_role",
    });
  });
});

describe("custom roles", () => {
  it("refuses a role with no permission and a forged permission", async () => {
    const empty = await refusal(createRole(handle.db, { name: "Vide", permissions: [] }, owner.actor));
    expect(empty).toMatchObject({ code: "role_without_permission", message: ROLE_EMPTY_MESSAGE });
    expect(empty.fieldErrors).toEqual({ permissions: ROLE_EMPTY_MESSAGE });
    const forged = await refusal(
      createRole(handle.db, { name: "Forgé", permissions: ["orders.read", "orders.delete_everything"] }, owner.actor),
    );
    expect(forged).toMatchObject({ code: "unknown_permission", message: PERMISSION_UNKNOWN_MESSAGE });
    expect(await refusal(createRole(handle.db, { name: "  ", permissions: ["orders.read"] }, owner.actor))).toMatchObject({
      code: "invalid_role",
    });
    expect(await refusal(createRole(handle.db, { name: "Service client", permissions: ["orders.read"] }, owner.actor))).toMatchObject({
      code: "role_name_taken",
    });
  });

  it("creates, updates (announced: members' sessions read it) and deletes a role nobody holds", async () => {
    const name = `Préparation ${randomUUID().slice(0, 6)}`;
    const role = await createRole(handle.db, { name, permissions: ["orders.ship", "stock.write"] }, owner.actor);
    expect(role.key).toMatch(/^custom_/);
    const holder = await member(role.key);
    // What the permissions imply comes with them.
    expect((await staffAccessOf(handle.db, holder.userId))?.permissions).toEqual([
      "orders.read",
      "orders.ship",
      "stock.read",
      "stock.write",
    ]);

    const before = sessionsForgotten;
    await updateRole(handle.db, role.key, { name: `${name} bis`, permissions: ["orders.ship"] }, owner.actor);
    expect(sessionsForgotten).toBeGreaterThan(before);
    expect((await staffAccessOf(handle.db, holder.userId))?.permissions).toEqual(["orders.read", "orders.ship"]);
    const [updated] = await eventsOf("staff_role.update", role.key);
    expect(updated).toMatchObject({ before: { name }, after: { name: `${name} bis`, permissions: ["orders.ship"] } });

    expect(await refusal(deleteRole(handle.db, role.key, owner.actor))).toMatchObject({
      code: "role_in_use",
      message: ROLE_IN_USE_MESSAGE,
    });
    await changeStaffRole(handle.db, { userId: holder.userId, roleKey: "read_only" }, owner.actor);
    expect(await deleteRole(handle.db, role.key, owner.actor)).toEqual({ key: role.key, name: `${name} bis` });
    expect(await eventsOf("staff_role.delete", role.key)).toHaveLength(1);
    expect(await refusal(updateRole(handle.db, "owner", { name: "Chef", permissions: ["orders.read"] }, owner.actor))).toMatchObject({
      code: "builtin_role",
    });
  });

  it("refuses a role beyond the maker's own permissions", async () => {
    const managerRole = await createCustomRole(handle.db, {
      name: `Petit chef ${randomUUID().slice(0, 6)}`,
      permissions: ["team.manage", "orders.read"],
    });
    const manager = await member(managerRole.key);
    expect(await refusal(createRole(handle.db, { name: "Rembourseur", permissions: ["refunds.unlimited"] }, manager.actor))).toMatchObject({
      code: "beyond_your_role",
      field: "permissions",
    });
    await createRole(handle.db, { name: `Lecture commandes ${randomUUID().slice(0, 6)}`, permissions: ["orders.read"] }, manager.actor);
  });

  it("keeps the form's limits equal to the module's", () => {
    expect(ROLE_NAME_MAX_LENGTH).toBe(ROLE_NAME_MAX);
    expect(REFUND_LIMIT_FORM_MAX_CENTS).toBe(REFUND_LIMIT_MAX_CENTS);
  });
});

describe("refund limit and the page's overview", () => {
  it("reads euros the French way and records the change", async () => {
    expect(await setRefundLimit(handle.db, "150,50", owner.actor)).toEqual({ cents: 15050 });
    expect(await getRefundLimitCents(handle.db)).toBe(15050);
    await setRefundLimit(handle.db, "1 500 €", owner.actor);
    expect(await getRefundLimitCents(handle.db)).toBe(150000);
    for (const typed of ["", "-5", "abc", "12,345"]) {
      const error = await refusal(setRefundLimit(handle.db, typed, owner.actor));
      expect(error.fieldErrors).toEqual({ refundLimit: REFUND_LIMIT_INVALID_MESSAGE });
    }
    expect((await refusal(setRefundLimit(handle.db, "2000000", owner.actor))).fieldErrors).toEqual({
      refundLimit: TEAM_MESSAGES.refundLimitTooHigh,
    });
    const events = await eventsOf("settings.refund_limit_update", "staff.refund_limit");
    expect(events.map((e) => e.after)).toEqual([{ cents: 15050 }, { cents: 150000 }]);
  });

  it("shows members, invitations and roles, with what the viewer may grant", async () => {
    const { email } = await invited("accountant");
    const view = await teamOverview(handle.db, { userId: owner.userId, permissions: [...PERMISSION_KEYS] });
    expect(view.members.find((m) => m.userId === owner.userId)).toMatchObject({
      isSelf: true,
      roleName: "Propriétaire",
      twoFactorEnabled: false,
    });
    expect(view.invitations.find((i) => i.email === email)).toMatchObject({ roleKey: "accountant", roleName: "Comptable" });
    expect(view.roles.every((r) => r.grantable)).toBe(true);
    const narrow = await teamOverview(handle.db, {
      userId: owner.userId,
      permissions: ["team.manage", "orders.read"] satisfies Permission[],
    });
    expect(narrow.roles.find((r) => r.key === "owner")?.grantable).toBe(false);
    expect(narrow.roles.find((r) => r.key === "accountant")?.grantable).toBe(false);
    expect(view.refundLimit).toBe("1500");
    expect(view.refundLimitCents).toBe(150000);
    // Every staff member is listed, and nobody else.
    const rows = await handle.db.select({ userId: staffMembers.userId }).from(staffMembers);
    expect(view.members.map((m) => m.userId).sort()).toEqual(rows.map((r) => r.userId).sort());
  });
});
