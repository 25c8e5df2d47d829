import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input, controlClass } from "~/components/ui/input";
import { showToast } from "~/components/ui/toast";
import { OrderRefundFormSchema, type OrderRefundsView } from "~/domain/orders/order-refunds";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import { ORDER_REFUND_REASON_MAX } from "~/lib/shop-rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { asksForSecondFactor, requestSecondFactor } from "~/features/admin/staff/second-factor-store";
import { ReadOnlyNotice } from "./read-only-notice";

const FAILED = ACCOUNT_MESSAGES.somethingWentWrong;

type Errors = Partial<Record<"amount" | "reason" | "form", string>>;
type Pending = { amountCents: number; reason: string };

function newKey(): string {
  return `bo-${crypto.randomUUID()}`;
}

/** What the notice names for a role that may not refund (refunds.write, decision 066). */
export const REFUNDS_READ_ONLY = "rembourser une commande";

/**
 * 'Rembourser un montant' in the order's detail (decision 052): the refunds already made with
 * their credit notes, what is left to refund, and the form. The amount and reason are checked in
 * the browser with the schema the server applies again; a confirmation step names the amount
 * before anything is paid. The form keeps one Idempotency-Key per refund, so a double click or a
 * retry after a lost answer refunds once. A role that may not refund sees the refunds without the
 * form (decision 066).
 */
export function OrderRefundsPanel({ orderId, number, refundable = true }: { orderId: string; number: string; refundable?: boolean }) {
  const baseId = useId();
  const [view, setView] = useState<OrderRefundsView | null>(null);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newKey);

  const load = useCallback(async () => {
    const response = await fetch(`/api/v1/admin/orders/${encodeURIComponent(orderId)}/refunds`, {
      headers: { Accept: "application/json" },
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { data?: OrderRefundsView } | null;
    setView(body?.data ?? null);
  }, [orderId]);

  useEffect(() => {
    void load();
  }, [load]);

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = OrderRefundFormSchema.safeParse({ amount, reason });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setPending({ amountCents: parsed.data.amount, reason: parsed.data.reason });
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      const response = await fetch(`/api/v1/admin/orders/${encodeURIComponent(orderId)}/refunds`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "Idempotency-Key": key },
        body: JSON.stringify({ amount_cents: pending.amountCents, reason: pending.reason }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        data?: { credit_note: { number: string } };
        error?: { code?: string; message?: string; details?: unknown };
      };
      if (response.ok && body.data) {
        showToast(`${formatPrice(pending.amountCents)} remboursés, avoir ${body.data.credit_note.number}`);
        setAmount("");
        setReason("");
        setPending(null);
        setKey(newKey());
        await load();
        return;
      }
      // Above the owner's limit with a second factor checked too long ago (decision 066): the code
      // dialog opens, and the confirmation stays so the same refund (same key) is retried after it.
      if (asksForSecondFactor(body)) {
        requestSecondFactor();
        setErrors({ form: body.error?.message ?? FAILED });
        return;
      }
      // Above the limit of a role that refunds within it: the form says so, naming the limit.
      if (body.error?.code === "refund_over_limit") {
        setErrors({ form: body.error.message ?? FAILED });
        setPending(null);
        return;
      }
      // The API names the fields it refuses in details: [{ field, message }].
      const details = Array.isArray(body.error?.details) ? (body.error.details as { field?: string; message?: string }[]) : [];
      const found: Errors = {};
      for (const d of details) {
        if (d.field === "amount_cents") found.amount ??= d.message;
        else if (d.field === "reason") found.reason ??= d.message;
      }
      setErrors(found.amount || found.reason ? found : { form: body.error?.message ?? FAILED });
      setPending(null);
    } catch {
      setErrors({ form: FAILED });
    } finally {
      setBusy(false);
    }
  }

  const amountId = `${baseId}-amount`;
  const reasonId = `${baseId}-reason`;
  const refunds = view?.refunds ?? [];
  return (
    <section aria-labelledby={`${baseId}-title`} className="space-y-3">
      <h3 id={`${baseId}-title`} className="font-semibold">
        Remboursements
      </h3>
      {refunds.length > 0 ? (
        <ul className="divide-y divide-line border-y border-line text-sm">
          {refunds.map((r) => (
            <li key={r.id} className="flex flex-wrap items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-semibold">
                  {formatPrice(r.amount_cents)} <span className="font-normal text-muted">le {formatDate(r.created_at)}</span>
                </p>
                <p className="break-words text-muted">{r.reason}</p>
              </div>
              <a
                href={r.credit_note_url}
                download
                className="inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4"
              >
                {`Avoir ${r.credit_note_number}`}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Aucun remboursement d'un montant sur cette commande.</p>
      )}
      {view ? (
        <p className="text-sm">
          <span className="text-muted">Reste remboursable :</span> <strong>{formatPrice(view.refundable_cents)}</strong>
        </p>
      ) : null}
      {view && view.refundable_cents > 0 && !refundable ? <ReadOnlyNotice what={REFUNDS_READ_ONLY} /> : null}
      {view && view.refundable_cents > 0 && refundable ? (
        <form noValidate onSubmit={review} aria-label="Rembourser un montant" className="space-y-3 rounded-lg border border-line p-3">
          <h4 className="font-semibold">Rembourser un montant</h4>
          <FieldShell id={amountId} label="Montant à rembourser (€)" required hint="Par exemple 12,50" error={errors.amount}>
            <Input
              id={amountId}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              disabled={pending !== null}
              aria-required
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={[`${amountId}-hint`, errorIdOf(amountId, errors.amount)].filter(Boolean).join(" ")}
              onChange={(event) => {
                setAmount(event.target.value);
                setErrors({});
              }}
              className="w-40"
            />
          </FieldShell>
          <FieldShell id={reasonId} label="Motif" required error={errors.reason}>
            <textarea
              id={reasonId}
              name="reason"
              rows={2}
              maxLength={ORDER_REFUND_REASON_MAX}
              value={reason}
              disabled={pending !== null}
              aria-required
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errorIdOf(reasonId, errors.reason)}
              onChange={(event) => {
                setReason(event.target.value);
                setErrors({});
              }}
              className={`${controlClass} w-full py-2`}
            />
          </FieldShell>
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.form}
            </p>
          ) : null}
          {pending ? (
            <div role="alertdialog" aria-label="Confirmer le remboursement" className="space-y-2 rounded-lg bg-accent/5 p-3 text-sm">
              <p>{`Rembourser ${formatPrice(pending.amountCents)} sur la commande ${number} ? Un avoir sera émis et le client prévenu par e-mail.`}</p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button type="button" onClick={() => setPending(null)} disabled={busy}>
                  Modifier
                </Button>
                <Button type="button" variant="accent" onClick={() => void confirm()} disabled={busy}>
                  {busy ? "Remboursement..." : "Confirmer le remboursement"}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex justify-end">
              <Button type="submit" variant="accent">
                Rembourser
              </Button>
            </div>
          )}
        </form>
      ) : null}
    </section>
  );
}
