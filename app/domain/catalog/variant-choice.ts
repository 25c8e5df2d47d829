import type { ProductVariantView } from "./catalog.types";

/**
 * Which variant a product page shows, and what the size and shade selectors offer. Isomorphic:
 * the loader picks the variant of the address (`?variant=SKU`) for the server-rendered page, the
 * browser the same way after each choice.
 */

/** The variant of this SKU, or the default one (the first in order) for a missing or unknown SKU. */
export function pickVariant(variants: readonly ProductVariantView[], sku: string | null | undefined): ProductVariantView | undefined {
  return (sku ? variants.find((v) => v.sku === sku) : undefined) ?? variants[0];
}

export type ShadeOption = { name: string; hex: string | null };

/** The distinct sizes and shades, in the variants' order. */
export function variantAxes(variants: readonly ProductVariantView[]): { sizes: string[]; shades: ShadeOption[] } {
  const sizes: string[] = [];
  const shades: ShadeOption[] = [];
  for (const v of variants) {
    if (v.options.size && !sizes.includes(v.options.size)) sizes.push(v.options.size);
    if (v.options.shade && !shades.some((s) => s.name === v.options.shade)) {
      shades.push({ name: v.options.shade, hex: v.options.shade_hex ?? null });
    }
  }
  return { sizes, shades };
}

/**
 * The variant reached by changing one option from the current one: the same other option when
 * that combination exists, else the first variant with the new option.
 */
export function variantWith(
  variants: readonly ProductVariantView[],
  current: ProductVariantView,
  change: { size: string } | { shade: string },
): ProductVariantView | undefined {
  const matches = (v: ProductVariantView) => ("size" in change ? v.options.size === change.size : v.options.shade === change.shade);
  const keep = (v: ProductVariantView) =>
    "size" in change ? v.options.shade === current.options.shade : v.options.size === current.options.size;
  return variants.find((v) => matches(v) && keep(v)) ?? variants.find(matches);
}

/** The pictures to show for a variant: its own first, then the product's, each once. */
export function variantImages(
  product: { image_url: string | null; images: readonly string[] },
  variant?: Pick<ProductVariantView, "images">,
): string[] {
  return [...new Set([...(variant?.images ?? []), product.image_url, ...product.images].filter((u): u is string => Boolean(u)))];
}
