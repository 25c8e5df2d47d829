import { useEffect, useId, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-parts";
import { lineName } from "~/domain/cart/line-name";
import type { OrderView } from "~/domain/orders/order.types";
import {
  RETURN_COMMENT_MAX,
  RETURN_LINES_REQUIRED_MESSAGE,
  RETURN_REASONS,
  RETURN_STATUS_LABELS,
  RETURN_UNOPENED_MESSAGE,
  ReturnRequestSchema,
  type ReturnReason,
  type ReturnView,
} from "~/domain/returns/returns";
import { useTimeZone } from "~/components/ui/time-zone";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { RETURNS_DAYS } from "~/lib/shop-rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

const FAILED_MESSAGE = ACCOUNT_MESSAGES.somethingWentWrongTryAgain;

/** The order's returns: each with its status, refund and label. */
function ReturnList({ returns }: { returns: ReturnView[] }) {
  const format = localizedFormat(useLanguage(), useTimeZone());
  const t = useT();
  const tm = useTranslateMessage();
  if (returns.length === 0) return null;
  return (
    <section className="mt-6 text-sm">
      <h3 className="font-semibold">{t("account.returns.title")}</h3>
      <ul className="mt-2 space-y-3">
        {returns.map((r) => (
          <li key={r.id} className="rounded-xl border border-line p-3">
            <p className="font-semibold">
              {t("account.returns.heading", { number: r.number, status: tm(RETURN_STATUS_LABELS[r.status] ?? r.status_label) })}
              <span className="font-normal text-muted">{t("account.returns.requestedOn", { date: format.date(r.created_at) })}</span>
            </p>
            <ul className="mt-1 text-muted">
              {r.items.map((i) => (
                <li key={i.id}>
                  {`${lineName(i.name, i.variant_label)} x ${i.quantity}`}
                  {i.decision === "accepted"
                    ? t("account.returns.accepted")
                    : i.decision === "refused"
                      ? t("account.returns.refused", { reason: i.refusal_reason ? tm(i.refusal_reason) : "" })
                      : ""}
                </li>
              ))}
            </ul>
            {r.status === "refunded" && (
              <p className="mt-1">
                {t("account.returns.refunded", { amount: format.price(r.refund_cents) })}
                {r.points_restored > 0 ? t("account.returns.pointsRestored", { points: r.points_restored }) : ""}
              </p>
            )}
            {r.status === "requested" && (
              <a
                href={r.label_url}
                download
                className="mt-1 inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4"
              >
                {t("account.returns.downloadLabel")}
                <span className="sr-only">{` ${r.number}`}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 'Retourner des articles' on a delivered order, within RETURNS_DAYS of its delivery: lines and
 * quantities, a reason, a comment and the hygiene confirmation. The server checks everything
 * again (units already asked back included) and answers the return with its label.
 */
export function OrderReturns({ order }: { order: OrderView }) {
  const formId = useId();
  const [returns, setReturns] = useState<ReturnView[]>([]);
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | "">("");
  const [comment, setComment] = useState("");
  const [unopened, setUnopened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ReturnView | null>(null);
  const delivered = order.status === "delivered";
  const t = useT();
  const tm = useTranslateMessage();

  useEffect(() => {
    if (!delivered) return;
    let live = true;
    void fetch(`/api/v1/orders/${encodeURIComponent(order.id)}/returns`, { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ data?: ReturnView[] }>) : { data: [] }))
      .then((body) => {
        if (live) setReturns(body.data ?? []);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [order.id, delivered, created]);

  // Units still returnable per line: bought minus those already asked back.
  const asked = new Map<string, number>();
  for (const r of returns) for (const i of r.items) asked.set(i.order_item_id, (asked.get(i.order_item_id) ?? 0) + i.quantity);
  const lines = order.items.filter((i) => i.product_id).map((i) => ({ item: i, left: i.quantity - (asked.get(i.id) ?? 0) }));
  const anyLeft = lines.some((l) => l.left > 0);

  async function submit() {
    const body = {
      lines: Object.entries(quantities)
        .filter(([, q]) => q > 0)
        .map(([order_item_id, quantity]) => ({ order_item_id, quantity })),
      reason,
      comment: comment.trim() || undefined,
      confirm_unopened: unopened,
    };
    const parsed = ReturnRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = String(issue?.path[0] ?? "");
      setError(
        path === "lines"
          ? RETURN_LINES_REQUIRED_MESSAGE
          : path === "confirm_unopened"
            ? RETURN_UNOPENED_MESSAGE
            : (issue?.message ?? FAILED_MESSAGE),
      );
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/v1/orders/${encodeURIComponent(order.id)}/returns`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => ({}))) as { data?: ReturnView; error?: { message?: string } };
      if (!response.ok || !answer.data) {
        setError(answer.error?.message ?? FAILED_MESSAGE);
        return;
      }
      setCreated(answer.data);
      setOpen(false);
      setQuantities({});
      setReason("");
      setComment("");
      setUnopened(false);
    } catch {
      setError(FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ReturnList returns={returns} />
      {created && (
        <p role="status" className="mt-4 rounded-lg bg-success/10 px-4 py-3 text-sm font-semibold text-success">
          {t("account.returns.created", { number: created.number })}
        </p>
      )}
      {order.returnable && anyLeft && !open && (
        <button type="button" onClick={() => setOpen(true)} className={buttonClass({ className: "mt-6 text-sm" })}>
          {t("account.returns.open")}
        </button>
      )}
      {order.returnable && open && (
        <section aria-labelledby={`${formId}-title`} className="mt-6 space-y-4 rounded-xl border border-line p-4 text-sm">
          <h3 id={`${formId}-title`} className="font-semibold">
            {t("account.returns.open")}
          </h3>
          <p className="text-muted">{t("account.returns.rules", { days: RETURNS_DAYS })}</p>
          <fieldset>
            <legend className="font-medium">{t("account.returns.items")}</legend>
            <ul className="mt-2 space-y-2">
              {lines.map(({ item, left }) => {
                const id = `${formId}-${item.id}`;
                const name = lineName(item.product_snapshot.name, item.product_snapshot.variant_label ?? null);
                return (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
                    <label htmlFor={id} className="min-w-0 flex-1 break-words">
                      {t("account.returns.quantity", { name })}
                      {left <= 0 ? t("account.returns.alreadyReturned") : ""}
                    </label>
                    <select
                      id={id}
                      disabled={left <= 0}
                      value={quantities[item.id] ?? 0}
                      onChange={(e) => setQuantities((q) => ({ ...q, [item.id]: Number(e.target.value) }))}
                      className={`${inputClass} w-24`}
                    >
                      {Array.from({ length: Math.max(0, left) + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <label className="block font-medium">
            {t("account.returns.reason")}
            <select value={reason} onChange={(e) => setReason(e.target.value as ReturnReason | "")} className={`${inputClass} w-full`}>
              <option value="">{t("account.returns.chooseReason")}</option>
              {Object.entries(RETURN_REASONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {tm(label)}
                </option>
              ))}
            </select>
          </label>
          <label className="block font-medium">
            {t("account.returns.comment")}
            <textarea
              value={comment}
              maxLength={RETURN_COMMENT_MAX}
              onChange={(e) => setComment(e.target.value)}
              rows={3}
              className={`${inputClass} w-full`}
            />
          </label>
          <label className="flex items-start gap-2">
            <input type="checkbox" checked={unopened} onChange={(e) => setUnopened(e.target.checked)} className="mt-1 h-5 w-5 shrink-0" />
            <span>{t("account.returns.confirmUnopened")}</span>
          </label>
          <p role="alert" className="font-medium text-danger empty:hidden">
            {error ? tm(error) : ""}
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={submit} disabled={busy} className={buttonClass({ variant: "ink", className: "text-sm" })}>
              {t(busy ? "account.sending" : "account.returns.submit")}
            </button>
            <button type="button" onClick={() => setOpen(false)} className={buttonClass({ className: "text-sm" })}>
              {t("account.cancel")}
            </button>
          </div>
        </section>
      )}
    </>
  );
}
