import type { ProductFieldErrors, ProductFormValues } from "~/domain/catalog/admin-product-form.schema";

/** Edits one field of the product form and clears its message (spec §5). */
export type SetProductField = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;

/** What every section of the product form reads and how it edits. */
export type ProductFormSectionProps = { values: ProductFormValues; errors: ProductFieldErrors; set: SetProductField };

/** A control under its label, the width of its cell. */
export const fieldControl = "mt-1 w-full";
