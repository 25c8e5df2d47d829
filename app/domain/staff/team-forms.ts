/**
 * Équipe's forms (decision 066): the invitation, its acceptance, a custom role and the refund
 * limit, with their French messages; what the page shows and what its actions answer. Isomorphic:
 * the browser checks a form with the same schema the server checks it with again.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { formatMessage } from "~/domain/messages/format";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { emailField } from "~/domain/auth/account-recovery.schema";
import { NAME_MAX } from "~/domain/auth/auth.rules";
import { PASSWORD_MISMATCH_MESSAGE, newPasswordField } from "~/domain/account/security.schema";
import { eurosTextToCents } from "~/domain/tax/tax-settings-form";
import type { FieldErrors } from "~/domain/errors";
import {
  PERMISSION_AREAS,
  PERMISSION_AREA_LABELS,
  PERMISSION_KEYS,
  allows,
  areaOfPermission,
  isPermission,
  type Permission,
  type PermissionArea,
} from "./permissions";
import {
  PERMISSION_UNKNOWN_MESSAGE,
  REFUND_LIMIT_INVALID_MESSAGE,
  ROLE_EMPTY_MESSAGE,
  ROLE_NAME_REQUIRED_MESSAGE,
  ROLE_UNKNOWN_MESSAGE,
} from "./staff-messages";

export const TEAM_PATH = "/admin/parametres/equipe";
export const INVITATION_PATH = "/admin/invitation";

/** Where an accepted invitation lands: two-factor enrolment, then the back-office. */
export const AFTER_INVITATION_PATH = "/admin/double-authentification?retour=/admin";

