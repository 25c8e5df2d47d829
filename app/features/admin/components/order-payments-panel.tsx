import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { T, useLanguage, useT } from "~/components/ui/i18n";
import { localizedFormat, type LocalizedFormat } from "~/domain/i18n/localized-format";
import type { OrderChargeView, OrderDisputeView, OrderExternalRefundView, OrderPaymentsView } from "~/domain/payments/order-payments";

type Loaded = { payments: OrderPaymentsView } | { error: true } | null;

/** Reads GET /api/v1/admin/orders/:id/payments (docs/decisions/061-order-payments-in-back-office.md). */
async function fetchPayments(orderId: string): Promise<Exclude<Loaded, null>> {
  try {
    const response = await fetch(`/api/v1/admin/orders/${encodeURIComponent(orderId)}/payments`, {
      headers: { Accept: "application/json" },
    });
    const body = (await response.json().catch(() => null)) as { data?: OrderPaymentsView } | null;
    return response.ok && body?.data ? { payments: body.data } : { error: true };
  } catch {
    return { error: true };
  }
}

const linkClass = "inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4";

/**
 * A link to the provider's dashboard, in a new tab that cannot reach back into the back office.
 * Its accessible name starts with the visible words (WCAG 2.5.3), then names the payment and the new tab.
 */
function DashboardLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className={linkClass}>
      {children}
    </a>
  );
}

/** A link to another section of the order's detail; its words come from the catalog's <0>…</0>. */
function InPageLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} className="text-accent underline underline-offset-4">
      {children}
    </a>
  );
}

/** The provider and its payment id, which wraps anywhere at 390 px rather than widening the modal. */
function PaymentReference({ provider, paymentId }: { provider: string; paymentId: string | null }) {
  const t = useT();
  return (
    <p className="text-muted">
      {t("account.orderPayments.provider", { provider })}
      {" · "}
      {paymentId ? <code className="break-all">{paymentId}</code> : t("account.orderPayments.noPaymentId")}
    </p>
  );
}

const CHARGE_TONE: Partial<Record<OrderChargeView["status"], string>> = {
  succeeded: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-800",
  unpaid: "bg-red-100 text-red-800",
  retrying: "bg-amber-100 text-amber-900",
  requires_action: "bg-amber-100 text-amber-900",
};

