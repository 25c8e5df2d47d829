import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema";

/** The shop's administrators, oldest account first: who a notice for the team goes to. */
export async function listAdministratorIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin")).orderBy(asc(user.createdAt));
  return rows.map((r) => r.id);
}
