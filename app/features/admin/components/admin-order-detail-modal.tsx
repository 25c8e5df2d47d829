import { lineName } from "~/domain/cart/line-name";
import { OrderSampleItems } from "~/features/orders/public/order-samples";
import { TAX_REGIME_LABELS } from "~/domain/tax/tax-rules";
import { InstalmentUnpaidBadge } from "~/features/orders/public/instalment-unpaid-badge";
import { PaymentSchedule } from "~/features/orders/public/payment-schedule";
import { createContext, useContext, useEffect, useId, useState, type ReactNode } from "react";
import { Modal } from "~/components/ui/modal";
import type { AdminOrderDetail } from "~/domain/orders/admin-orders.schema";
import { OrderDelivery } from "~/features/orders/public/order-delivery";
import { OrderStatusBadge } from "~/features/orders/public/order-status-badge";
import { TrackingTimeline } from "~/features/orders/public/tracking-timeline";
import type { OrderAddressView } from "~/domain/orders/order.types";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import { OrderDocuments } from "~/features/orders/public/order-documents";
import { OrderGiftOptions } from "~/features/orders/public/order-gift-options";
import { OrderPaymentsPanel } from "./order-payments-panel";
import { OrderRefundsPanel } from "./order-refunds-panel";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

const LOAD_FAILED = ACCOUNT_MESSAGES.somethingWentWrong;

type Loaded = { order: AdminOrderDetail } | { error: string } | null;

/** Reads GET /api/v1/admin/orders/:id (the same data the JSON API gives). */
async function fetchOrder(orderId: string): Promise<Exclude<Loaded, null>> {
  try {
    const response = await fetch(`/api/v1/admin/orders/${encodeURIComponent(orderId)}`, { headers: { Accept: "application/json" } });
    const body = (await response.json().catch(() => ({}))) as { data?: AdminOrderDetail; error?: { message?: string } };
    if (response.ok && body.data) return { order: body.data };
    return { error: body.error?.message ?? LOAD_FAILED };
  } catch {
    return { error: LOAD_FAILED };
  }
}

function AddressBlock({ title, address }: { title: string; address: OrderAddressView | null }) {
  return (
    <section>
      <h3 className="font-semibold">{title}</h3>
      {address ? (
        <address className="mt-1 text-sm not-italic leading-relaxed">
          {[address.first_name, address.last_name].filter(Boolean).join(" ") || "Nom non renseigné"}
          {address.company ? (
            <>
              <br />
              {address.company}
            </>
          ) : null}
          <br />
          {address.street || "Adresse non renseignée"}
          {address.additional_info ? (
            <>
              <br />
              {address.additional_info}
            </>
          ) : null}
          <br />
          {address.postal_code} {address.city || "Ville non renseignée"}
          <br />
          {address.country || "Pays non renseigné"}
          {address.phone ? (
            <>
              <br />
              {address.phone}
            </>
          ) : null}
        </address>
      ) : (
        <p className="mt-1 text-sm text-muted">Identique à l'adresse de livraison</p>
      )}
    </section>
  );
}

/** What the member's role may do in an order's detail (decision 066): refund an amount. */
export type OrderDetailAccess = { refund: boolean };

const OrderDetailAccessContext = createContext<OrderDetailAccess>({ refund: true });

/**
 * The page that opens an order's detail says what its role may do there: the detail opens from
 * within the page's view, so the flags reach it this way rather than through every view between.
 * Without one, the detail offers everything (the API refuses what the role may not do).
 */
export function OrderDetailAccessProvider({ may, children }: { may: OrderDetailAccess; children: ReactNode }) {
  return <OrderDetailAccessContext.Provider value={may}>{children}</OrderDetailAccessContext.Provider>;
}

