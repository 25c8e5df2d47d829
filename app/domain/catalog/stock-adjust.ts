/**
 * What an administrator's stock change reports, read by the inventory that makes it and by the
 * catalogue that logs it and mails the restock alerts it makes due.
 */

/**
 * The variants whose stock was set, with their product, new stock and the change. Refusals are
 * thrown as DomainError: invalid_quantity (invalid), variant_not_found, insufficient_stock (conflict).
 */
export type StockAdjustResult = { variants: { variantId: string; productId: string; stock: number; delta: number }[] };

/** The variants an adjustment took from no stock to some: those whose restock alerts are due. */
export function restockedVariants(result: StockAdjustResult): string[] {
  return result.variants.filter((v) => v.delta > 0 && v.stock - v.delta === 0).map((v) => v.variantId);
}
