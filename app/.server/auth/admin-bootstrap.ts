import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { user } from "../db/schema";
import { getEnv } from "../env";
import type { Auth } from "./auth.server";
import { announceInvalidation } from "../invalidations";
import { ensureOwnerRow } from "../modules/staff/staff.service";

export const DEMO_ADMIN_EMAIL = "admin@aurore.local";

/**
 * Makes sure an administrator exists. With ADMIN_EMAIL and ADMIN_PASSWORD, that account is
 * created when missing; an existing account with ADMIN_EMAIL is given the admin role. With
 * neither, a demo administrator with a random password is created once and its password
 * printed once on the console.
 */
export async function ensureAdministrator(
  db: Database,
  auth: Auth,
  config: { adminEmail?: string; adminPassword?: string } = {
    adminEmail: getEnv().ADMIN_EMAIL,
    adminPassword: getEnv().ADMIN_PASSWORD,
  },
  // The console, not the logger: the demo password is meant to be read once by whoever started
  // the shop, and the logger would redact it.
  log: (line: string) => void = console.log,
): Promise<{ email: string; created: boolean }> {
  const env = { ADMIN_EMAIL: config.adminEmail, ADMIN_PASSWORD: config.adminPassword };
  const email = (env.ADMIN_EMAIL ?? DEMO_ADMIN_EMAIL).toLowerCase();
  const [existing] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email));
  if (existing) {
    if (existing.role !== "admin") {
      await db.update(user).set({ role: "admin" }).where(eq(user.id, existing.id));
      await ensureOwnerRow(db, existing.id);
      // A start-up write, outside any request: the processes already serving learn the new role now.
      await announceInvalidation(["sessions"], { db });
    } else {
      await ensureOwnerRow(db, existing.id);
    }
    return { email, created: false };
  }
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    log(`ADMIN_EMAIL is set but the account does not exist yet: set ADMIN_PASSWORD to create it.`);
    return { email, created: false };
  }
  const [anyAdmin] = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin")).limit(1);
  if (!env.ADMIN_EMAIL && anyAdmin) return { email, created: false };

  const password = env.ADMIN_PASSWORD ?? `${randomBytes(12).toString("base64url")}Aa1!`;
  let createdId: string;
  try {
    const result = await auth.api.signUpEmail({
      body: { email, password, name: "Administrateur", firstName: "Administrateur" } as {
        email: string;
        password: string;
        name: string;
      },
    });
    createdId = result.user.id;
  } catch (error) {
    // Several instances starting together on one database race to create the account: the one
    // that lost finds it made by the winner, and only makes sure of its role.
    const [made] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!made) throw error;
    await db.update(user).set({ role: "admin" }).where(eq(user.id, made.id));
    await ensureOwnerRow(db, made.id);
    return { email, created: false };
  }
  await db.update(user).set({ role: "admin" }).where(eq(user.id, createdId));
  // The shop's first account is its owner (decision 066), asked to enrol in two-factor at sign-in.
  await ensureOwnerRow(db, createdId);
  if (!env.ADMIN_PASSWORD) {
    log(`Demo administrator created: ${email} / ${password} (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`);
  }
  return { email, created: true };
}
