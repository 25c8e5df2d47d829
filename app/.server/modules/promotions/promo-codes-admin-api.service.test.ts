import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { adminActivityLog, promoCodes } from "../../db/schema";
import { createPromoCode, deletePromoCode, listAdminPromoCodesSince } from "./promo-codes-admin.service";
import { PROMO_FORM_MESSAGES } from "~/domain/promotions/promotions.schema";
import type { KeysetWindow } from "../../db/keyset";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

/** The admin API's side of the promo codes (decision 049): the cursor walk and the deletion. */
let handle: DatabaseHandle;
const actor = { type: "api_key" as const, id: randomUUID(), label: "Connecteur ERP" };

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const code = () => `WALK${randomUUID().slice(0, 8).toUpperCase()}`;

describe("the promo codes' cursor walk", () => {
  it("gives every row once, also rows stamped by the database in the same microsecond", async () => {
    const since = new Date(Date.now() - 1000);
    // One statement: the default now() gives all five the same microsecond timestamp.
    const inserted = await handle.db
      .insert(promoCodes)
      .values([0, 1, 2, 3, 4].map(() => ({ code: code(), kind: "percentage" as const, percentOff: 10 })))
      .returning({ id: promoCodes.id });

    const seen: string[] = [];
    let window: KeysetWindow = { after: null, updatedSince: since };
    for (let page = 0; page < 50; page++) {
      const rows = await listAdminPromoCodesSince(handle.db, { ...window, limit: 3 });
      const kept = rows.slice(0, 2);
      seen.push(...kept.map((r) => r.id));
      if (rows.length <= 2) break;
      const last = kept.at(-1)!;
      // What the API's cursor keeps: a JavaScript date (milliseconds) and the id.
      window = { after: { updatedAt: new Date(last.updated_at), id: last.id }, updatedSince: since };
    }
    for (const { id } of inserted) expect(seen.filter((s) => s === id)).toHaveLength(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("leaves out rows not changed since updated_since", async () => {
    const [old] = await handle.db
      .insert(promoCodes)
      .values({ code: code(), kind: "percentage", percentOff: 5, updatedAt: new Date("2020-01-01T00:00:00Z") })
      .returning({ id: promoCodes.id });
    const rows = await listAdminPromoCodesSince(handle.db, { after: null, updatedSince: new Date("2021-01-01T00:00:00Z"), limit: 200 });
    expect(rows.map((r) => r.id)).not.toContain(old.id);
  });
});

describe("deleting a promo code", () => {
  it("deletes an unused code and records the key in the activity log", async () => {
    const created = await createPromoCode(handle.db, { code: code(), kind: "percentage", value: "20" }, actor);
    expect(await deletePromoCode(handle.db, created.id, actor)).toEqual({ id: created.id, code: created.code });
    expect(await handle.db.select().from(promoCodes).where(eq(promoCodes.id, created.id))).toEqual([]);
    await settleDomainEvents(handle.db);
    const entries = await handle.db
      .select({ action: adminActivityLog.action, actorType: adminActivityLog.actorType, actorLabel: adminActivityLog.actorLabel })
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.entityId, created.id), inArray(adminActivityLog.action, ["promo_code.create", "promo_code.delete"])));
    expect(entries.map((e) => e.action).sort()).toEqual(["promo_code.create", "promo_code.delete"]);
    expect(entries.every((e) => e.actorType === "api_key" && e.actorLabel === "Connecteur ERP")).toBe(true);
  });

  it("refuses a code that served (promo_code_used) and an unknown one (not_found), in French", async () => {
    const created = await createPromoCode(handle.db, { code: code(), kind: "percentage", value: "20" }, actor);
    await handle.db.update(promoCodes).set({ usedCount: 1 }).where(eq(promoCodes.id, created.id));
    await expect(deletePromoCode(handle.db, created.id, actor)).rejects.toMatchObject({
      code: "promo_code_used",
      message: PROMO_FORM_MESSAGES.usedCannotBeDeleted,
    });
    expect(await handle.db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, created.id))).toHaveLength(1);
    await expect(deletePromoCode(handle.db, randomUUID(), actor)).rejects.toMatchObject({ message: PROMO_FORM_MESSAGES.notFound });
    await expect(deletePromoCode(handle.db, "pas-un-id", actor)).rejects.toMatchObject({ message: PROMO_FORM_MESSAGES.notFound });
  });
});
