import { describe, expect, it } from "vitest";
import "~/domain/auth/common-passwords";
import { PASSWORD_POLICY_MESSAGE } from "~/domain/auth/password-policy";
import { PERMISSION_KEYS } from "./permissions";
import { BUILTIN_ROLES } from "./roles";
import { PERMISSION_UNKNOWN_MESSAGE, REFUND_LIMIT_INVALID_MESSAGE, ROLE_EMPTY_MESSAGE, ROLE_NAME_REQUIRED_MESSAGE } from "./staff-messages";
import {
  AcceptInvitationSchema,
  InviteStaffSchema,
  PERMISSION_GROUPS,
  RefundLimitSchema,
  RoleFormSchema,
  TEAM_MESSAGES,
  acceptFormValues,
  fieldErrorsOf,
  invitationPath,
  isTeamIntent,
  mayGrant,
  refundLimitCentsOf,
  roleFormValues,
} from "./team-forms";

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrorsOf>[0] }) =>
  result.success ? {} : fieldErrorsOf(result.error!);

describe("Équipe's forms", () => {
  it("reads an invitation: the address lower-cased, a role required", () => {
    expect(InviteStaffSchema.parse({ email: "  Lea@Boutique.FR ", role: "logistics" })).toEqual({
      email: "lea@boutique.fr",
      role: "logistics",
    });
    const refused = errorsOf(InviteStaffSchema.safeParse({ email: "lea@", role: "" }));
    expect(Object.keys(refused).sort()).toEqual(["email", "role"]);
  });

  it("checks the acceptance field by field, the password with the shop's policy", () => {
    const ok = { firstName: " Inès ", lastName: "Durand", password: "Equipe-Aurore-2026!", passwordConfirmation: "Equipe-Aurore-2026!" };
    expect(AcceptInvitationSchema.parse(ok)).toMatchObject({ firstName: "Inès", lastName: "Durand" });
    expect(errorsOf(AcceptInvitationSchema.safeParse({ ...ok, password: "abc", passwordConfirmation: "abc" }))).toEqual({
      password: PASSWORD_POLICY_MESSAGE,
    });
    expect(errorsOf(AcceptInvitationSchema.safeParse({ ...ok, passwordConfirmation: "autre" }))).toEqual({
      passwordConfirmation: TEAM_MESSAGES.passwordMismatch,
    });
    expect(errorsOf(AcceptInvitationSchema.safeParse({ ...ok, firstName: "", lastName: "x".repeat(61) }))).toEqual({
      firstName: TEAM_MESSAGES.firstNameRequired,
      lastName: TEAM_MESSAGES.lastNameTooLong,
    });
    const form = new FormData();
    form.set("firstName", "Inès");
    form.set("password", "p");
    expect(acceptFormValues(form)).toEqual({ firstName: "Inès", lastName: "", password: "p", passwordConfirmation: "" });
  });

  it("checks a role: a name, permissions from the table, at least one", () => {
    expect(errorsOf(RoleFormSchema.safeParse({ name: "Préparation", permissions: ["orders.ship"] }))).toEqual({});
    expect(errorsOf(RoleFormSchema.safeParse({ name: "Préparation", permissions: [] }))).toEqual({ permissions: ROLE_EMPTY_MESSAGE });
    expect(errorsOf(RoleFormSchema.safeParse({ name: "Préparation", permissions: ["orders.ship", "root"] }))).toEqual({
      permissions: PERMISSION_UNKNOWN_MESSAGE,
    });
    expect(errorsOf(RoleFormSchema.safeParse({ name: "  ", permissions: ["orders.ship"] }))).toEqual({ name: ROLE_NAME_REQUIRED_MESSAGE });
    const form = new FormData();
    form.set("name", "Préparation");
    form.append("permissions", "orders.ship");
    form.append("permissions", "stock.write");
    expect(roleFormValues(form)).toEqual({ name: "Préparation", permissions: ["orders.ship", "stock.write"] });
  });

  it("reads the refund limit in euros the French way", () => {
    expect(refundLimitCentsOf("150")).toBe(15000);
    expect(refundLimitCentsOf("150,50")).toBe(15050);
    expect(refundLimitCentsOf("1 500,5 €")).toBe(150050);
    expect(refundLimitCentsOf("0")).toBe(0);
    for (const typed of ["", "-1", "abc", "1,234", "10000000"]) expect(refundLimitCentsOf(typed), typed).toBeNull();
    expect(RefundLimitSchema.parse({ refundLimit: "75,00" })).toEqual({ refundLimit: 7500 });
    expect(errorsOf(RefundLimitSchema.safeParse({ refundLimit: "douze" }))).toEqual({ refundLimit: REFUND_LIMIT_INVALID_MESSAGE });
    expect(errorsOf(RefundLimitSchema.safeParse({ refundLimit: "2000000" }))).toEqual({ refundLimit: TEAM_MESSAGES.refundLimitTooHigh });
  });

  it("groups every permission once under its area", () => {
    expect(PERMISSION_GROUPS.flatMap((g) => g.permissions)).toEqual(PERMISSION_KEYS);
    expect(PERMISSION_GROUPS.find((g) => g.area === "refunds")).toEqual({
      area: "refunds",
      label: "Remboursements",
      permissions: ["refunds.write", "refunds.unlimited"],
    });
    expect(PERMISSION_GROUPS.every((g) => g.permissions.length > 0)).toBe(true);
  });

  it("lets a role be given only by someone holding all of it", () => {
    const owner = BUILTIN_ROLES.owner.permissions;
    for (const role of Object.values(BUILTIN_ROLES)) expect(mayGrant(owner, role.permissions), role.key).toBe(true);
    expect(mayGrant(BUILTIN_ROLES.administrator.permissions, owner)).toBe(false);
    expect(mayGrant(["team.manage", "orders.write"], ["orders.read"])).toBe(true);
    expect(mayGrant(["team.manage"], ["orders.read"])).toBe(false);
    expect(mayGrant(owner, ["made.up"])).toBe(false);
  });

  it("builds the invitation's link and knows its intents", () => {
    expect(invitationPath("a+b/c")).toBe("/admin/invitation?token=a%2Bb%2Fc");
    expect(isTeamIntent("role-create")).toBe(true);
    expect(isTeamIntent("drop-table")).toBe(false);
  });
});
