import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Modal } from "~/components/ui/modal";
import { showToast } from "~/components/ui/toast";
import { CATEGORY_NAME_MAX } from "~/lib/shop-rules";
import { CategoryNameSchema, type AdminCategoryRow, type CategoryAnswer } from "~/domain/catalog/admin-categories.schema";

const inputClass = "min-h-11 rounded-lg border border-line bg-white px-3 font-normal";
const primaryButtonClass = "min-h-11 rounded-full bg-ink px-5 font-semibold text-white disabled:opacity-60";
const secondaryButtonClass = "min-h-11 rounded-full border border-line px-5 font-semibold hover:border-accent";
const dangerButtonClass = "min-h-11 rounded-full bg-red-700 px-5 font-semibold text-white disabled:opacity-60";

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
          {categories.length} catégorie(s)
        </p>
      </div>

      <CreateCategoryForm />

      {categories.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-8 text-center text-muted">Aucune catégorie</p>
      ) : (
        <div role="region" aria-label="Liste des catégories" tabIndex={0} className="overflow-x-auto rounded-2xl border border-line bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-line bg-band/60 text-xs uppercase tracking-wide">
              <tr>
                <th scope="col" className="px-4 py-3">Nom</th>
                <th scope="col" className="px-4 py-3">Adresse</th>
                <th scope="col" className="px-4 py-3">Produits</th>
                <th scope="col" className="px-4 py-3">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {categories.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className="px-4 py-3 font-semibold">{c.name}</th>
                  <td className="px-4 py-3 font-mono text-muted">/category/{c.slug}</td>
                  <td className="px-4 py-3">{produits(c.product_count)}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-2">
                      <button type="button" onClick={() => setRenaming(c)} aria-label={`Renommer ${c.name}`} className={secondaryButtonClass}>
                        Renommer
                      </button>
                      <button type="button" onClick={() => setDeleting(c)} aria-label={`Supprimer ${c.name}`} className={secondaryButtonClass}>
                        Supprimer
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        <input
          name="name"
          maxLength={CATEGORY_NAME_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "category-create-error" : undefined}
          onChange={() => setError(null)}
          className={inputClass}
        />
        {error ? (
          <span id="category-create-error" role="alert" className="font-normal text-red-800">
            {error}
          </span>
        ) : null}
      </label>
      <button type="submit" disabled={fetcher.state !== "idle"} className={`${primaryButtonClass} mt-6`}>
        {fetcher.state !== "idle" ? "Création..." : "Créer la catégorie"}
      </button>
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
          <input
            name="name"
            defaultValue={category.name}
            maxLength={CATEGORY_NAME_MAX}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "category-rename-error" : undefined}
            onChange={() => setError(null)}
            className={inputClass}
          />
          {error ? (
            <span id="category-rename-error" role="alert" className="font-normal text-red-800">
              {error}
            </span>
          ) : null}
        </label>
        <p className="mt-2 text-sm text-muted">L'adresse /category/{category.slug} reste la même.</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Annuler
          </button>
          <button type="submit" disabled={fetcher.state !== "idle"} className={primaryButtonClass}>
            {fetcher.state !== "idle" ? "Sauvegarde..." : "Renommer"}
          </button>
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
    <Modal title="Supprimer la catégorie" onClose={onClose}>
      <p>Êtes-vous sûr de vouloir supprimer cette catégorie ?</p>
      <p className="mt-2 text-sm text-muted">
        {category.name} ({produits(category.product_count)})
      </p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="categoryId" value={category.id} />
        <button type="button" onClick={onClose} className={secondaryButtonClass} data-autofocus>
          Annuler
        </button>
        <button type="submit" disabled={fetcher.state !== "idle"} className={dangerButtonClass}>
          {fetcher.state !== "idle" ? "Suppression..." : "Supprimer"}
        </button>
      </fetcher.Form>
    </Modal>
  );
}
