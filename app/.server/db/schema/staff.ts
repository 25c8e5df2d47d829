import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { session, user } from "./auth";

/**
 * The back-office team (decision 066). A staff member is an auth user with the `admin` role and a
 * row here naming their role; staff are disabled, never deleted, so the activity log keeps its
 * names. Built-in roles live in app/domain/staff/roles.ts; only the owner's custom roles are rows.
 */
export const staffRoles = pgTable("staff_roles", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  permissions: text("permissions").array().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const staffMembers = pgTable(
  "staff_members",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id),
    roleKey: text("role_key").notNull(),
    /** `active` or `disabled`. */
    status: text("status").notNull().default("active"),
    invitedBy: text("invited_by"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_members_role_idx").on(t.roleKey), check("staff_members_status_valid", sql`${t.status} IN ('active', 'disabled')`)],
);

/**
 * An invitation to join the team: only a SHA-256 of the link's token is kept; the link works
 * once, until `expires_at`.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    roleKey: text("role_key").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_invitations_token_idx").on(t.tokenHash), index("staff_invitations_email_idx").on(t.email)],
);

/**
 * When a session last passed the second factor: at sign-in, or when a sensitive action asked
 * again. Gone with the session.
 */
export const staffFactorChecks = pgTable("staff_factor_checks", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
});
