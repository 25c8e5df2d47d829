import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from "react";
import { useRevalidator } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import type { LabelFormat } from "~/domain/delivery/carrier";
import { callJsonApi } from "~/lib/json-api";
import { plural } from "~/lib/plural";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { LabelFormatChoice } from "./label-format-choice";
import { SHIPMENT_BATCH_MAX, SHIPMENT_BATCH_URL, batchLabelsUrl, pickingListUrl, type BatchOutcome } from "./shipment-api";

const SEND_FAILED = ACCOUNT_MESSAGES.somethingWentWrongTryAgain;

export type SelectedOrder = { id: string; number: string };

/**
 * A checkbox of the orders table. `indeterminate` is a DOM property with no attribute: it is set
 * on the element, so 'tout sélectionner' says "mixed" when part of the page is selected.
 */
export function SelectCheckbox({ indeterminate = false, ...props }: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    // The label makes the whole 44 px cell the target, not the 20 px box alone.
    <label className="inline-flex h-11 w-11 cursor-pointer items-center justify-center">
      <input ref={ref} type="checkbox" className="h-5 w-5 cursor-pointer" {...props} />
    </label>
  );
}

/**
 * The day's batch (decision 062): for the selected orders, 'Imprimer les étiquettes' asks the
 * carrier for each label at its pre-filled weight; each order succeeds or fails on its own and
 * the list says which. The labels printed come back as one PDF, and the picking list is there as
 * soon as orders are selected (gathering the articles does not wait for the labels).
 */
export function ShipmentBatchToolbar({ selected, onClear }: { selected: readonly SelectedOrder[]; onClear: () => void }) {
  const titleId = useId();
  const resultsTitleId = useId();
  const revalidator = useRevalidator();
  const [format, setFormat] = useState<LabelFormat>("10x15");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<BatchOutcome[] | null>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const ids = selected.map((s) => s.id);
  const tooMany = selected.length > SHIPMENT_BATCH_MAX;

  // The button was disabled under the keyboard's focus: the outcomes take it, and a screen reader reads them.
  useEffect(() => {
    if (outcomes) resultsRef.current?.focus();
  }, [outcomes]);

  async function print() {
    if (busy || tooMany || ids.length === 0) return;
    setBusy(true);
    setError(null);
    setOutcomes(null);
    const answer = await callJsonApi<BatchOutcome[]>(SHIPMENT_BATCH_URL, { method: "POST", body: { order_ids: ids, format } });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message || SEND_FAILED);
      return;
    }
    setOutcomes(answer.data);
    // Printed orders are now 'En préparation': the list shows it.
    void revalidator.revalidate();
  }

  const numberOf = (orderId: string, given: string | null) => given ?? selected.find((s) => s.id === orderId)?.number ?? orderId;
  const printedIds = (outcomes ?? []).filter((o) => o.ok).map((o) => o.order_id);
  const failedCount = (outcomes?.length ?? 0) - printedIds.length;
  const status = busy
    ? "Impression en cours…"
    : outcomes
      ? [plural(printedIds.length, "étiquette prête", "étiquettes prêtes"), failedCount > 0 ? plural(failedCount, "échec", "échecs") : null]
          .filter(Boolean)
          .join(", ")
      : "";

  return (
    <section aria-labelledby={titleId} aria-busy={busy} className="min-w-0 space-y-3 rounded-2xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={titleId} className="font-semibold">
          {plural(selected.length, "commande sélectionnée", "commandes sélectionnées")}
        </h2>
        <Button size="sm" onClick={onClear} disabled={busy}>
          Tout désélectionner
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <LabelFormatChoice value={format} onChange={setFormat} disabled={busy} />
        <div className="flex flex-wrap gap-3">
          <Button variant="ink" onClick={print} disabled={busy || tooMany}>
            {busy ? "Impression en cours…" : `Imprimer les étiquettes (${selected.length})`}
          </Button>
          {tooMany ? null : (
            <a href={pickingListUrl(ids)} download className={buttonClass({ variant: "ink-outline" })}>
              Liste de préparation (PDF)
            </a>
          )}
        </div>
      </div>
      {tooMany ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {`Sélectionnez au plus ${SHIPMENT_BATCH_MAX} commandes à la fois : ${selected.length} sont sélectionnées.`}
        </p>
      ) : null}
      {/* Present from the start, so its changes ('Impression en cours…', then the count) are announced. */}
      <p role="status" className="text-sm">
        {status}
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      {outcomes ? (
        <section ref={resultsRef} tabIndex={-1} aria-labelledby={resultsTitleId} className="space-y-2 outline-none">
          <h3 id={resultsTitleId} className="font-semibold">
            Résultat de l'impression
          </h3>
          <ul className="divide-y divide-line border-y border-line text-sm">
            {outcomes.map((o) => (
              <li key={o.order_id} className="flex flex-wrap gap-x-2 py-2">
                <span className="font-mono font-semibold">{numberOf(o.order_id, o.order_number)}</span>
                {o.ok ? (
                  <span className="min-w-0 break-all">{`Numéro de suivi : ${o.tracking_number ?? "—"}`}</span>
                ) : (
                  <span className="min-w-0 break-words text-danger">{`Échec : ${o.message ?? SEND_FAILED}`}</span>
                )}
              </li>
            ))}
          </ul>
          {printedIds.length > 0 ? (
            <a
              href={batchLabelsUrl(printedIds)}
              download
              className="inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4"
            >
              Télécharger les étiquettes (PDF)
            </a>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
