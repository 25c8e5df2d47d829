/**
 * 'M'avertir du retour en stock': limits, messages and the answer type, without zod (the product
 * page imports this; RestockAlertSchema applies the same rules on the server).
 */
export const RESTOCK_EMAIL_MAX = 254;
export const RESTOCK_EMAIL_REQUIRED = "L'e-mail est obligatoire";
export const RESTOCK_EMAIL_TOO_LONG = `L'e-mail ne doit pas dépasser ${RESTOCK_EMAIL_MAX} caractères`;
export const RESTOCK_EMAIL_INVALID = "Format d'e-mail invalide";
export const RESTOCK_VARIANT_INVALID = "Choisissez une variante du produit";

/** The same answer whatever the address (no account enumeration). */
export const RESTOCK_VISITOR_MESSAGE = "Merci ! Si cette adresse est valide, vous recevrez un e-mail pour confirmer votre alerte.";
export const RESTOCK_SIGNED_IN_MESSAGE = "C'est noté : nous vous écrirons dès son retour en stock.";
export const RESTOCK_IN_STOCK_MESSAGE = "Cette variante est disponible : vous pouvez l'ajouter au panier.";

/** Browser-side check of the e-mail field: the first problem, or null. */
export function restockEmailProblem(raw: string): string | null {
  const email = raw.trim();
  if (!email) return RESTOCK_EMAIL_REQUIRED;
  if (email.length > RESTOCK_EMAIL_MAX) return RESTOCK_EMAIL_TOO_LONG;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return RESTOCK_EMAIL_INVALID;
  return null;
}

/** Answer of POST /alerte-stock. */
export type RestockAlertResult = { ok: true; message: string } | { ok: false; message: string; field?: "email" | "variant_id" };
