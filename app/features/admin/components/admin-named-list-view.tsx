import { useActionResult, useDialogFetcher } from "~/components/ui/use-fetcher-answer";
import type { ActionResult } from "~/domain/http/action-result";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { showToast } from "~/components/ui/toast";
import { plural } from "~/lib/plural";
import { ReadOnlyNotice } from "./read-only-notice";

const produits = (n: number) => `${n} produit${n > 1 ? "s" : ""}`;

/** A row of the list: a category or a brand with how many products use it. */
export type NamedRow = { id: string; name: string; slug: string; product_count: number };

/**
 * What differs between the Catégories and Marques screens: their words (both nouns are feminine,
 * so "la", "cette" and "nouvelle" serve both), their shop address, the form field naming the row,
 * and the name rule the action checks again (its first message is shown in the browser).
 */
export type NamedListKind = {
  title: string;
  one: string;
  many: string;
  addressPrefix: string;
  idField: string;
  nameMax: number;
  nameSchema: { safeParse(input: { name: string }): { success: boolean; error?: { issues: { message: string }[] } } };
};

function nameErrorOf(kind: NamedListKind, name: string): string | null {
  const parsed = kind.nameSchema.safeParse({ name });
  return parsed.success ? null : (parsed.error?.issues[0]?.message ?? null);
}

/** What the member's role may do here (decision 066): create, rename and delete. */
export type NamedListAccess = { write: boolean };
const EVERYTHING: NamedListAccess = { write: true };

/**
 * Catégories and Marques: the list with product counts, the create form, and a dialog each for
 * rename and delete. A role that reads the catalogue only gets the list and a line saying why.
 */
export function AdminNamedListView({ kind, rows, may = EVERYTHING }: { kind: NamedListKind; rows: NamedRow[]; may?: NamedListAccess }) {
  const [renaming, setRenaming] = useState<NamedRow | null>(null);
  const [deleting, setDeleting] = useState<NamedRow | null>(null);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">{kind.title}</h1>
        <p className="mt-1 text-muted" aria-live="polite">
          {plural(rows.length, kind.one, kind.many)}
        </p>
      </div>

      {may.write ? <CreateForm kind={kind} /> : <ReadOnlyNotice what={`modifier les ${kind.many}`} />}

      {rows.length === 0 ? (
        <EmptyState>Aucune {kind.one}</EmptyState>
      ) : (
        <DataTable
          label={`Liste des ${kind.many}`}
          minWidth="min-w-[40rem]"
          head={
            <>
              <Th>Nom</Th>
              <Th>Adresse</Th>
              <Th>Produits</Th>
              {may.write && <Th>Actions</Th>}
            </>
          }
        >
          {rows.map((b) => (
            <tr key={b.id}>
              <th scope="row" className="px-4 py-3 font-semibold">
                {b.name}
              </th>
              <td className="px-4 py-3 font-mono text-muted">
                {kind.addressPrefix}
                {b.slug}
              </td>
              <td className="px-4 py-3">{produits(b.product_count)}</td>
              {may.write && (
                <td className="px-4 py-3">
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => setRenaming(b)} aria-label={`Renommer ${b.name}`}>
                      Renommer
                    </Button>
                    <Button variant="danger-outline" size="sm" onClick={() => setDeleting(b)} aria-label={`Supprimer ${b.name}`}>
                      Supprimer
                    </Button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}

      {may.write && renaming ? <RenameModal kind={kind} row={renaming} onClose={() => setRenaming(null)} /> : null}
      {may.write && deleting ? <DeleteModal kind={kind} row={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function CreateForm({ kind }: { kind: NamedListKind }) {
  const fetcher = useFetcher<ActionResult<unknown>>();
  const form = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  useActionResult(fetcher, {
    onSuccess: (result) => {
      form.current?.reset();
      setError(null);
      if (result.message) showToast(result.message);
    },
    onFailure: (result) => setError(result.message),
  });

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      aria-label={`Nouvelle ${kind.one}`}
      className="flex flex-wrap items-start gap-3 rounded-2xl border border-line bg-white p-4"
      onSubmit={(event) => {
        const message = nameErrorOf(kind, String(new FormData(event.currentTarget).get("name") ?? ""));
        if (message) {
          event.preventDefault();
          setError(message);
        }
      }}
    >
      <input type="hidden" name="intent" value="create" />
      <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-semibold">
        Nom de la nouvelle {kind.one}
        <Input
          name="name"
          maxLength={kind.nameMax}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${kind.idField}-create-error` : undefined}
          onChange={() => setError(null)}
        />
        {error ? (
          <span id={`${kind.idField}-create-error`} role="alert" className="font-normal text-red-800">
            {error}
          </span>
        ) : null}
      </label>
      <Button type="submit" variant="ink" disabled={fetcher.state !== "idle"} className="mt-6">
        {fetcher.state !== "idle" ? "Création..." : `Créer la ${kind.one}`}
      </Button>
    </fetcher.Form>
  );
}

function RenameModal({ kind, row, onClose }: { kind: NamedListKind; row: NamedRow; onClose: () => void }) {
  const { fetcher, error, setError } = useDialogFetcher(onClose);

  return (
    <Modal title={`Renommer la ${kind.one}`} onClose={onClose}>
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={(event) => {
          const message = nameErrorOf(kind, String(new FormData(event.currentTarget).get("name") ?? ""));
          if (message) {
            event.preventDefault();
            setError(message);
          }
        }}
      >
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name={kind.idField} value={row.id} />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Nouveau nom
          <Input
            name="name"
            defaultValue={row.name}
            maxLength={kind.nameMax}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${kind.idField}-rename-error` : undefined}
            onChange={() => setError(null)}
          />
          {error ? (
            <span id={`${kind.idField}-rename-error`} role="alert" className="font-normal text-red-800">
              {error}
            </span>
          ) : null}
        </label>
        <p className="mt-2 text-sm text-muted">
          L'adresse {kind.addressPrefix}
          {row.slug} reste la même.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="ink" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Sauvegarde..." : "Renommer"}
          </Button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

function DeleteModal({ kind, row, onClose }: { kind: NamedListKind; row: NamedRow; onClose: () => void }) {
  const { fetcher, error } = useDialogFetcher(onClose);

  return (
    <ConfirmDialog
      title={`Supprimer la ${kind.one}`}
      onClose={onClose}
      form={fetcher.Form}
      fields={{ intent: "delete", [kind.idField]: row.id }}
      confirmLabel={fetcher.state !== "idle" ? "Suppression..." : "Supprimer"}
      busy={fetcher.state !== "idle"}
      error={error}
    >
      <p>Êtes-vous sûr de vouloir supprimer cette {kind.one} ?</p>
      <p className="mt-2 text-sm text-muted">
        {row.name} ({produits(row.product_count)})
      </p>
    </ConfirmDialog>
  );
}
