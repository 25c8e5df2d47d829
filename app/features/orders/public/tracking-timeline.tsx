import { useId } from "react";
import type { TrackingEventView } from "~/domain/orders/order.types";
import { useTimeZone } from "~/components/ui/time-zone";
import { useLanguage, useT } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";

/** Newest first; events of the same instant keep the carrier's order, latest last in its list. */
function newestFirst(events: readonly TrackingEventView[]): TrackingEventView[] {
  return events
    .map((event, index) => ({ event, index, at: Date.parse(event.occurred_at) }))
    .sort((a, b) => (b.at || 0) - (a.at || 0) || b.index - a.index)
    .map(({ event }) => event);
}

/**
 * A parcel's events as its carrier reports them (decision 062), newest first, the latest marked
 * as the current step: the shopper's order and the back-office's show the same timeline.
 */
export function TrackingTimeline({ events }: { events: readonly TrackingEventView[] }) {
  const language = useLanguage();
  const format = localizedFormat(language, useTimeZone());
  const t = useT();
  const headingId = useId();
  if (events.length === 0) return null;
  return (
    <>
      <h4 id={headingId} className="mt-4 font-medium">
        {t("account.tracking.events")}
      </h4>
      <ol aria-labelledby={headingId} className="mt-2 space-y-3 border-l-2 border-line pl-4">
        {newestFirst(events).map((event, index) => {
          const latest = index === 0;
          return (
            <li
              key={`${event.occurred_at}-${event.kind}-${index}`}
              aria-current={latest ? "step" : undefined}
              className={latest ? "text-ink" : "text-muted"}
            >
              <time dateTime={event.occurred_at} className="block text-xs">
                {format.dateTime(event.occurred_at)}
              </time>
              {/* The carrier writes its events in French: an English page says so to screen readers. */}
              <span lang={language === "fr" ? undefined : "fr"} className={latest ? "block font-semibold" : "block"}>
                {event.label}
              </span>
              {event.location && <span className="block text-xs">{event.location}</span>}
            </li>
          );
        })}
      </ol>
    </>
  );
}
