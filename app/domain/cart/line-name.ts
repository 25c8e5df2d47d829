/**
 * The label a variant gets when its product has no size or shade to choose (migration 0010 and
 * the seed): a one-variant product shows its name alone, as before variants.
 */
export const SINGLE_VARIANT_LABEL = "Format unique";

/** The variant's label worth showing beside the product's name, or null. */
export function shownVariantLabel(variantLabel: string | null | undefined): string | null {
  const label = variantLabel?.trim();
  return label && label !== SINGLE_VARIANT_LABEL ? label : null;
}

/** "Eau de parfum Aurore · 50 ml", or the name alone for a product without options. */
export function lineName(name: string, variantLabel: string | null | undefined): string {
  const label = shownVariantLabel(variantLabel);
  return label ? `${name} · ${label}` : name;
}
