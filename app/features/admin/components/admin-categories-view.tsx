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
import { CATEGORY_NAME_MAX } from "~/lib/shop-rules";
import { CategoryNameSchema, type AdminCategoryRow, type CategoryAnswer } from "~/domain/catalog/admin-categories.schema";
import { plural } from "~/lib/plural";

const produits = (n: number) => `${n} produit${n > 1 ? "s" : ""}`;

/** The name field's message in the browser, the same schema the action checks again. */
function nameError(name: string): string | null {
  const parsed = CategoryNameSchema.safeParse({ name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export function AdminCategoriesView({ categories }: { categories: AdminCategoryRow[] }) {
  const [renaming, setRenaming] = useState<AdminCategoryRow | null>(null);
  const [deleting, setDeleting] = useState<AdminCategoryRow | null>(null);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl">Catégories</h1>
        <p className="mt-1 text-muted" aria-live="polite">
          {plural(categories.length, "catégorie", "catégories")}
        </p>
      </div>

      <CreateCategoryForm />

      {categories.length === 0 ? (
        <EmptyState>Aucune catégorie</EmptyState>
      ) : (
        <DataTable
          label="Liste des catégories"
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
          {categories.map((c) => (
            <tr key={c.id}>
              <th scope="row" className="px-4 py-3 font-semibold">
                {c.name}
              </th>
              <td className="px-4 py-3 font-mono text-muted">/category/{c.slug}</td>
              <td className="px-4 py-3">{produits(c.product_count)}</td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => setRenaming(c)} aria-label={`Renommer ${c.name}`}>
                    Renommer
                  </Button>
                  <Button variant="danger-outline" size="sm" onClick={() => setDeleting(c)} aria-label={`Supprimer ${c.name}`}>
                    Supprimer
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {renaming ? <RenameModal category={renaming} onClose={() => setRenaming(null)} /> : null}
      {deleting ? <DeleteModal category={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function CreateCategoryForm() {
  const fetcher = useFetcher<CategoryAnswer>();
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
      aria-label="Nouvelle catégorie"
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
        Nom de la nouvelle catégorie
        <Input
          name="name"
          maxLength={CATEGORY_NAME_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "category-create-error" : undefined}
          onChange={() => setError(null)}
        />
        {error ? (
          <span id="category-create-error" role="alert" className="font-normal text-red-800">
            {error}
          </span>
        ) : null}
      </label>
      <Button type="submit" variant="ink" disabled={fetcher.state !== "idle"} className="mt-6">
        {fetcher.state !== "idle" ? "Création..." : "Créer la catégorie"}
      </Button>
    </fetcher.Form>
  );
}

function RenameModal({ category, onClose }: { category: AdminCategoryRow; onClose: () => void }) {
  const fetcher = useFetcher<CategoryAnswer>();
  const [error, setError] = useState<string | null>(null);
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      showToast(answer.message);
      onClose();
    } else setError(answer.message);
  });

  return (
    <Modal title="Renommer la catégorie" onClose={onClose}>
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
        <input type="hidden" name="categoryId" value={category.id} />
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Nouveau nom
          <Input
            name="name"
            defaultValue={category.name}
            maxLength={CATEGORY_NAME_MAX}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "category-rename-error" : undefined}
            onChange={() => setError(null)}
          />
          {error ? (
            <span id="category-rename-error" role="alert" className="font-normal text-red-800">
              {error}
            </span>
          ) : null}
        </label>
        <p className="mt-2 text-sm text-muted">L'adresse /category/{category.slug} reste la même.</p>
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

function DeleteModal({ category, onClose }: { category: AdminCategoryRow; onClose: () => void }) {
  const fetcher = useFetcher<CategoryAnswer>();
  const [error, setError] = useState<string | null>(null);
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      showToast(answer.message);
      onClose();
    } else setError(answer.message);
  });

  return (
    <ConfirmDialog
      title="Supprimer la catégorie"
      onClose={onClose}
      form={fetcher.Form}
      fields={{ intent: "delete", categoryId: category.id }}
      confirmLabel={fetcher.state !== "idle" ? "Suppression..." : "Supprimer"}
      busy={fetcher.state !== "idle"}
      error={error}
    >
      <p>Êtes-vous sûr de vouloir supprimer cette catégorie ?</p>
      <p className="mt-2 text-sm text-muted">
        {category.name} ({produits(category.product_count)})
      </p>
    </ConfirmDialog>
  );
}
