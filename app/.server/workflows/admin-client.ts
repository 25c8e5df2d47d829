/**
 * The back-office's client page where it crosses modules (decision 024): Voir reads the accounts
 * module's record with the loyalty ledger and the address book, and a Beauty Pass correction
 * moves points in the loyalty ledger and records who did it on the client, in one transaction.
 */
import type { Database, Executor } from "~/.server/db/client";
import {
  getAdminClientRecord,
  lockClientForPoints,
  parseClientPointsAdjustment,
  recordClientPointsAdjusted,
} from "~/.server/modules/accounts/client-profile-admin.service";
import { listAddresses } from "~/.server/modules/addresses/addresses.service";
import { adjustLoyaltyPoints } from "~/.server/modules/loyalty/loyalty.service";
import { listTransactions } from "~/.server/modules/loyalty/loyalty-summary.service";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import type { AdminClientProfile } from "~/domain/customers/admin-client-profile.schema";
import { conflict } from "~/domain/errors";
import { ADMIN_CLIENT_LOYALTY_ROWS } from "~/lib/shop-rules";

/** Voir: identity, contact, orders, Beauty Pass and addresses of one client; null for an unknown id or an administrator. */
export async function getAdminClientProfile(db: Executor, clientId: string, now = new Date()): Promise<AdminClientProfile | null> {
  const record = await getAdminClientRecord(db, clientId, now);
  if (!record) return null;
  const [history, addresses] = await Promise.all([listTransactions(db, clientId, ADMIN_CLIENT_LOYALTY_ROWS), listAddresses(db, clientId)]);
  return {
    ...record,
    loyalty_history: history.map((t) => ({
      id: t.id,
      points: t.points,
      type: t.type,
      description: t.description,
      created_at: t.created_at,
    })),
    addresses: addresses.map((a) => ({
      id: a.id,
      label: a.label ?? null,
      name: [a.first_name, a.last_name].filter(Boolean).join(" "),
      lines: [a.company, a.address_line_1, a.address_line_2, [a.postal_code, a.city].filter(Boolean).join(" "), a.state, a.country].filter(
        (l): l is string => Boolean(l && l.trim()),
      ),
      phone: a.phone,
      is_default: a.is_default,
    })),
  };
}

/**
 * Beauty Pass correction: one 'adjusted' ledger row (the reason is what the client reads in
 * their history); a removal larger than the balance is refused, the balance never goes below 0.
 */
export async function adjustClientPoints(
  db: Database,
  input: { actorId: string; clientId: string; values: unknown; now?: Date; actor?: AdminActor },
): Promise<{ balance: number }> {
  const { points, reason } = parseClientPointsAdjustment(input.values);
  return db.transaction(async (tx) => {
    const client = await lockClientForPoints(tx, input.clientId);
    const result = await adjustLoyaltyPoints(tx, { userId: client.id, points, reason, now: input.now });
    if (!result.ok) throw conflict("points_below_zero", result.message, { fieldErrors: { points: result.message } });
    await recordClientPointsAdjusted(tx, { client, actorId: input.actorId, actor: input.actor, points, reason, balance: result.balance });
    return { balance: result.balance };
  });
}
