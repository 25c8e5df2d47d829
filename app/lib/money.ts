const euro = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });

/** 1250 -> "12,50 €" (the space before € is a narrow no-break space, as fr-FR writes it). */
export function formatPrice(cents: number): string {
  return euro.format(cents / 100);
}

/** Cents as a plain decimal with two places and no grouping: -1230 -> "-12,30" (or "-12.30" with "."), for files and XML. */
export function centsAsDecimal(cents: number, separator: "," | "."): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}${separator}${String(abs % 100).padStart(2, "0")}`;
}

/** An amount as a back-office form field shows it: 990 -> "9,90", 10000 -> "100". */
export function centsAsInputText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : centsAsDecimal(cents, ",");
}

/** Rounded discount percentage of price against the original price, or null when there is no discount. */
export function discountPercent(priceCents: number, originalPriceCents: number | null | undefined): number | null {
  if (!originalPriceCents || originalPriceCents <= priceCents) return null;
  return Math.round(((originalPriceCents - priceCents) / originalPriceCents) * 100);
}

/** Rating with one decimal, French style: 4.5 -> "4,5". */
const oneDecimal = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
// One formatter kept, not toLocaleString with options: that builds a new formatter per call, and
// a product page writes a rating for every related product and every review.
export function formatRating(rating: number): string {
  return oneDecimal.format(rating);
}

const counts = new Map<string, Intl.NumberFormat>();
/** A whole number in the locale's way ("1 234" in fr-FR, "1,234" in en-GB), one formatter per locale. */
export function formatCount(count: number, locale: string): string {
  let format = counts.get(locale);
  if (!format) counts.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(count);
}

/** Banner style, no space: "100€" for whole euros, "49,90€" otherwise. */
export function formatEurosCompact(cents: number): string {
  return cents % 100 === 0 ? `${cents / 100}€` : `${(cents / 100).toFixed(2).replace(".", ",")}€`;
}

const otherCurrencies = new Map<string, Intl.NumberFormat>();

/** 1390 cents of CHF -> "13,90 CHF" (fr-FR writes USD "$US" and GBP "£GB"). */
export function formatForeignPrice(cents: number, currency: string): string {
  let format = otherCurrencies.get(currency);
  if (!format) otherCurrencies.set(currency, (format = new Intl.NumberFormat("fr-FR", { style: "currency", currency })));
  return format.format(cents / 100);
}
