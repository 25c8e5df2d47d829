import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ActionFailure, ActionResult, ActionSuccess } from "~/domain/http/action-result";
import { showToast } from "./toast";

/**
 * Calls `onAnswer` once per answer of a fetcher (a toast, closing a dialog, keeping a refusal's
 * message), when the fetcher is back to idle. Re-renders and revalidations do not repeat it.
 */
export function useFetcherAnswer<T>(fetcher: { state: string; data?: T }, onAnswer: (answer: T) => void): void {
  const handled = useRef<T | null>(null);
  const latest = useRef(onAnswer);
  latest.current = onAnswer;
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === null || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}

/**
 * The one way a page reads an action's answer (decision 056): once per answer, a success runs
 * `onSuccess` and a refusal `onFailure`; `failure` is the last refusal while the fetcher is idle,
 * for a form that shows it beside its fields.
 */
export function useActionResult<T>(
  fetcher: { state: string; data?: ActionResult<T> },
  handlers: { onSuccess?: (result: ActionSuccess<T>) => void; onFailure?: (result: ActionFailure) => void } = {},
) {
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) handlers.onSuccess?.(answer);
    else handlers.onFailure?.(answer);
  });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return { failure: result && !result.ok ? result : null };
}

/** A form whose answer is a toast either way: the success's message, or the refusal's. */
export function useToastedAction<T>(fetcher: { state: string; data?: ActionResult<T> }, onSuccess?: (result: ActionSuccess<T>) => void) {
  return useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.message) showToast(result.message);
      onSuccess?.(result);
    },
    onFailure: (result) => showToast(result.message),
  });
}

/**
 * A dialog's form: a success is toasted and closes the dialog, a refusal keeps it open with its
 * message (`error`, cleared by the dialog with `setError(null)` when the field changes).
 */
export function useDialogFetcher<T = unknown>(onClose: () => void) {
  const fetcher = useFetcher<ActionResult<T>>();
  const [error, setError] = useState<string | null>(null);
  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.message) showToast(result.message);
      onClose();
    },
    onFailure: (result) => setError(result.message),
  });
  return { fetcher, error, setError };
}