/** The path of an invitation mail's link (the mail makes it absolute on the shop's public URL). */
export function invitationPath(token: string): string {
  return `${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
}

/** The same as the staff module's limits (a test keeps them equal): checked in the browser too. */
export const ROLE_NAME_MAX_LENGTH = 60;
/** 1 000 000 €: beyond it a limit is a typing slip. */
export const REFUND_LIMIT_FORM_MAX_CENTS = 100_000_000;

export const TEAM_MESSAGES = {
  roleRequired: ROLE_UNKNOWN_MESSAGE,
  roleNameTooLong: `Le nom du rôle ne peut pas dépasser ${ROLE_NAME_MAX_LENGTH} caractères`,
  firstNameRequired: ACCOUNT_MESSAGES.firstNameRequired,
  firstNameTooLong: `Le prénom ne peut pas dépasser ${NAME_MAX} caractères`,
  lastNameRequired: SHOP_MESSAGES.nameRequired,
  lastNameTooLong: `Le nom ne peut pas dépasser ${NAME_MAX} caractères`,
  passwordMismatch: PASSWORD_MISMATCH_MESSAGE,
  refundLimitTooHigh: "La limite de remboursement ne peut pas dépasser 1 000 000 €",
  /** An account with the invited address was created between the invitation and its acceptance. */
  emailTaken:
    "Un compte utilise déjà cette adresse : cette invitation ne peut plus servir. Demandez au propriétaire de la boutique une invitation pour une autre adresse.",
  /** A team manager whose own role is narrower than the role in question (the owner has every permission). */
  beyondYourRole:
    "Vous ne pouvez pas attribuer ni retirer des permissions que votre rôle n'a pas : demandez au propriétaire de la boutique.",
  selfDisable: "Vous ne pouvez pas désactiver votre propre compte : demandez à un autre propriétaire de le faire.",
  invitationNotPending: "Cette invitation n'est plus en attente : elle a déjà servi, a expiré ou a été retirée.",
  unknownIntent: "Action inconnue : rechargez la page.",
} as const;

/** What each answer of Équipe says, in French. */
export const teamDone = {
  invited: (email: string) => formatMessage("Invitation envoyée à {email}", { email }),
  invitationRevoked: (email: string) => formatMessage("Invitation de {email} retirée : son lien ne fonctionne plus", { email }),
  roleChanged: (name: string, role: string) => formatMessage("{name} a désormais le rôle « {role} »", { name, role }),
  roleUnchanged: (name: string) => formatMessage("{name} a déjà ce rôle", { name }),
  disabled: (name: string) => formatMessage("{name} est désactivé(e) : ses sessions sont fermées", { name }),
  enabled: (name: string) => formatMessage("{name} est réactivé(e)", { name }),
  roleCreated: (name: string) => formatMessage("Rôle « {name} » créé", { name }),
  roleUpdated: (name: string) => formatMessage("Rôle « {name} » enregistré", { name }),
  roleDeleted: (name: string) => formatMessage("Rôle « {name} » supprimé", { name }),
  refundLimitSaved: (amount: string) => formatMessage("Limite de remboursement enregistrée : {amount}", { amount }),
} as const;

/** The intents of Équipe's forms (each answered by one workflow). */
export const TEAM_INTENTS = [
  "invite",
  "revoke-invitation",
  "change-role",
  "disable",
  "enable",
  "role-create",
  "role-update",
  "role-delete",
  "refund-limit",
] as const;
export type TeamIntent = (typeof TEAM_INTENTS)[number];

/** What every Équipe action answers on success (its message says the rest). */
export type TeamChange = { intent: TeamIntent };

export function isTeamIntent(value: unknown): value is TeamIntent {
  return typeof value === "string" && (TEAM_INTENTS as readonly string[]).includes(value);
}

const roleKeyField = text({ error: ROLE_UNKNOWN_MESSAGE })
  .trim()
  .min(1, { error: ROLE_UNKNOWN_MESSAGE })
  .max(64, { error: ROLE_UNKNOWN_MESSAGE });

/** 'Inviter': the address and the role. */
export const InviteStaffSchema = z.object({ email: emailField, role: roleKeyField });
export type InviteStaffInput = z.input<typeof InviteStaffSchema>;

const nameField = (required: string, tooLong: string) =>
  text({ error: required }).trim().min(1, { error: required }).max(NAME_MAX, { error: tooLong });

/** /admin/invitation's form: who the new member is and their password, twice. */
export const AcceptInvitationSchema = z
  .object({
    firstName: nameField(TEAM_MESSAGES.firstNameRequired, TEAM_MESSAGES.firstNameTooLong),
    lastName: nameField(TEAM_MESSAGES.lastNameRequired, TEAM_MESSAGES.lastNameTooLong),
    password: newPasswordField,
    passwordConfirmation: text({ error: TEAM_MESSAGES.passwordMismatch }),
  })
  .refine((v) => v.password === v.passwordConfirmation, { error: TEAM_MESSAGES.passwordMismatch, path: ["passwordConfirmation"] });
export type AcceptInvitationInput = z.input<typeof AcceptInvitationSchema>;

/** A custom role: its name and at least one permission, all of them from the table. */
export const RoleFormSchema = z.object({
  name: text({ error: ROLE_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: ROLE_NAME_REQUIRED_MESSAGE })
    .max(ROLE_NAME_MAX_LENGTH, { error: TEAM_MESSAGES.roleNameTooLong }),
  permissions: z
    .array(z.string())
    .refine((list) => list.every(isPermission), { error: PERMISSION_UNKNOWN_MESSAGE, abort: true })
    .refine((list) => list.length > 0, { error: ROLE_EMPTY_MESSAGE }),
});
export type RoleFormInput = z.input<typeof RoleFormSchema>;

/** Euros as typed ("150", "150,50", "1 500"), to cents; null when it is not such an amount. */
export function refundLimitCentsOf(typed: string): number | null {
  const cents = eurosTextToCents(typed.trim().replace(/\s*€$/, ""));
  return cents === null || cents > REFUND_LIMIT_FORM_MAX_CENTS ? null : cents;
}

export const RefundLimitSchema = z.object({
  refundLimit: text({ error: REFUND_LIMIT_INVALID_MESSAGE })
    .trim()
    .min(1, { error: REFUND_LIMIT_INVALID_MESSAGE })
    .refine((typed) => eurosTextToCents(typed.replace(/\s*€$/, "")) !== null, { error: REFUND_LIMIT_INVALID_MESSAGE, abort: true })
    .refine((typed) => refundLimitCentsOf(typed) !== null, { error: TEAM_MESSAGES.refundLimitTooHigh })
    .transform((typed) => refundLimitCentsOf(typed) as number),
});

/** A zod refusal as one French message per field (the first of each). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  return fieldErrors;
}

type FormLike = { get(name: string): unknown; getAll(name: string): unknown[] };
const textOf = (form: FormLike, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export const inviteFormValues = (form: FormLike): InviteStaffInput => ({ email: textOf(form, "email"), role: textOf(form, "role") });

export const roleFormValues = (form: FormLike): RoleFormInput => ({
  name: textOf(form, "name"),
  permissions: form.getAll("permissions").filter((p): p is string => typeof p === "string"),
});

export const acceptFormValues = (form: FormLike): AcceptInvitationInput => ({
  firstName: textOf(form, "firstName"),
  lastName: textOf(form, "lastName"),
  password: textOf(form, "password"),
  passwordConfirmation: textOf(form, "passwordConfirmation"),
});

/** The permission checkboxes, grouped by area in the table's order. */
export const PERMISSION_GROUPS: readonly { area: PermissionArea; label: string; permissions: readonly Permission[] }[] =
  PERMISSION_AREAS.map((area) => ({
    area,
    label: PERMISSION_AREA_LABELS[area],
    permissions: PERMISSION_KEYS.filter((p) => areaOfPermission(p) === area),
  }));

/**
 * Whether someone with `granted` may give (or take away) a role with `permissions`: only with
 * every one of them, so a team manager never makes anyone, themselves included, more than they are.
 */
export function mayGrant(granted: readonly string[], permissions: readonly string[]): boolean {
  return permissions.every((p) => isPermission(p) && allows(granted, p));
}

export type TeamMemberView = {
  userId: string;
  name: string;
  email: string;
  roleKey: string;
  roleName: string;
  status: "active" | "disabled";
  twoFactorEnabled: boolean;
  isSelf: boolean;
};

export type TeamRoleView = { key: string; name: string; builtin: boolean; permissions: Permission[]; members: number; grantable: boolean };

export type TeamInvitationView = { id: string; email: string; roleKey: string; roleName: string; expiresAt: string };

/** What Équipe's loader hands the page. */
export type TeamView = {
  members: TeamMemberView[];
  invitations: TeamInvitationView[];
  roles: TeamRoleView[];
  /** "100" or "150,50": the limit as the field shows it. */
  refundLimit: string;
  refundLimitCents: number;
  /** How long an invitation's link works. */
  invitationDays: number;
};

/** What /admin/invitation shows before the form: the invited address and the role. */
export type InvitationPreview = { email: string; roleName: string; expiresAt: string };
