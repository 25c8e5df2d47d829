import { useEffect, useRef } from "react";

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
