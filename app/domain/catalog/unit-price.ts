import { formatPrice } from "~/lib/money";

/**
 * Unit price shown beside the price of a product sold by volume or weight.
 *
 * The rule: the legal units are the litre and the kilogram; for the small packs of cosmetics
 * French beauty shops show the price per 100 ml or 100 g, which reads better than "1 280,00 € / L"
 * for a 10 ml perfume. So a content under 1 L (1 kg) is priced per 100 ml (100 g), and from
 * 1 L (1 kg) up per litre (kilogram). The amount is rounded to the nearest cent, halves up.
 */
export type ContentUnit = "ml" | "g";

export type UnitPrice = { cents: number; per: "100 ml" | "100 g" | "L" | "kg" };

const LARGE_CONTENT = 1000;

/** Rounds numerator / denominator (both non-negative integers) to the nearest integer, halves up. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export function unitPrice(priceCents: number, amount: number | null | undefined, unit: ContentUnit | null | undefined): UnitPrice | null {
  if (!unit || amount == null || !Number.isFinite(amount) || amount <= 0 || priceCents <= 0) return null;
  // The content has two decimals (numeric(10, 2)): count it in hundredths so the maths stays integer.
  const hundredths = Math.round(amount * 100);
  if (hundredths <= 0) return null;
  const large = amount >= LARGE_CONTENT;
  const base = large ? 1000 : 100;
  const per = large ? (unit === "ml" ? "L" : "kg") : unit === "ml" ? "100 ml" : "100 g";
  return { cents: divideRounded(priceCents * base * 100, hundredths), per };
}

/** "128,00 € / 100 ml", or null when the content is unknown. */
export function formatUnitPrice(
  priceCents: number,
  amount: number | null | undefined,
  unit: ContentUnit | null | undefined,
): string | null {
  const price = unitPrice(priceCents, amount, unit);
  return price ? `${formatPrice(price.cents)} / ${price.per}` : null;
}
