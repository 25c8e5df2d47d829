/**
 * The Beauty Box's monthly price (docs/decisions/071-beauty-box.md): 29,90 € until the owner sets
 * another. A subscription keeps the price it was taken at (its own row), so a change applies to
 * new subscriptions only, as the law asks for a price announced before subscribing.
 */
import type { Executor } from "~/.server/db/client";
import { BEAUTY_BOX_DEFAULT_PRICE_CENTS } from "~/domain/beauty-box/beauty-box";
import { readSetting, writeSetting } from "./settings-store";

const BOX_PRICE_KEY = "beauty_box.price_cents";
const BOX_PRICE_MAX_CENTS = 100_000;

export async function getBoxPriceCents(db: Executor): Promise<number> {
  const value = await readSetting(db, BOX_PRICE_KEY);
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value <= BOX_PRICE_MAX_CENTS
    ? value
    : BEAUTY_BOX_DEFAULT_PRICE_CENTS;
}

export async function setBoxPriceCents(db: Executor, cents: number): Promise<void> {
  if (!Number.isInteger(cents) || cents <= 0 || cents > BOX_PRICE_MAX_CENTS) throw new Error("invalid box price");
  await writeSetting(db, BOX_PRICE_KEY, cents);
}
