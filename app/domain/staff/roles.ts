/**
 * The built-in staff roles (decision 066). The owner can add custom roles from the permissions;
 * the built-in ones are fixed here, not in the database, so an upgrade that adds a permission
 * gives it to the roles that should have it.
 */
import { PERMISSION_KEYS, type Permission } from "./permissions";
import { customerService } from "~/domain/messages/account";

export const BUILTIN_ROLE_KEYS = [
  "owner",
  "administrator",
  "customer_service",
  "logistics",
  "marketing",
  "accountant",
  "read_only",
] as const;
export type BuiltinRoleKey = (typeof BUILTIN_ROLE_KEYS)[number];

/** What only the owner holds: the team, API keys and the accounting settings. */
const OWNER_ONLY: readonly Permission[] = ["team.manage", "api_keys.manage", "accounting.settings"];

export type StaffRole = { key: string; name: string; permissions: Permission[]; builtin: boolean };

export const BUILTIN_ROLES: Record<BuiltinRoleKey, StaffRole> = {
  owner: { key: "owner", name: "Propriétaire", builtin: true, permissions: [...PERMISSION_KEYS] },
  administrator: {
    key: "administrator",
    name: "Administrateur",
    builtin: true,
    permissions: PERMISSION_KEYS.filter((p) => !OWNER_ONLY.includes(p)),
  },
  customer_service: {
    key: "customer_service",
    name: customerService,
    builtin: true,
    permissions: [
      "orders.read",
      "orders.write",
      "refunds.write",
      "returns.read",
      "returns.receive",
      "invoices.read",
      "clients.read",
      "clients.write",
      "support.read",
      "support.write",
      "chat.read",
      "chat.write",
      "reviews.read",
      "reviews.write",
    ],
  },
  logistics: {
    key: "logistics",
    name: "Logistique",
    builtin: true,
    permissions: ["orders.read", "orders.ship", "stock.read", "stock.write", "returns.read", "returns.receive", "catalog.read"],
  },
  marketing: {
    key: "marketing",
    name: "Marketing",
    builtin: true,
    permissions: [
      "catalog.read",
      "catalog.write",
      "promotions.read",
      "promotions.write",
      "gift_cards.read",
      "gift_cards.write",
      "reviews.read",
      "reviews.write",
      "emails.read",
    ],
  },
  accountant: {
    key: "accountant",
    name: "Comptable",
    builtin: true,
    permissions: ["orders.read", "invoices.read", "accounting.read"],
  },
  read_only: {
    key: "read_only",
    name: "Lecture seule",
    builtin: true,
    permissions: PERMISSION_KEYS.filter((p) => p.endsWith(".read")),
  },
};

export function isBuiltinRoleKey(key: string): key is BuiltinRoleKey {
  return (BUILTIN_ROLE_KEYS as readonly string[]).includes(key);
}

export const OWNER_ROLE_KEY = "owner" satisfies BuiltinRoleKey;
