import { useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form-parts";
import { Input, Select } from "~/components/ui/input";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import type { ActionResult } from "~/domain/http/action-result";
import { VAT_COUNTRIES, type TaxRate } from "~/domain/tax/rates";
import { TAX_CLASSES, TAX_CLASS_LABELS } from "~/domain/tax/tax-classes";
import { rowIndexOfFieldError, taxRateFormRowOf, taxRatesFormProblem, type TaxRateFormRow } from "~/domain/tax/tax-settings-form";

type Row = TaxRateFormRow & { key: number };
type Problem = { message: string; rowIndex: number | null };

/** The class's name without its examples, short enough for a table cell. */
const shortClassLabel = (label: string) => label.replace(/\s*\(.*\)$/, "");

/**
 * From lg up the rows line up as a table under one header (the labels stay for screen readers);
 * below, each row is a card of labelled fields, so 390 px never scrolls sideways.
 */
const COLUMNS = "lg:grid-cols-[4.25rem_minmax(0,1.1fr)_4.25rem_minmax(0,1fr)_minmax(0,1fr)_7rem]";
const ROW_GRID = `grid grid-cols-2 gap-3 lg:items-end ${COLUMNS}`;
const HEADER_GRID = `hidden gap-3 text-sm font-medium text-muted lg:grid ${COLUMNS}`;
const LABEL = "block text-sm font-medium lg:sr-only";

/**
 * Paramètres, "Fiscalité": the dated VAT rate table (docs/decisions/063-vat-by-destination.md),
 * edited as a whole and saved in one go. A refused table saves nothing: the server's message is
 * read out (role=alert), the row it names is marked.
 */
export function TaxRatesForm({ rates }: { rates: readonly TaxRate[] }) {
  const fetcher = useFetcher<ActionResult>();
  const nextKey = useRef(rates.length);
  const [rows, setRows] = useState<Row[]>(() => rates.map((r, key) => ({ ...taxRateFormRowOf(r), key })));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";

  useActionResult(fetcher, {
    onSuccess: (result) => {
      setProblem(null);
      setSaved(result.message ?? null);
    },
    onFailure: (result) => {
      const rowIndex =
        Object.keys(result.fieldErrors ?? {})
          .map(rowIndexOfFieldError)
          .find((i) => i !== null) ?? null;
      setProblem({ message: result.message, rowIndex });
      setSaved(null);
    },
  });

  function changed() {
    setSaved(null);
    setProblem(null);
  }

  function update(key: number, column: keyof TaxRateFormRow, value: string) {
    changed();
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [column]: value } : r)));
  }

  function addRow() {
    changed();
    const key = nextKey.current++;
    // France's standard rate is the row most often added (a change of rate); its rate and day are to type.
    setRows((all) => [...all, { key, country_code: "FR", tax_class: "standard", rate_percent: "", valid_from: "", valid_until: "" }]);
    queueMicrotask(() => formRef.current?.querySelector<HTMLElement>(`#tax-rate-${key}-country`)?.focus());
  }

  function removeRow(index: number) {
    changed();
    const next = rows[index + 1] ?? rows[index - 1];
    setRows((all) => all.filter((_, i) => i !== index));
    // Focus goes to the row that takes its place, or to "Ajouter une ligne" when none is left.
    queueMicrotask(() => {
      const target = next ? formRef.current?.querySelector<HTMLElement>(`#tax-rate-${next.key}-country`) : null;
      (target ?? addButton.current)?.focus();
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = taxRatesFormProblem(rows);
    if (!found) return;
    event.preventDefault();
    setProblem(found);
    setSaved(null);
    const row = found.rowIndex === null ? null : rows[found.rowIndex];
    queueMicrotask(() => {
      if (row) formRef.current?.querySelector<HTMLElement>(`#tax-rate-${row.key}-rate`)?.focus();
    });
  }

  const alertId = "tax-rates-problem";
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      aria-label="Taux de TVA"
      onSubmit={onSubmit}
      className="space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <input type="hidden" name="intent" value="tax-rates" />
      <fieldset aria-describedby={problem ? alertId : "tax-rates-hint"} className="min-w-0 space-y-3">
        <legend className="text-lg font-semibold">Taux de TVA par pays</legend>
        <p id="tax-rates-hint" className="text-sm text-muted">
          Un changement de taux est une nouvelle ligne à partir du jour où il s'applique : les commandes passées gardent leur taux.
        </p>
        <div aria-hidden="true" className={HEADER_GRID}>
          <span>Pays</span>
          <span>Catégorie</span>
          <span>Taux %</span>
          <span>À partir du</span>
          <span>Jusqu'au (optionnel)</span>
          <span />
        </div>
        <ul className="space-y-3">
          {rows.map((row, index) => {
            const id = `tax-rate-${row.key}`;
            const marked = problem?.rowIndex === index;
            const describedBy = marked ? alertId : undefined;
            return (
              <li key={row.key}>
                <fieldset
                  className={`min-w-0 rounded-xl border p-3 lg:rounded-none lg:border-0 lg:p-0 ${marked ? "border-danger" : "border-line"}`}
                >
                  <legend className="text-sm font-semibold lg:sr-only">Ligne {index + 1}</legend>
                  <div className={ROW_GRID}>
                    <div className="min-w-0">
                      <label htmlFor={`${id}-country`} className={LABEL}>
                        Pays
                      </label>
                      <Select
                        id={`${id}-country`}
                        name="country_code"
                        value={row.country_code}
                        onChange={(e) => update(row.key, "country_code", e.target.value)}
                        aria-describedby={describedBy}
                        className="mt-1 w-full lg:mt-0"
                      >
                        {VAT_COUNTRIES.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </Select>
                    </div>
                    <div className="min-w-0 max-lg:order-3 max-lg:col-span-2">
                      <label htmlFor={`${id}-class`} className={LABEL}>
                        Catégorie
                      </label>
                      <Select
                        id={`${id}-class`}
                        name="tax_class"
                        value={row.tax_class}
                        onChange={(e) => update(row.key, "tax_class", e.target.value)}
                        aria-describedby={describedBy}
                        className="mt-1 w-full lg:mt-0"
                      >
                        {TAX_CLASSES.map((c) => (
                          <option key={c} value={c}>
                            {shortClassLabel(TAX_CLASS_LABELS[c])}
                          </option>
                        ))}
                      </Select>
                    </div>
                    <div className="min-w-0">
                      <label htmlFor={`${id}-rate`} className={LABEL}>
                        Taux %
                      </label>
                      <Input
                        id={`${id}-rate`}
                        name="rate_percent"
                        inputMode="decimal"
                        autoComplete="off"
                        value={row.rate_percent}
                        onChange={(e) => update(row.key, "rate_percent", e.target.value)}
                        aria-invalid={marked ? true : undefined}
                        aria-describedby={describedBy}
                        className="mt-1 w-full lg:mt-0"
                      />
                    </div>
                    <div className="min-w-0 max-lg:order-4">
                      <label htmlFor={`${id}-from`} className={LABEL}>
                        À partir du
                      </label>
                      <Input
                        id={`${id}-from`}
                        name="valid_from"
                        type="date"
                        value={row.valid_from}
                        onChange={(e) => update(row.key, "valid_from", e.target.value)}
                        aria-describedby={describedBy}
                        className="mt-1 w-full min-w-0 px-2 text-sm lg:mt-0"
                      />
                    </div>
                    <div className="min-w-0 max-lg:order-5">
                      <label htmlFor={`${id}-until`} className={LABEL}>
                        Jusqu'au (optionnel)
                      </label>
                      <Input
                        id={`${id}-until`}
                        name="valid_until"
                        type="date"
                        value={row.valid_until}
                        onChange={(e) => update(row.key, "valid_until", e.target.value)}
                        aria-describedby={describedBy}
                        className="mt-1 w-full min-w-0 px-2 text-sm lg:mt-0"
                      />
                    </div>
                    <div className="max-lg:order-6 max-lg:col-span-2">
                      <Button variant="danger-outline" size="sm" onClick={() => removeRow(index)} className="w-full px-3 text-sm">
                        Supprimer<span className="sr-only"> la ligne {index + 1}</span>
                      </Button>
                    </div>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ul>
        <button ref={addButton} type="button" onClick={addRow} className={buttonClass({ variant: "outline", size: "sm" })}>
          Ajouter une ligne
        </button>
      </fieldset>
      {problem && (
        <div id={alertId}>
          <FormMessage tone="error">{problem.message}</FormMessage>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" variant="ink" disabled={busy}>
          {busy ? "Enregistrement..." : "Enregistrer les taux"}
        </Button>
        <p role="status" className="text-sm font-semibold text-green-800">
          {saved}
        </p>
      </div>
    </fetcher.Form>
  );
}
