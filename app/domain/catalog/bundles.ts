/**
 * Sets ("coffrets", docs/decisions/070-sets.md): rules shared by the back office, the storefront
 * and the server. Isomorphic: no server import, no React.
 */
import { z } from "zod";
import { formatMessage } from "~/domain/messages/format";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** At most this many units of one component per set. */
export const BUNDLE_COMPONENT_QUANTITY_MAX = 99;
/** At most this many distinct components per set. */
export const BUNDLE_COMPONENTS_MAX = 20;

export type BundleComponentInput = { variantId: string; quantity: number };

/** One unit of a set's composition as the order line keeps it, frozen at placement. */
export type BundleComponentSnapshot = {
  variant_id: string;
  product_id: string;
  name: string;
  variant_label: string | null;
  sku: string;
  /** Units of this component in ONE set. */
  quantity: number;
  /** The component's own catalogue price (one unit) when the set was sold: the prorating weight. */
  catalogue_price_cents: number;
  /** Its share of ONE set's charged price (all its units), to the cent; the shares add up to the set's price. */
  share_cents: number;
};

export type BundleSnapshot = {
  returnable_by_component: boolean;
  components: BundleComponentSnapshot[];
};

const quantityMessage = () => formatMessage(SHOP_MESSAGES.setQuantityRange, { max: BUNDLE_COMPONENT_QUANTITY_MAX });

/** The composition form: components (variant + quantity) and the returnable flag. */
export const BundleCompositionSchema = z.object({
  returnableByComponent: z.boolean(),
  components: z
    .array(
      z.object({
        variantId: z.uuid(SHOP_MESSAGES.setComponentNotFound),
        quantity: z
          .number(quantityMessage())
          .int(quantityMessage())
          .min(1, quantityMessage())
          .max(BUNDLE_COMPONENT_QUANTITY_MAX, quantityMessage()),
      }),
    )
    .max(BUNDLE_COMPONENTS_MAX, formatMessage(SHOP_MESSAGES.setTooManyComponents, { max: BUNDLE_COMPONENTS_MAX })),
});
export type BundleCompositionInput = z.infer<typeof BundleCompositionSchema>;

/** The set's stock: how many whole sets its components make, min over components of floor(stock / quantity). */
export function bundleStockOf(components: readonly { stock: number; quantity: number }[]): number {
  if (components.length === 0) return 0;
  return Math.min(...components.map((c) => Math.floor(Math.max(0, c.stock) / c.quantity)));
}

/**
 * The set's price split over its components, prorated by their catalogue value (price × units),
 * each share rounded down to the cent and the remainder on the last component, so the shares add
 * up exactly to the price. Components worth nothing in total share the price by units.
 */
export function prorateBundlePrice(priceCents: number, components: readonly { priceCents: number; quantity: number }[]): number[] {
  if (components.length === 0) return [];
  const values = components.map((c) => c.priceCents * c.quantity);
  const weights = values.some((v) => v > 0) ? values : components.map((c) => c.quantity);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const shares = weights.map((w) => Math.floor((priceCents * w) / total));
  shares[shares.length - 1] += priceCents - shares.reduce((sum, s) => sum + s, 0);
  return shares;
}

/** What the server knows of a set's line at the sale (the inventory's take). */
type SoldBundle = {
  returnableByComponent: boolean;
  components: readonly {
    variantId: string;
    productId: string;
    name: string;
    variantLabel: string;
    variantCount: number;
    sku: string;
    quantity: number;
    priceCents: number;
  }[];
};

/**
 * The order line's frozen record of a set (spread into its product snapshot): each component's
 * share of the charged unit price, so a later return refunds what was paid whatever the prices
 * are by then. Nothing for a line that is not a set.
 */
export function bundleSnapshotOf(bundle: SoldBundle | undefined, unitCents: number): { bundle?: BundleSnapshot } {
  if (!bundle || bundle.components.length === 0) return {};
  const shares = prorateBundlePrice(unitCents, bundle.components);
  return {
    bundle: {
      returnable_by_component: bundle.returnableByComponent,
      components: bundle.components.map((c, i) => ({
        variant_id: c.variantId,
        product_id: c.productId,
        name: c.name,
        variant_label: c.variantCount > 1 ? c.variantLabel : null,
        sku: c.sku,
        quantity: c.quantity,
        catalogue_price_cents: c.priceCents,
        share_cents: shares[i],
      })),
    },
  };
}

/** A set line's components as the order kept them, for putting its units back (nothing for a plain line). */
export function snapshotStockComponents(snapshot: { bundle?: BundleSnapshot } | null | undefined): {
  components?: { variantId: string; quantity: number }[];
} {
  const parts = snapshot?.bundle?.components;
  return parts && parts.length > 0 ? { components: parts.map((c) => ({ variantId: c.variant_id, quantity: c.quantity })) } : {};
}

/**
 * The composition page's form, as the schema reads it: the rows kept (variant, quantity), minus
 * the one whose "Retirer" was pressed, plus the one whose "Ajouter" was pressed (one unit).
 */
export function readBundleCompositionForm(form: FormData): { variantId: string; composition: unknown } {
  const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");
  const ids = form.getAll("component").map(str);
  const quantities = form.getAll("quantity").map(str);
  const removed = str(form.get("remove"));
  const added = str(form.get("add"));
  const components = ids
    .map((variantId, i) => ({ variantId, quantity: quantities[i]?.trim() === "" ? Number.NaN : Number(quantities[i]) }))
    .filter((c) => c.variantId !== removed);
  if (added) components.push({ variantId: added, quantity: 1 });
  return {
    variantId: str(form.get("variant")),
    composition: { returnableByComponent: form.get("returnable") === "on", components },
  };
}

/** A set as its product page shows it: what one set holds, each with a link to its product. */
export type BundleContentsView = {
  components: {
    product_id: string;
    name: string;
    brand: string | null;
    variant_label: string | null;
    sku: string;
    quantity: number;
  }[];
};
