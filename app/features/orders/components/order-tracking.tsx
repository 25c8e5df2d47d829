import type { OrderView } from "~/domain/orders/order.types";
import { useTimeZone } from "~/components/ui/time-zone";
import { T, useLanguage, useT } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";

/** The parcel of a shipped order: carrier, tracking number and a link to the carrier's page. */
export function OrderTracking({ order }: { order: Pick<OrderView, "carrier" | "tracking_number" | "tracking_url" | "shipped_at"> }) {
  const format = localizedFormat(useLanguage(), useTimeZone());
  const t = useT();
  if (!order.carrier || !order.tracking_number) return null;
  return (
    <div className="mt-6 rounded-xl border border-line p-4 text-sm">
      <h3 className="font-semibold">{t("account.tracking.title")}</h3>
      <p className="mt-2 text-muted">
        <T
          k={order.shipped_at ? "account.tracking.shippedOn" : "account.tracking.shipped"}
          values={{ date: order.shipped_at ? format.date(order.shipped_at) : "", carrier: order.carrier, number: order.tracking_number }}
          components={{ 0: <span className="font-mono text-ink" /> }}
        />
      </p>
      {order.tracking_url && (
        <a
          href={order.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4"
        >
          {t("account.tracking.follow")}
          <span className="sr-only">{t("account.tracking.newTab", { carrier: order.carrier })}</span>
        </a>
      )}
    </div>
  );
}
