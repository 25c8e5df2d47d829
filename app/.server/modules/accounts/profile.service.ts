import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { user, userProfiles } from "../../db/schema";
import type { ProfileUpdate } from "~/domain/account/profile.schema";

export type ProfileView = {
  id: string;
  email: string;
  first_name: string;
  last_name: string | null;
  name: string;
  phone: string | null;
  /** YYYY-MM-DD or null. */
  date_of_birth: string | null;
  loyalty_points: number;
  total_spent_cents: number;
  created_at: string;
};

/** Sign-up creates the profile (first name required, last name optional, 0 points, 0 spent). */
export async function createProfile(
  db: Executor,
  input: { userId: string; firstName: string; lastName: string | null; dateOfBirth?: string | null },
): Promise<void> {
  await db
    .insert(userProfiles)
    .values({ id: input.userId, firstName: input.firstName, lastName: input.lastName, dateOfBirth: input.dateOfBirth ?? null })
    .onConflictDoNothing();
}

export async function getProfile(db: Executor, userId: string): Promise<ProfileView | null> {
  const [row] = await db
    .select({
      id: userProfiles.id,
      email: user.email,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      phone: userProfiles.phone,
      dateOfBirth: userProfiles.dateOfBirth,
      loyaltyPoints: userProfiles.loyaltyPoints,
      totalSpentCents: userProfiles.totalSpentCents,
      createdAt: userProfiles.createdAt,
    })
    .from(userProfiles)
    .innerJoin(user, eq(user.id, userProfiles.id))
    .where(eq(userProfiles.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    name: [row.firstName, row.lastName].filter(Boolean).join(" "),
    phone: row.phone,
    date_of_birth: row.dateOfBirth ?? null,
    loyalty_points: row.loyaltyPoints,
    total_spent_cents: row.totalSpentCents,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/**
 * Updates only the signed-in user's own profile; the auth user's display name follows. A birth
 * date left out (undefined) stays as it was; null clears it.
 */
export async function updateProfile(db: Executor, userId: string, input: ProfileUpdate): Promise<ProfileView | null> {
  await db.transaction(async (tx) => {
    await tx
      .update(userProfiles)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        ...(input.dateOfBirth !== undefined ? { dateOfBirth: input.dateOfBirth } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(userProfiles.id, userId));
    await tx
      .update(user)
      .set({ name: [input.firstName, input.lastName].filter(Boolean).join(" "), updatedAt: sql`now()` })
      .where(eq(user.id, userId));
  });
  return getProfile(db, userId);
}

/**
 * The phone typed at checkout fills the profile's phone when it is empty; a phone the customer
 * already has is never overwritten (one conditional UPDATE). True when it was filled.
 */
export async function fillEmptyProfilePhone(db: Executor, userId: string, phone: string): Promise<boolean> {
  const value = phone.trim();
  if (!value) return false;
  const filled = await db
    .update(userProfiles)
    .set({ phone: value, updatedAt: sql`now()` })
    .where(and(eq(userProfiles.id, userId), or(isNull(userProfiles.phone), eq(sql`btrim(${userProfiles.phone})`, ""))))
    .returning({ id: userProfiles.id });
  return filled.length > 0;
}
