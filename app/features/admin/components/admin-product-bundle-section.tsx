import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * The product form's "Composition du coffret" (docs/decisions/070-sets.md): a set's components
 * are edited on their own page, saved on their own, since they change the set's stock at once.
 */
export function ProductBundleSection({ productId }: { productId: string | null }) {
  return (
    <section aria-labelledby="product-bundle-title" className="space-y-2 rounded-lg border border-line p-4">
      <h3 id="product-bundle-title" className="font-semibold">
        Composition du coffret
      </h3>
      <p className="text-sm text-muted">
        Un coffret réunit d'autres produits du catalogue. Son stock se calcule à partir de celui de ses composants : le stock saisi
        ci-dessus pour un coffret n'est pas pris en compte.
      </p>
      {productId ? (
        <Link to={`/admin/produits/${productId}/coffret`} className={buttonClass({ size: "sm" })}>
          Gérer la composition du coffret
        </Link>
      ) : (
        <p className="text-sm">Enregistrez d'abord le produit pour lui donner une composition.</p>
      )}
    </section>
  );
}
