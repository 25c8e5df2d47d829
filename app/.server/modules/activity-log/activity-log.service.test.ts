import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { adminActivityLog } from "../../db/schema";
import { purgeOldAdminActions, recordAdminAction } from "./activity-log.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("activity log", () => {
  it("records who, what and the values before and after, secrets masked", async () => {
    await recordAdminAction(handle.db, {
      actor: { id: "admin-1", label: "admin@aurore.test" },
      action: "client.update",
      entityType: "client",
      entityId: "user-1",
      summary: "Téléphone modifié",
      before: { phone: "0600000000", password: "Secret-123456!" },
      after: { phone: "0611111111", card_number: "4242424242424242", when: new Date("2026-11-26T10:00:00Z") },
    });
    const [row] = await handle.db.select().from(adminActivityLog);
    expect(row).toMatchObject({
      actorType: "user",
      actorId: "admin-1",
      actorLabel: "admin@aurore.test",
      action: "client.update",
      entityType: "client",
      entityId: "user-1",
      summary: "Téléphone modifié",
      before: { phone: "0600000000", password: "•••" },
      after: { phone: "0611111111", card_number: "•••", when: "2026-11-26T10:00:00.000Z" },
    });
  });

  it("keeps a year", async () => {
    await handle.db.execute(sql`UPDATE admin_activity_log SET occurred_at = now() - interval '366 days'`);
    await recordAdminAction(handle.db, {
      actor: { id: null, label: "Clé ERP", type: "api_key" },
      action: "stock.set",
      entityType: "product",
    });
    expect(await purgeOldAdminActions(handle.db)).toBe(1);
    const rows = await handle.db.select({ action: adminActivityLog.action, actorType: adminActivityLog.actorType }).from(adminActivityLog);
    expect(rows).toEqual([{ action: "stock.set", actorType: "api_key" }]);
  });
});
