/**
 * The shop_settings rows the settings saves share: one JSON value per key, read and upserted the
 * same way, and a refused form answered the same way.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "~/.server/db/client";
import { shopSettings } from "~/.server/db/schema";
import { invalid, type DomainError } from "~/domain/errors";

/** The value stored under `key`, or undefined before its first save. */
export async function readSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, key));
  return row?.value;
}

/** Stores `value` under `key`, in the caller's transaction when there is one. */
export async function writeSetting(db: Executor, key: string, value: unknown): Promise<void> {
  const updatedAt = new Date();
  await db
    .insert(shopSettings)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt } });
}

/**
 * A refused Paramètres form as the settings saves answer it: one French message per field (the
 * first of each, keyed by its dotted path) and, unless given, all of them as the message.
 */
export function refusedSettings(code: string, error: z.ZodError, message?: string): DomainError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[issue.path.map(String).join(".")] ??= issue.message;
  return invalid(code, message ?? Object.values(fieldErrors).join(" ; "), { fieldErrors });
}
