import { useCallback, useState } from "react";
import { formatTime } from "~/lib/paris-time";

/** The debug pages keep the last lines only (spec storefront §9: 10 to 20 lines). */
export const DEBUG_LOG_MAX_LINES = 20;

/** A live event log for the debug pages: `log(line)` adds a time-stamped line. */
export function useEventLog(): [string[], (line: string) => void, () => void] {
  const [lines, setLines] = useState<string[]>([]);
  const log = useCallback((line: string) => {
    setLines((current) => [...current, `${formatTime(new Date())} ${line}`].slice(-DEBUG_LOG_MAX_LINES));
  }, []);
  const clear = useCallback(() => setLines([]), []);
  return [lines, log, clear];
}

export function EventLog({ lines, onClear, title = "Journal des événements" }: { lines: string[]; onClear?: () => void; title?: string }) {
  return (
    <section aria-labelledby="event-log-title" className="rounded-2xl border border-line bg-band p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="event-log-title" className="font-semibold">
          {title}
        </h2>
        {onClear && (
          <button type="button" onClick={onClear} className="min-h-11 px-3 text-sm font-semibold text-accent underline underline-offset-2">
            Effacer
          </button>
        )}
      </div>
      <div
        role="log"
        aria-live="polite"
        aria-labelledby="event-log-title"
        tabIndex={0}
        className="mt-2 max-h-80 overflow-y-auto font-mono text-xs leading-relaxed text-ink"
      >
        {lines.length === 0 ? (
          <p className="text-muted">Aucun événement pour le moment.</p>
        ) : (
          <ol>
            {lines.map((line, i) => (
              <li key={`${i}-${line}`}>{line}</li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
