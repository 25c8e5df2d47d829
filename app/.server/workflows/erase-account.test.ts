/**
 * A staff member's account is never deleted (decision 066): the shop's "Supprimer mon compte"
 * refuses it in French before the password is even checked, and every row stays.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import { createShopper } from "../../../tests/support/shoppers";
import { makeStaff } from "../../../tests/support/staff";
import type { DatabaseHandle } from "~/.server/db/client";
import { staffMembers, user } from "~/.server/db/schema";
import type { AccountActor } from "~/.server/modules/accounts/account-security.service";
import { STAFF_ACCOUNT_NOT_DELETABLE_MESSAGE } from "~/domain/staff/staff-messages";
import { deleteOwnAccount } from "./erase-account";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("deleting one's own account", () => {
  it("refuses a staff member's, keeping the account and its role", async () => {
    const member = await createShopper(handle.db, { name: "Inès Équipe" });
    await makeStaff(handle.db, member.id, "logistics");
    // The auth library is never reached: the refusal comes first.
    const actor = { db: handle.db, userId: member.id } as unknown as AccountActor;
    await expect(deleteOwnAccount(actor, "peu importe")).rejects.toMatchObject({
      code: "staff_account",
      message: STAFF_ACCOUNT_NOT_DELETABLE_MESSAGE,
    });
    expect(await handle.db.select({ id: user.id }).from(user).where(eq(user.id, member.id))).toHaveLength(1);
    expect(await handle.db.select().from(staffMembers).where(eq(staffMembers.userId, member.id))).toHaveLength(1);
  });
});
