import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { Modal } from "~/components/ui/modal";
import { showToast } from "~/components/ui/toast";
import { BRAND_NAME_MAX, BrandNameSchema, type AdminBrandRow, type BrandAnswer } from "~/domain/catalog/admin-brands.schema";
import { plural } from "~/lib/plural";

const produits = (n: number) => `${n} produit${n > 1 ? "s" : ""}`;

/** The name field's message in the browser, the same schema the action checks again. */
function nameError(name: string): string | null {
  const parsed = BrandNameSchema.safeParse({ name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** Marques: the list with product counts, the create form, and a dialog each for rename and delete. */
export function AdminBrandsView({ brands }: { brands: AdminBrandRow[] }) {
  const [renaming, setRenaming] = useState<AdminBrandRow | null>(null);
  const [deleting, setDeleting] = useState<AdminBrandRow | null>(null);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Marques</h1>
        <p className="mt-1 text-muted" aria-live="polite">
          {plural(brands.length, "marque", "marques")}
        </p>
      </div>

      <CreateBrandForm />

      {brands.length === 0 ? (
        <EmptyState>Aucune marque</EmptyState>
      ) : (
        <DataTable
          label="Liste des marques"
          minWidth="min-w-[40rem]"
          head={
            <>
              <Th>Nom</Th>
              <Th>Adresse</Th>
              <Th>Produits</Th>
              <Th>Actions</Th>
            </>
          }
        >
          {brands.map((b) => (
            <tr key={b.id}>
              <th scope="row" className="px-4 py-3 font-semibold">
                {b.name}
              </th>
              <td className="px-4 py-3 font-mono text-muted">/marque/{b.slug}</td>
              <td className="px-4 py-3">{produits(b.product_count)}</td>
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
            </tr>
          ))}
        </DataTable>
      )}

      {renaming ? <RenameModal brand={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? <DeleteModal brand={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function CreateBrandForm() {
  const fetcher = useFetcher<BrandAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      form.current?.reset();
      setError(null);
      showToast(answer.message);
    } else setError(answer.message);
  });

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      aria-label="Nouvelle marque"
      className="flex flex-wrap items-start gap-3 rounded-2xl border border-line bg-white p-4"
      onSubmit={(event) => {
        const message = nameError(String(new FormData(event.currentTarget).get("name") ?? ""));
        if (message) {
          event.preventDefault();
          setError(message);
        }
      }}
    >
      <input type="hidden" name="intent" value="create" />
      <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-semibold">
        Nom de la nouvelle marque
        <Input
          name="name"
          maxLength={BRAND_NAME_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "brand-create-error" : undefined}
          onChange={() => setError(null)}
        />
        {error ? (
          <span id="brand-create-error" role="alert" className="font-normal text-red-800">
            {error}
          </span>
        ) : null}
      </label>
      <Button type="submit" variant="ink" disabled={fetcher.state !== "idle"} className="mt-6">
        {fetcher.state !== "idle" ? "Création..." : "Créer la marque"}
      </Button>
    </fetcher.Form>
  );
}

function RenameModal({ brand, onClose }: { brand: AdminBrandRow; onClose: () => void }) {
  const fetcher = useFetcher<BrandAnswer>();
  const [error, setError] = useState<string | null>(null);
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      showToast(answer.message);
      onClose();
    } else setError(answer.message);
  });

  return (
    <Modal title="Renommer la marque" onClose={onClose}>
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={(event) => {
          const message = nameError(String(new FormData(event.currentTarget).get("name") ?? ""));
          if (message) {
            event.preventDefault();
            setError(message);
          }
        }}
      >
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="brandId" value={brand.id} />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Nouveau nom
          <Input
            name="name"
            defaultValue={brand.name}
            maxLength={BRAND_NAME_MAX}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "brand-rename-error" : undefined}
            onChange={() => setError(null)}
          />
          {error ? (
            <span id="brand-rename-error" role="alert" className="font-normal text-red-800">
              {error}
            </span>
          ) : null}
        </label>
        <p className="mt-2 text-sm text-muted">L'adresse /marque/{brand.slug} reste la même.</p>
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

function DeleteModal({ brand, onClose }: { brand: AdminBrandRow; onClose: () => void }) {
  const fetcher = useFetcher<BrandAnswer>();
  const [error, setError] = useState<string | null>(null);
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      showToast(answer.message);
      onClose();
    } else setError(answer.message);
  });

  return (
    <ConfirmDialog
      title="Supprimer la marque"
      onClose={onClose}
      form={fetcher.Form}
      fields={{ intent: "delete", brandId: brand.id }}
      confirmLabel={fetcher.state !== "idle" ? "Suppression..." : "Supprimer"}
      busy={fetcher.state !== "idle"}
      error={error}
    >
      <p>Êtes-vous sûr de vouloir supprimer cette marque ?</p>
      <p className="mt-2 text-sm text-muted">
        {brand.name} ({produits(brand.product_count)})
      </p>
    </ConfirmDialog>
  );
}
