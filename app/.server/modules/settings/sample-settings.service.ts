/**
 * How many free samples a shopper chooses per order, by Beauty Pass tier (decision 067): set in
 * Paramètres, read by the checkout, the order workflow and every page that promises them. Every
 * page's loader reads it, so it is kept a few seconds per database handle and forgotten in every
 * process on a save ("settings", decision 038), with the shared-cached pages that print it.
 */
import type { Executor } from "~/.server/db/client";
import { createDbMemo } from "~/.server/db-memo";
import { announceInvalidation } from "~/.server/invalidations";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { SampleAllowancesSchema } from "~/domain/samples/samples";
import { DEFAULT_SAMPLE_ALLOWANCES, type SampleAllowances } from "~/domain/samples/sample-allowances";
import { readSetting, refusedSettings, writeSetting } from "./settings-store";

const SAMPLE_ALLOWANCES_KEY = "samples.allowances";
const ALLOWANCES_TTL_MS = 5_000;

const allowancesMemo = createDbMemo<SampleAllowances>({ kind: "settings", name: "sample-allowances", ttlMs: ALLOWANCES_TTL_MS });

async function readSampleAllowances(db: Executor): Promise<SampleAllowances> {
  const parsed = SampleAllowancesSchema.safeParse(await readSetting(db, SAMPLE_ALLOWANCES_KEY));
  return parsed.success ? parsed.data : DEFAULT_SAMPLE_ALLOWANCES;
}

/** The saved numbers, or the defaults (2, 3, 4) before the first save or for a value that no longer parses. */
export async function getSampleAllowances(db: Executor, now: number = Date.now()): Promise<SampleAllowances> {
  return allowancesMemo.get(db, "value", () => readSampleAllowances(db), now);
}

/** Paramètres' form: three whole numbers from 0 to 10, each field with its own French message. */
export async function saveSampleAllowances(db: Executor, input: unknown, actor?: AdminActor): Promise<SampleAllowances> {
  const parsed = SampleAllowancesSchema.safeParse(input);
  if (!parsed.success) throw refusedSettings("invalid_sample_allowances", parsed.error);
  const next = parsed.data;
  const saved = await db.transaction(async (tx) => {
    const before = await readSampleAllowances(tx);
    await writeSetting(tx, SAMPLE_ALLOWANCES_KEY, next);
    await recordAdminChangeBy(tx, actor, {
      action: "settings.samples_update",
      entityType: "settings",
      entityId: SAMPLE_ALLOWANCES_KEY,
      summary: `Échantillons offerts par commande : ${next.base} (Beauty Lover), ${next.expert} (Beauty Expert), ${next.vip} (VIP)`,
      before,
      after: next,
    });
    return next;
  });
  allowancesMemo.forget(db);
  // The header, footer and home page of every visitor's (shared-cached) page print the numbers.
  await announceInvalidation(["settings", "pages"]);
  return saved;
}
