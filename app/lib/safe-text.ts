/**
 * The zod string field that obeys the safe-text rule (safe-text.rules.ts): what form schemas use
 * for every field a user types.
 */
import { z } from "zod";
import { isSafeText, UNSAFE_TEXT_MESSAGE } from "./safe-text.rules";

/**
 * `z.string()` with the rule as its first check, aborting the other checks so the field shows one
 * message. Chain `.trim()`, `.min()`, `.max()`, `.regex()` as usual.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { error: UNSAFE_TEXT_MESSAGE, abort: true });
}