function ChargeItem({ charge, format }: { charge: OrderChargeView; format: LocalizedFormat }) {
  const t = useT();
  const title =
    charge.kind === "instalment"
      ? t("account.orderPayments.chargeInstalment", { seq: charge.instalment_seq ?? 0 })
      : charge.instalment_seq === 1
        ? `${t("account.orderPayments.chargePayment")} (${t("account.orderPayments.firstInstalment")})`
        : t("account.orderPayments.chargePayment");
  const when = charge.charged_at
    ? t("account.orderPayments.chargedOn", { date: format.dateTime(charge.charged_at) })
    : charge.due_date
      ? t("account.orderPayments.dueOn", { date: format.date(`${charge.due_date}T12:00:00Z`) })
      : t("account.orderPayments.requestedOn", { date: format.dateTime(charge.created_at) });
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold">{title}</p>
        <p className="font-semibold whitespace-nowrap">{format.price(charge.amount_cents)}</p>
      </div>
      <p>
        <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${CHARGE_TONE[charge.status] ?? "bg-line/60"}`}>
          {t("account.orderPayments.chargeStatus", { status: charge.status, kind: charge.kind })}
        </span>{" "}
        <span className="text-muted">{when}</span>
      </p>
      <PaymentReference provider={charge.provider} paymentId={charge.provider_payment_id} />
      {charge.dashboard_url && charge.provider_payment_id ? (
        <DashboardLink
          href={charge.dashboard_url}
          label={t("account.orderPayments.dashboardLinkLabel", { id: charge.provider_payment_id })}
        >
          {t("account.orderPayments.dashboardLink")}
        </DashboardLink>
      ) : null}
    </li>
  );
}

function ExternalRefundItem({ refund, format }: { refund: OrderExternalRefundView; format: LocalizedFormat }) {
  const t = useT();
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold">{t("account.orderPayments.refundReason", { reason: refund.reason ?? "none" })}</p>
        <p className="font-semibold whitespace-nowrap">{`-${format.price(refund.amount_cents)}`}</p>
      </div>
      <p className="text-muted">{t("account.orderPayments.refundedOn", { date: format.dateTime(refund.refunded_at) })}</p>
      <PaymentReference provider={refund.provider} paymentId={refund.provider_payment_id} />
      {refund.dashboard_url ? (
        <DashboardLink
          href={refund.dashboard_url}
          label={t("account.orderPayments.dashboardLinkLabel", { id: refund.provider_payment_id })}
        >
          {t("account.orderPayments.dashboardLink")}
        </DashboardLink>
      ) : null}
    </li>
  );
}

function DisputeItem({ dispute, format }: { dispute: OrderDisputeView; format: LocalizedFormat }) {
  const t = useT();
  const due = dispute.evidence_due_by ? format.date(dispute.evidence_due_by) : null;
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold break-words">{t("account.orderPayments.disputeReason", { reason: dispute.reason })}</p>
        <p className="font-semibold whitespace-nowrap">{format.price(dispute.amount_cents)}</p>
      </div>
      {dispute.needs_response ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-2 font-semibold text-red-800">
          {t("account.orderPayments.disputeWarning", { hasDate: due ? "yes" : "no", date: due ?? "" })}
        </p>
      ) : null}
      {dispute.response_overdue && due ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-2 font-semibold text-amber-900">
          {t("account.orderPayments.disputeOverdue", { date: due })}
        </p>
      ) : null}
      <p>
        {t("account.orderPayments.disputeStatusLine", {
          status: t("account.orderPayments.disputeStatus", { status: dispute.status }),
        })}
      </p>
      <p className="text-muted">
        {t("account.orderPayments.disputeOpenedOn", { date: format.date(dispute.opened_at) })}
        {due ? ` · ${t("account.orderPayments.evidenceDueBy", { date: due })}` : null}
      </p>
      <PaymentReference provider={dispute.provider} paymentId={dispute.provider_payment_id} />
      {/* "Répondre" only while Stripe takes evidence; once answered, late or closed, the link shows it. */}
      {dispute.dashboard_url ? (
        <DashboardLink
          href={dispute.dashboard_url}
          label={t(dispute.needs_response ? "account.orderPayments.disputeLinkLabel" : "account.orderPayments.disputeViewLinkLabel", {
            id: dispute.provider_payment_id,
          })}
        >
          {t(dispute.needs_response ? "account.orderPayments.disputeLink" : "account.orderPayments.disputeViewLink")}
        </DashboardLink>
      ) : null}
    </li>
  );
}

/**
 * What the order's card payments look like: each charge, the refunds made outside the shop and
 * the disputes, one item per line so it reads at 390 px. The shop's own refunds are not repeated:
 * they stay in 'Remboursements' (`refundsHref` points there).
 */
export function OrderPayments({ payments, refundsHref }: { payments: OrderPaymentsView; refundsHref?: string }) {
  const t = useT();
  const baseId = useId();
  const format = localizedFormat(useLanguage());
  const { charges, external_refunds: refunds, disputes } = payments;
  return (
    <div className="space-y-4 text-sm">
      {disputes.length > 0 ? (
        <section aria-labelledby={`${baseId}-disputes`}>
          <h4 id={`${baseId}-disputes`} className="font-semibold">
            {t("account.orderPayments.disputes")}
          </h4>
          <ul className="divide-y divide-line border-y border-line">
            {disputes.map((d) => (
              <DisputeItem key={d.id} dispute={d} format={format} />
            ))}
          </ul>
          <p className="mt-1 text-muted">{t("account.orderPayments.disputeNote")}</p>
        </section>
      ) : null}
      <section aria-labelledby={`${baseId}-charges`}>
        <h4 id={`${baseId}-charges`} className="font-semibold">
          {t("account.orderPayments.charges")}
        </h4>
        {charges.length > 0 ? (
          <ul className="divide-y divide-line border-y border-line">
            {charges.map((c) => (
              <ChargeItem key={c.id} charge={c} format={format} />
            ))}
          </ul>
        ) : (
          <p className="text-muted">{t("account.orderPayments.empty")}</p>
        )}
      </section>
      {refunds.length > 0 ? (
        <section aria-labelledby={`${baseId}-refunds`}>
          <h4 id={`${baseId}-refunds`} className="font-semibold">
            {t("account.orderPayments.externalRefunds")}
          </h4>
          <p className="text-muted">{t("account.orderPayments.externalRefundsText")}</p>
          <ul className="divide-y divide-line border-y border-line">
            {refunds.map((r) => (
              <ExternalRefundItem key={r.id} refund={r} format={format} />
            ))}
          </ul>
        </section>
      ) : null}
      {refundsHref && charges.length > 0 ? (
        <p className="text-muted">
          <T k="account.orderPayments.shopRefunds" components={{ 0: <InPageLink href={refundsHref} /> }} />
        </p>
      ) : null}
    </div>
  );
}

/** 'Paiements' in the order's detail: loads the order's payments once, with a retry on failure. */
export function OrderPaymentsPanel({ orderId, refundsHref }: { orderId: string; refundsHref?: string }) {
  const t = useT();
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>(null);

  const load = useCallback(() => {
    let current = true;
    setLoaded(null);
    void fetchPayments(orderId).then((answer) => {
      if (current) setLoaded(answer);
    });
    return () => {
      current = false;
    };
  }, [orderId]);

  useEffect(() => load(), [load]);

  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="font-semibold">
        {t("account.orderPayments.title")}
      </h3>
      {loaded === null ? (
        <p aria-live="polite" className="text-sm text-muted">
          {t("account.orderPayments.loading")}
        </p>
      ) : "error" in loaded ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          <p>{t("account.orderPayments.loadError")}</p>
          <button type="button" onClick={() => load()} className={linkClass}>
            {t("account.orderPayments.retry")}
          </button>
        </div>
      ) : (
        <OrderPayments payments={loaded.payments} refundsHref={refundsHref} />
      )}
    </section>
  );
}