/** Détail d'une commande: contact, addresses, date, status, total and lines. */
export function AdminOrderDetailModal({ orderId, number, onClose }: { orderId: string; number: string; onClose: () => void }) {
  const may = useContext(OrderDetailAccessContext);
  const [loaded, setLoaded] = useState<Loaded>(null);
  // The payments panel points to the shop's own refunds rather than listing them twice (decision 061).
  // React's ids hold characters a URL fragment would escape: letters and digits only.
  const refundsId = `order-refunds-${useId().replace(/[^A-Za-z0-9]/g, "")}`;

  useEffect(() => {
    let current = true;
    setLoaded(null);
    void fetchOrder(orderId).then((answer) => {
      if (current) setLoaded(answer);
    });
    return () => {
      current = false;
    };
  }, [orderId]);

  const order = loaded && "order" in loaded ? loaded.order : null;
  return (
    <Modal title={`Commande ${number}`} onClose={onClose}>
      {loaded === null ? <p aria-live="polite">Chargement…</p> : null}
      {loaded && "error" in loaded ? (
        <p role="alert" className="text-red-800">
          {loaded.error}
        </p>
      ) : null}
      {order ? (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p>
              <span className="text-muted">Date :</span> <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
            </p>
            <p className="flex items-center gap-2">
              <span className="text-muted">Statut :</span> <OrderStatusBadge status={order.status} />
              <InstalmentUnpaidBadge paymentStatus={order.payment_status} />
            </p>
            <p>
              <span className="text-muted">Total :</span> <strong>{formatPrice(order.total_cents)}</strong>
            </p>
            {order.promo_code && order.promo_discount_cents > 0 ? (
              <p>
                <span className="text-muted">Code promo :</span> {`${order.promo_code} (-${formatPrice(order.promo_discount_cents)})`}
              </p>
            ) : null}
            {order.vat_treatment ? (
              <p>
                <span className="text-muted">TVA :</span> {TAX_REGIME_LABELS[order.vat_treatment.regime]}
              </p>
            ) : null}
          </div>
          {order.business ? (
            <section aria-label="Facture professionnelle" className="text-sm">
              <h3 className="font-semibold">Facture professionnelle</h3>
              <p className="mt-1">{order.business.company_name}</p>
              {order.business.siret || order.business.siren ? <p>SIRET/SIREN : {order.business.siret ?? order.business.siren}</p> : null}
              {order.business.vat_number ? <p>N° de TVA : {order.business.vat_number}</p> : null}
            </section>
          ) : null}
          <section>
            <h3 className="font-semibold">Contact</h3>
            <p className="mt-1 text-sm">{order.customer_name}</p>
            <p className="text-sm break-all">{order.email ?? "Email non renseigné"}</p>
            <p className="text-sm">{order.phone ?? "Téléphone non renseigné"}</p>
          </section>
          <OrderDelivery order={order} />
          {order.tracking_events.length > 0 && (
            <section aria-label="Suivi du colis" className="rounded-xl border border-line p-4 text-sm">
              <TrackingTimeline events={order.tracking_events} />
            </section>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <AddressBlock title="Adresse de livraison" address={order.shipping_address} />
            <AddressBlock title="Adresse de facturation" address={order.billing_address} />
          </div>
          <section>
            <h3 className="font-semibold">Articles</h3>
            <ul className="mt-2 divide-y divide-line border-y border-line">
              {order.items.map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-4 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{lineName(item.name, item.variant_label)}</p>
                    {item.sku && <p className="text-muted">{`Réf. ${item.sku}`}</p>}
                    <p className="text-muted">{`${item.quantity} x ${formatPrice(item.unit_price_cents)}`}</p>
                  </div>
                  <p className="shrink-0 font-semibold">{formatPrice(item.total_price_cents)}</p>
                </li>
              ))}
              <OrderSampleItems samples={order.samples} />
            </ul>
          </section>
          <PaymentSchedule schedule={order.payment_schedule ?? []} />
          <OrderPaymentsPanel orderId={order.id} refundsHref={`#${refundsId}`} />
          <OrderDocuments documents={order.documents ?? []} />
          <OrderGiftOptions orderId={order.id} gift={order.gift} audience="admin" />
          <div id={refundsId} className="scroll-mt-4">
            <OrderRefundsPanel orderId={order.id} number={order.number} refundable={may.refund} />
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
