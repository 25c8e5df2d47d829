import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import type { ActionResult } from "~/domain/http/action-result";
import { Button } from "~/components/ui/button";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { showToast } from "~/components/ui/toast";
import { plural } from "~/lib/plural";
import {
  SAMPLE_BRAND_MAX,
  SAMPLE_DESCRIPTION_MAX,
  SAMPLE_NAME_MAX,
  SampleFormSchema,
  SampleStockChangeSchema,
  type AdminSampleRow,
} from "~/domain/samples/samples";
import { ReadOnlyNotice } from "./read-only-notice";

type FieldErrors = Partial<Record<string, string>>;

/** The first French message of each field a schema refuses, as the action would answer. */
function browserErrors(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  form: HTMLFormElement,
) {
  const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
  if (parsed.success) return null;
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** A dialog's form: a toast and closing on success, the field messages on refusal. */
function useSampleFetcher(onClose: () => void) {
  const fetcher = useFetcher<ActionResult<unknown>>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.message) showToast(result.message);
      onClose();
    },
    onFailure: (result) => {
      setErrors(result.fieldErrors ?? {});
      setMessage(result.fieldErrors && Object.keys(result.fieldErrors).length > 0 ? null : result.message);
    },
  });
  return { fetcher, errors, setErrors, message };
}

/**
 * Échantillons (decision 067): the free samples shoppers choose at checkout, with their stock;
 * create, edit, withdraw or offer again, adjust the stock. A role that reads the catalogue only
 * gets the list and a line saying why.
 */
