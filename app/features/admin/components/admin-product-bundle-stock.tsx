import { createContext, useContext } from "react";

/**
 * The product form's set variants (decision 070): their stock field is read-only, since the
 * inventory computes it from the components. Given by the form, read by the stock field.
 */
export const BundleVariantsContext = createContext<ReadonlySet<string>>(new Set());

export function useIsBundleVariant(variantId: string): boolean {
  return useContext(BundleVariantsContext).has(variantId);
}
