import type { OrderView } from "~/domain/orders/order.types";
import { TrackingTimeline } from "../public/tracking-timeline";
import { useTimeZone } from "~/components/ui/time-zone";
import { T, useLanguage, useT } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";

export type OrderTrackingProps = {
  order: Pick<OrderView, "carrier" | "tracking_number" | "tracking_url" | "shipped_at" | "tracking_events">;
};

/**
 * The parcel of an order: carrier, tracking number and a link to the carrier's page once shipped,
 * and the carrier's events (decision 062). The events show on their own too: a label can be
 * printed and the parcel scanned before the order carries its carrier and number.
 */
export function OrderTracking({ order }: OrderTrackingProps) {
  const format = localizedFormat(useLanguage(), useTimeZone());
  const t = useT();
  const shipped = Boolean(order.carrier && order.tracking_number);
  if (!shipped && order.tracking_events.length === 0) return null;
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
      <TrackingTimeline events={order.tracking_events} />
    </div>
  );
}
