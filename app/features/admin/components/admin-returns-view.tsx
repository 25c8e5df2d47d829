import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { Pager } from "~/components/ui/pager";
import { showToast } from "~/components/ui/toast";
import { lineName } from "~/domain/cart/line-name";
import {
  RETURN_REFUSAL_REASONS,
  RETURN_STATUS_LABELS,
  ReturnReceptionSchema,
  type AdminReturnView,
  type ReturnRefusalReason,
  type ReturnStatus,
} from "~/domain/returns/returns";
import { formatPrice } from "~/lib/money";
import { formatDate } from "~/lib/paris-time";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ReadOnlyNotice } from "./read-only-notice";

type Page = { returns: AdminReturnView[]; total: number; page: number; page_count: number };
type Decision = { accepted: boolean | null; refusal_reason: ReturnRefusalReason | "" };

/** 'Réceptionner': each line accepted or refused (with a reason), then the refund of the accepted ones. */
function ReceiveDialog({ ret, onClose, onDone }: { ret: AdminReturnView; onClose: () => void; onDone: (r: AdminReturnView) => void }) {
  const [decisions, setDecisions] = useState<Record<string, Decision>>(
    Object.fromEntries(ret.items.map((i) => [i.id, { accepted: null, refusal_reason: "" }])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (id: string, patch: Partial<Decision>) => setDecisions((d) => ({ ...d, [id]: { ...d[id], ...patch } }));

  async function submit() {
    const body = {
      lines: ret.items.map((i) => ({
        return_item_id: i.id,
        accepted: decisions[i.id].accepted,
        ...(decisions[i.id].refusal_reason ? { refusal_reason: decisions[i.id].refusal_reason } : {}),
      })),
    };
    const parsed = ReturnReceptionSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Indiquez pour chaque article s'il est accepté ou refusé");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/v1/admin/returns/${encodeURIComponent(ret.id)}/receive`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(parsed.data),
      });
      const answer = (await response.json().catch(() => ({}))) as { data?: AdminReturnView; error?: { message?: string } };
      if (!response.ok || !answer.data) {
        setError(answer.error?.message ?? ACCOUNT_MESSAGES.somethingWentWrong);
        return;
      }
      onDone({ ...ret, ...answer.data });
    } catch {
      setError(ACCOUNT_MESSAGES.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  }

  const accepted = ret.items.filter((i) => decisions[i.id].accepted).reduce((sum, i) => sum + i.unit_price_cents * i.quantity, 0);
  return (
    <Modal title={`Réceptionner le retour ${ret.number}`} onClose={onClose} wide>
      <p className="mt-2 text-sm text-muted">{`Commande ${ret.order_number} · ${ret.customer_name} · motif : ${ret.reason_label}`}</p>
      {ret.comment && <p className="mt-1 text-sm break-words">{`« ${ret.comment} »`}</p>}
      <ul className="mt-4 space-y-4">
        {ret.items.map((i) => {
          const name = lineName(i.name, i.variant_label);
          const d = decisions[i.id];
          return (
            <li key={i.id} className="rounded-xl border border-line p-3 text-sm">
              <fieldset>
                <legend className="font-semibold break-words">{`${name} x ${i.quantity} (${formatPrice(i.unit_price_cents * i.quantity)})`}</legend>
                <div className="mt-2 flex flex-wrap gap-4">
                  <label className="inline-flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name={`decision-${i.id}`}
                      checked={d.accepted === true}
                      onChange={() => set(i.id, { accepted: true, refusal_reason: "" })}
                      className="h-5 w-5"
                    />
                    Accepté
                  </label>
                  <label className="inline-flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name={`decision-${i.id}`}
                      checked={d.accepted === false}
                      onChange={() => set(i.id, { accepted: false })}
                      className="h-5 w-5"
                    />
                    Refusé
                  </label>
                </div>
                {d.accepted === false && (
                  <label className="mt-2 block font-medium">
                    {`Motif du refus : ${name}`}
                    <Select
                      value={d.refusal_reason}
                      onChange={(e) => set(i.id, { refusal_reason: e.target.value as ReturnRefusalReason | "" })}
                      className="mt-1 w-full"
                    >
                      <option value="">Choisissez un motif</option>
                      {Object.entries(RETURN_REFUSAL_REASONS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </Select>
                  </label>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-sm text-muted">
        {`Articles acceptés : ${formatPrice(accepted)} avant remises. Le remboursement (carte bancaire, carte cadeau, points) suit l'avoir émis.`}
      </p>
      <p role="alert" className="mt-2 text-sm font-medium text-danger empty:hidden">
        {error ?? ""}
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <Button type="button" onClick={onClose} variant="outline">
          Annuler
        </Button>
        <Button type="button" onClick={submit} disabled={busy} variant="ink">
          {busy ? "Remboursement..." : "Valider la réception"}
        </Button>
      </div>
    </Modal>
  );
}

/** What the member's role may do here (decision 066): receive a return (and so refund it). */
export type ReturnsPageAccess = { receive: boolean };
const EVERYTHING: ReturnsPageAccess = { receive: true };

/** What the notice names for a role that reads the returns only. */
export const RETURNS_READ_ONLY = "réceptionner les retours";

/** Retours: the returns asked from the accounts, filtered by status, received and refunded here. */
export function AdminReturnsView({
  status,
  page,
  may = EVERYTHING,
}: {
  status: ReturnStatus | "all";
  page: Page;
  may?: ReturnsPageAccess;
}) {
  const [receiving, setReceiving] = useState<AdminReturnView | null>(null);
  const revalidator = useRevalidator();
  const hrefFor = (p: number) => `/admin/retours?${new URLSearchParams({ ...(status !== "all" ? { status } : {}), page: String(p) })}`;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Retours</h1>
        <p className="mt-1 text-muted">{`${page.total} retour${page.total > 1 ? "s" : ""}`}</p>
      </div>
      {may.receive ? null : <ReadOnlyNotice what={RETURNS_READ_ONLY} />}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          Statut
          <Select name="status" defaultValue={status} className="mt-1 block">
            <option value="all">Tous</option>
            {Object.entries(RETURN_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" variant="outline">
          Filtrer
        </Button>
      </Form>
      {page.returns.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-muted">Aucun retour pour ce filtre.</p>
      ) : (
        <ul className="space-y-3">
          {page.returns.map((r) => (
            <li key={r.id}>
              <article aria-label={`Retour ${r.number}`} className="rounded-2xl border border-line bg-white p-4 text-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="font-semibold">{`Retour ${r.number}`}</h2>
                    <p className="text-muted break-words">{`Commande ${r.order_number} · ${r.customer_name}${r.customer_email ? ` (${r.customer_email})` : ""} · ${formatDate(r.created_at)}`}</p>
                    <p className="text-muted">{`Motif : ${r.reason_label}`}</p>
                  </div>
                  <p className="font-semibold">{r.status_label}</p>
                </div>
                <ul className="mt-2 text-muted">
                  {r.items.map((i) => (
                    <li key={i.id}>
                      {`${lineName(i.name, i.variant_label)} x ${i.quantity}`}
                      {i.decision === "accepted" ? " : accepté" : i.decision === "refused" ? ` : refusé (${i.refusal_reason ?? ""})` : ""}
                    </li>
                  ))}
                </ul>
                {r.status === "refunded" && (
                  <p className="mt-2">{`Remboursé ${formatPrice(r.refund_cents)} (carte ${formatPrice(r.refund_card_cents)}, carte cadeau ${formatPrice(r.refund_gift_card_cents)}) · avoir ${r.credit_note_number ?? ""}`}</p>
                )}
                <div className="mt-3 flex flex-wrap gap-3">
                  {may.receive && r.status === "requested" && (
                    <Button type="button" variant="ink" onClick={() => setReceiving(r)}>
                      {`Réceptionner le retour ${r.number}`}
                    </Button>
                  )}
                  <a href={r.label_url} download className={buttonClass({ className: "text-sm" })}>
                    Étiquette<span className="sr-only">{` du retour ${r.number}`}</span>
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {page.page_count > 1 && <Pager page={page.page} pageCount={page.page_count} hrefFor={hrefFor} />}
      {may.receive && receiving && (
        <ReceiveDialog
          ret={receiving}
          onClose={() => setReceiving(null)}
          onDone={(done) => {
            setReceiving(null);
            showToast(
              done.status === "refunded"
                ? `Retour ${done.number} remboursé : ${formatPrice(done.refund_cents)}`
                : `Retour ${done.number} refusé`,
            );
            void revalidator.revalidate();
          }}
        />
      )}
    </div>
  );
}
