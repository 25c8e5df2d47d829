import { useId } from "react";
import type { OrderView, TrackingEventView } from "~/domain/orders/order.types";
import { useTimeZone } from "~/components/ui/time-zone";
import { T, useLanguage, useT } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";

export type OrderTrackingProps = {
  order: Pick<OrderView, "carrier" | "tracking_number" | "tracking_url" | "shipped_at" | "tracking_events">;
};

/** Newest first; events of the same instant keep the carrier's order, latest last in its list. */
function newestFirst(events: readonly TrackingEventView[]): TrackingEventView[] {
  return events
    .map((event, index) => ({ event, index, at: Date.parse(event.occurred_at) }))
    .sort((a, b) => (b.at || 0) - (a.at || 0) || b.index - a.index)
    .map(({ event }) => event);
}

/**
 * The parcel of an order: carrier, tracking number and a link to the carrier's page once shipped,
 * and the carrier's events (decision 062). The events show on their own too: a label can be
 * printed and the parcel scanned before the order carries its carrier and number.
 */
export function OrderTracking({ order }: OrderTrackingProps) {
  const language = useLanguage();
  const format = localizedFormat(language, useTimeZone());
  const t = useT();
  const eventsHeadingId = useId();
  const shipped = Boolean(order.carrier && order.tracking_number);
  const events = newestFirst(order.tracking_events);
  if (!shipped && events.length === 0) return null;
  return (
    <div className="mt-6 rounded-xl border border-line p-4 text-sm">
      <h3 className="font-semibold">{t("account.tracking.title")}</h3>
      {shipped && (
        <p className="mt-2 text-muted">
          <T
            k={order.shipped_at ? "account.tracking.shippedOn" : "account.tracking.shipped"}
            values={{
              date: order.shipped_at ? format.date(order.shipped_at) : "",
              carrier: order.carrier ?? "",
              number: order.tracking_number ?? "",
            }}
            components={{ 0: <span className="font-mono text-ink" /> }}
          />
        </p>
      )}
      {shipped && order.tracking_url && (
        <a
          href={order.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4"
        >
          {t("account.tracking.follow")}
          <span className="sr-only">{t("account.tracking.newTab", { carrier: order.carrier ?? "" })}</span>
        </a>
      )}
      {events.length > 0 && (
        <>
          <h4 id={eventsHeadingId} className="mt-4 font-medium">
            {t("account.tracking.events")}
          </h4>
          <ol aria-labelledby={eventsHeadingId} className="mt-2 space-y-3 border-l-2 border-line pl-4">
            {events.map((event, index) => {
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
      )}
    </div>
  );
}
