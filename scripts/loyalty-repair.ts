/**
 * `npm run loyalty:repair`: credits the Beauty Pass points of delivered orders that never got
 * them, as a command an operator runs rather than a side effect of viewing a page
 * (docs/decisions/007-order-status-loyalty-notifications.md). Idempotent: a second run
 * finds nothing to do. Uses the shop's database (DATABASE_URL, else PGlite in DATA_DIR; stop
 * the server first when it runs on PGlite, which allows one process at a time).
 */
import { startDatabase, stopDatabase } from "../app/.server/db";
import { repairLoyaltyPoints } from "../app/.server/workflows/order-points";

const handle = await startDatabase();
try {
  const result = await repairLoyaltyPoints(handle.db);
  console.log(
    result.orders === 0
      ? `Beauty Pass repair (${handle.label}): nothing to repair.`
      : `Beauty Pass repair (${handle.label}): ${result.points} points credited for ${result.orders} delivered order(s).`,
  );
} finally {
  await stopDatabase();
}
