import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
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
 * A dialog's form: a success is toasted and closes the dialog, a refusal keeps it open with its
 * message (`error`, cleared by the dialog with `setError(null)` when the field changes).
 */
export function useDialogFetcher<T extends { ok: boolean; message: string }>(onClose: () => void) {
  const fetcher = useFetcher<T>();
  const [error, setError] = useState<string | null>(null);
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      showToast(answer.message);
      onClose();
    } else setError(answer.message);
  });
  return { fetcher, error, setError };
}
