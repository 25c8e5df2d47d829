/**
 * The back-office's "confirm it is you" request (decision 066): a sensitive action refused with
 * `second_factor_required` opens one dialog that asks for a two-factor code. A tiny external store
 * read with `useSyncExternalStore`, so any form, fetcher or API call can ask for it.
 */
import { useSyncExternalStore } from "react";

/** The refusal code the server answers a sensitive action with when the last check is too old. */
export const SECOND_FACTOR_REQUIRED_CODE = "second_factor_required";

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === open) return;
  open = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether an answer (an ActionResult, or an admin API error body) asks for the second factor. */
export function asksForSecondFactor(answer: unknown): boolean {
  if (!answer || typeof answer !== "object") return false;
  const a = answer as { ok?: unknown; code?: unknown; error?: { code?: unknown } };
  return (a.ok === false && a.code === SECOND_FACTOR_REQUIRED_CODE) || a.error?.code === SECOND_FACTOR_REQUIRED_CODE;
}

export function requestSecondFactor(): void {
  set(true);
}

export function closeSecondFactorRequest(): void {
  set(false);
}

export function useSecondFactorRequest(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
