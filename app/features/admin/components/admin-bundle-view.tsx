import { Form, Link, useNavigation } from "react-router";
import { buttonClass, Button } from "~/components/ui/button";
import { DataTable, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { BUNDLE_COMPONENT_QUANTITY_MAX } from "~/domain/catalog/bundles";
import type { ActionResult } from "~/domain/http/action-result";
import { formatPrice } from "~/lib/money";

type ComponentRow = {
  variantId: string;
  productId: string;
  name: string;
  variantLabel: string;
  variantCount: number;
  sku: string;
  quantity: number;
  stock: number;
  priceCents: number;
};

type Editor = {
  productId: string;
  productName: string;
  variants: { id: string; label: string; stock: number }[];
  variantId: string;
  stock: number;
  bundle: { returnableByComponent: boolean; components: ComponentRow[] } | null;
  candidates: ComponentRow[];
};

const nameOf = (c: ComponentRow) => (c.variantCount > 1 ? `${c.name} · ${c.variantLabel}` : c.name);

/**
 * Composition du coffret: the components (quantity each, "Retirer"), the search that adds one,
 * whether single components may be returned, and the stock they make, read-only. Every button
 * saves the whole composition, so the page works without JavaScript and never half-saves.
 */
export function AdminBundleView({
  editor,
  query,
  answer,
}: {
  editor: Editor;
  query: string;
  answer: ActionResult<{ stock: number; isBundle: boolean }> | null;
}) {
  const busy = useNavigation().state === "submitting";
  const components = editor.bundle?.components ?? [];
  const variantLabel = editor.variants.find((v) => v.id === editor.variantId)?.label ?? "";
  // Rows re-mount when the saved composition changes, so their inputs show what was saved.
  const version = components.map((c) => `${c.variantId}:${c.quantity}`).join(",");
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to={`/admin/produits?edit=${editor.productId}`} className="underline">
            Retour au produit
          </Link>
        </p>
        <h1 className="mt-2 font-display text-3xl">Composition du coffret</h1>
        <p className="mt-1 text-muted">
          {editor.productName}
          {editor.variants.length > 1 ? ` · ${variantLabel}` : ""}
        </p>
      </div>

      {editor.variants.length > 1 && (
        <nav aria-label="Variantes du produit" className="flex flex-wrap gap-2">
          {editor.variants.map((v) => (
            <Link
              key={v.id}
              to={`?variant=${v.id}`}
              aria-current={v.id === editor.variantId ? "page" : undefined}
              className={buttonClass({ variant: v.id === editor.variantId ? "ink" : "outline", size: "sm" })}
            >
              {v.label}
            </Link>
          ))}
        </nav>
      )}

      {answer && (
        <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "text-success" : "text-danger"}>
          {answer.message}
        </p>
      )}

      <p className="rounded-lg bg-band px-4 py-3" aria-live="polite">
        Stock calculé : <strong>{editor.stock}</strong>
        <span className="block text-sm text-muted">
          Le stock d'un coffret est le nombre de coffrets complets que ses composants permettent de faire ; il ne se modifie pas à la main.
        </span>
      </p>

      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="variant" value={editor.variantId} />
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold">
          Rechercher un produit à ajouter
          <Input type="search" name="q" defaultValue={query} maxLength={100} placeholder="Nom, marque ou référence" />
        </label>
        <Button type="submit">Rechercher</Button>
      </Form>

      <Form method="post" className="space-y-6" key={version}>
        <input type="hidden" name="variant" value={editor.variantId} />
        <div className="flex flex-wrap items-center gap-4">
          {/* First in the form: Enter in a quantity saves rather than pressing a row's "Retirer". */}
          <Button type="submit" variant="ink" disabled={busy}>
            {busy ? "Enregistrement…" : "Enregistrer la composition"}
          </Button>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="returnable" defaultChecked={editor.bundle?.returnableByComponent ?? false} />
            Les composants peuvent être retournés séparément
          </label>
        </div>

        <section aria-labelledby="bundle-components" className="space-y-2">
          <h2 id="bundle-components" className="text-xl font-semibold">
            Ce coffret contient
          </h2>
          {components.length === 0 ? (
            <EmptyState>Aucun composant : ce produit n'est pas un coffret. Recherchez un produit pour l'ajouter.</EmptyState>
          ) : (
            <DataTable
              label="Composants du coffret"
              minWidth="min-w-[36rem]"
              head={
                <>
                  <Th>Produit</Th>
                  <Th>Référence</Th>
                  <Th>Stock</Th>
                  <Th>Quantité</Th>
                  <Th>Actions</Th>
                </>
              }
            >
              {components.map((c) => (
                <tr key={c.variantId}>
                  <th scope="row" className="px-4 py-3 text-left font-semibold">
                    {nameOf(c)}
                  </th>
                  <td className="px-4 py-3">{c.sku}</td>
                  <td className="px-4 py-3">{c.stock}</td>
                  <td className="px-4 py-3">
                    <input type="hidden" name="component" value={c.variantId} />
                    <Input
                      type="number"
                      name="quantity"
                      min={1}
                      max={BUNDLE_COMPONENT_QUANTITY_MAX}
                      step={1}
                      required
                      defaultValue={c.quantity}
                      aria-label={`Quantité de ${nameOf(c)}`}
                      className="w-20"
                    />
                  </td>
                  <td className="px-4 py-3">
                    <Button
                      type="submit"
                      name="remove"
                      value={c.variantId}
                      variant="danger-outline"
                      size="sm"
                      disabled={busy}
                      formNoValidate
                    >
                      Retirer<span className="sr-only"> {nameOf(c)}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>

        {query && (
          <section aria-labelledby="bundle-candidates" className="space-y-2">
            <h2 id="bundle-candidates" className="text-xl font-semibold">
              Résultats pour « {query} »
            </h2>
            {editor.candidates.length === 0 ? (
              <EmptyState>Aucun produit trouvé (les coffrets ne peuvent pas être ajoutés).</EmptyState>
            ) : (
              <ul className="divide-y divide-line rounded-lg border border-line bg-white">
                {editor.candidates.map((c) => (
                  <li key={c.variantId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                    <span>
                      <span className="font-semibold">{nameOf(c)}</span>{" "}
                      <span className="text-sm text-muted">
                        {c.sku} · {formatPrice(c.priceCents)} · stock {c.stock}
                      </span>
                    </span>
                    <Button type="submit" name="add" value={c.variantId} size="sm" disabled={busy}>
                      Ajouter<span className="sr-only"> {nameOf(c)}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </Form>
    </div>
  );
}
