import { Link } from "react-router";
import { useT } from "~/components/ui/i18n";
import type { BundleContentsView } from "~/domain/catalog/bundles";

/** A set's product page (decision 070): "Ce coffret contient :" and each component, linked to its own page. */
export function BundleContents({ bundle }: { bundle: BundleContentsView | undefined }) {
  const t = useT();
  if (!bundle || bundle.components.length === 0) return null;
  return (
    <section aria-labelledby="bundle-contents-title" className="mt-6 rounded-lg border border-line bg-white p-4">
      <h2 id="bundle-contents-title" className="font-semibold">
        {t("shop.product.setContains")}
      </h2>
      <ul className="mt-2 space-y-1">
        {bundle.components.map((c) => (
          <li key={c.sku}>
            <Link to={`/product/${c.product_id}`} className="underline-offset-4 hover:text-accent hover:underline">
              {t("shop.product.setComponentLine", {
                quantity: c.quantity,
                name: c.variant_label ? `${c.name} · ${c.variant_label}` : c.name,
              })}
            </Link>
            {c.brand && <span className="text-sm text-muted"> · {c.brand}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