export function AdminSamplesView({ samples, may }: { samples: AdminSampleRow[]; may: { write: boolean } }) {
  const [editing, setEditing] = useState<AdminSampleRow | "new" | null>(null);
  const [stocking, setStocking] = useState<AdminSampleRow | null>(null);
  const offered = samples.filter((s) => s.active && s.stock_quantity > 0).length;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Échantillons</h1>
        <p className="mt-1 text-muted" aria-live="polite">
          {`${plural(samples.length, "échantillon", "échantillons")}, ${offered} proposé${offered > 1 ? "s" : ""} au choix en ce moment`}
        </p>
        <p className="mt-1 text-sm text-muted">
          Offerts, jamais vendus : ils n&apos;apparaissent pas dans le catalogue. Le nombre par commande se règle dans Paramètres.
        </p>
      </div>

      {may.write ? (
        <Button variant="ink" onClick={() => setEditing("new")}>
          Nouvel échantillon
        </Button>
      ) : (
        <ReadOnlyNotice what="modifier les échantillons" />
      )}

      {samples.length === 0 ? (
        <EmptyState>Aucun échantillon</EmptyState>
      ) : (
        <DataTable
          label="Liste des échantillons"
          minWidth="min-w-[44rem]"
          head={
            <>
              <Th>Nom</Th>
              <Th>Marque</Th>
              <Th>Stock</Th>
              <Th>Statut</Th>
              {may.write && <Th>Actions</Th>}
            </>
          }
        >
          {samples.map((s) => (
            <tr key={s.id}>
              <th scope="row" className="px-4 py-3 font-semibold">
                {s.name}
                {s.description && <span className="block text-sm font-normal text-muted">{s.description}</span>}
              </th>
              <td className="px-4 py-3">{s.brand}</td>
              <td className={`px-4 py-3 ${s.stock_quantity === 0 ? "font-semibold text-danger" : ""}`}>
                {s.stock_quantity === 0 ? "Épuisé (0)" : s.stock_quantity}
              </td>
              <td className="px-4 py-3">{s.active ? "Proposé" : "Retiré"}</td>
              {may.write && (
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => setEditing(s)} aria-label={`Modifier ${s.name}`}>
                      Modifier
                    </Button>
                    <Button size="sm" onClick={() => setStocking(s)} aria-label={`Ajuster le stock de ${s.name}`}>
                      Ajuster le stock
                    </Button>
                    <ActiveToggle sample={s} />
                  </div>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}

      {may.write && editing ? <SampleFormModal sample={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      {may.write && stocking ? <StockModal sample={stocking} onClose={() => setStocking(null)} /> : null}
    </div>
  );
}

function ActiveToggle({ sample }: { sample: AdminSampleRow }) {
  const fetcher = useFetcher<ActionResult<unknown>>();
  useActionResult(fetcher, {
    onSuccess: (result) => result.message && showToast(result.message),
    onFailure: (result) => showToast(result.message),
  });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={sample.active ? "deactivate" : "activate"} />
      <input type="hidden" name="sampleId" value={sample.id} />
      <Button type="submit" size="sm" variant={sample.active ? "danger-outline" : "outline"} disabled={fetcher.state !== "idle"}>
        {sample.active ? "Retirer" : "Proposer"}
        <span className="sr-only">{` ${sample.name}`}</span>
      </Button>
    </fetcher.Form>
  );
}

function TextField({
  name,
  label,
  defaultValue,
  error,
  maxLength,
  inputMode,
  hint,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  maxLength?: number;
  inputMode?: "numeric";
  hint?: string;
}) {
  const id = `sample-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <Input
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {hint && (
        <span id={`${id}-hint`} className="text-muted">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} role="alert" className="text-red-800">
          {error}
        </span>
      )}
    </div>
  );
}

function SampleFormModal({ sample, onClose }: { sample: AdminSampleRow | null; onClose: () => void }) {
  const { fetcher, errors, setErrors, message } = useSampleFetcher(onClose);
  const busy = fetcher.state !== "idle";
  return (
    <Modal title={sample ? "Modifier l'échantillon" : "Nouvel échantillon"} onClose={onClose}>
      <fetcher.Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          const found = browserErrors(SampleFormSchema, event.currentTarget);
          if (found) {
            event.preventDefault();
            setErrors(found);
          }
        }}
      >
        <input type="hidden" name="intent" value={sample ? "update" : "create"} />
        {sample && <input type="hidden" name="sampleId" value={sample.id} />}
        <TextField name="name" label="Nom" defaultValue={sample?.name ?? ""} error={errors.name} maxLength={SAMPLE_NAME_MAX} />
        <TextField name="brand" label="Marque" defaultValue={sample?.brand ?? ""} error={errors.brand} maxLength={SAMPLE_BRAND_MAX} />
        <TextField
          name="description"
          label="Description courte"
          hint="Par exemple « Eau de parfum, 1,5 ml »"
          defaultValue={sample?.description ?? ""}
          error={errors.description}
          maxLength={SAMPLE_DESCRIPTION_MAX}
        />
        <TextField
          name="image_url"
          label="Image (adresse, facultative)"
          defaultValue={sample?.image_url ?? ""}
          error={errors.image_url}
          maxLength={500}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            name="stock_quantity"
            label="Stock"
            inputMode="numeric"
            defaultValue={String(sample?.stock_quantity ?? 0)}
            error={errors.stock_quantity}
          />
          <TextField
            name="sort_order"
            label="Ordre d'affichage"
            inputMode="numeric"
            defaultValue={String(sample?.sort_order ?? 0)}
            error={errors.sort_order}
          />
        </div>
        {message && (
          <p role="alert" className="text-sm text-red-800">
            {message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="ink" disabled={busy}>
            {busy ? "Enregistrement..." : sample ? "Enregistrer" : "Créer l'échantillon"}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

function StockModal({ sample, onClose }: { sample: AdminSampleRow; onClose: () => void }) {
  const { fetcher, errors, setErrors, message } = useSampleFetcher(onClose);
  const busy = fetcher.state !== "idle";
  return (
    <Modal title={`Ajuster le stock de « ${sample.name} »`} onClose={onClose}>
      <fetcher.Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          const found = browserErrors(SampleStockChangeSchema, event.currentTarget);
          if (found) {
            event.preventDefault();
            setErrors(found);
          }
        }}
      >
        <input type="hidden" name="intent" value="adjust-stock" />
        <input type="hidden" name="sampleId" value={sample.id} />
        <p className="text-sm">{`Stock actuel : ${sample.stock_quantity}`}</p>
        <TextField
          name="change"
          label="Unités à ajouter ou à retirer"
          hint="20 pour en ajouter 20, -5 pour en retirer 5"
          defaultValue=""
          error={errors.change}
        />
        {message && (
          <p role="alert" className="text-sm text-red-800">
            {message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="ink" disabled={busy}>
            {busy ? "Enregistrement..." : "Ajuster"}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
