/**
 * A product's tax class (docs/decisions/063-vat-by-destination.md): which row of the rate table
 * applies to it. Perfume and cosmetics are standard-rated everywhere the shop ships; `reduced`
 * is room for what a beauty house may add (books, some hygiene products).
 */
export const TAX_CLASSES = ["standard", "reduced"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const DEFAULT_TAX_CLASS: TaxClass = "standard";

export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  standard: "Taux normal (parfums, cosmétiques)",
  reduced: "Taux réduit",
};

export const isTaxClass = (value: unknown): value is TaxClass =>
  typeof value === "string" && (TAX_CLASSES as readonly string[]).includes(value);
