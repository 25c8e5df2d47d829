/**
 * French plural: 0 and 1 take the singular ("0 produit trouvé", "1 produit trouvé",
 * "24 produits trouvés"). Numbers are written the French way ("1 234").
 */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${count.toLocaleString("fr-FR")} ${Math.abs(count) < 2 ? singular : pluralForm}`;
}
