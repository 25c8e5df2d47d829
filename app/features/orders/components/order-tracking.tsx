import type { OrderView } from "~/domain/orders/order.types";
import { formatDate } from "~/lib/paris-time";
import { useTimeZone } from "~/components/ui/time-zone";

/** The parcel of a shipped order: carrier, tracking number and a link to the carrier's page. */
export function OrderTracking({ order }: { order: Pick<OrderView, "carrier" | "tracking_number" | "tracking_url" | "shipped_at"> }) {
  const timeZone = useTimeZone();
  if (!order.carrier || !order.tracking_number) return null;
  return (
    <div className="mt-6 rounded-xl border border-line p-4 text-sm">
      <h3 className="font-semibold">Suivi du colis</h3>
      <p className="mt-2 text-muted">
        {order.shipped_at ? `Expédié le ${formatDate(order.shipped_at, timeZone)} avec ` : "Expédié avec "}
        {order.carrier}, numéro de suivi <span className="font-mono text-ink">{order.tracking_number}</span>
      </p>
      {order.tracking_url && (
        <a
          href={order.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4"
        >
          Suivre mon colis<span className="sr-only"> (ouvre le site de {order.carrier} dans un nouvel onglet)</span>
        </a>
      )}
    </div>
  );
}
