/**
 * Paramètres (back-office): the delivery fee and the free-delivery threshold, typed in euros
 * ("9,90" or "9.90", up to 2 decimals) and stored in cents. Used by the form and the service.
 */
import { z } from "zod";

export const SHIPPING_FEE_MAX_CENTS = 10_000;
export const FREE_SHIPPING_THRESHOLD_MAX_CENTS = 1_000_000;

export const AMOUNT_REQUIRED_MESSAGE = "Veuillez saisir un montant";
export const AMOUNT_POSITIVE_MESSAGE = "Le montant doit être un nombre positif";
export const AMOUNT_DECIMALS_MESSAGE = "Le montant ne peut pas avoir plus de 2 décimales";
export const SHIPPING_FEE_MAX_MESSAGE = "Les frais de livraison ne peuvent pas dépasser 100 €";
export const FREE_SHIPPING_THRESHOLD_MAX_MESSAGE = "Le seuil de livraison offerte ne peut pas dépasser 10 000 €";

/**
 * Euros as text to integer cents, without floating point ("9,9" -> 990). Text, a sign or an
 * exponent is refused with a French message; the range is checked by each field.
 */
function eurosField(maxCents: number, maxMessage: string) {
  return z.unknown().transform((raw, ctx) => {
    const text = (typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw : "").trim().replace(/\s/g, "");
    if (text === "") {
      ctx.addIssue({ code: "custom", message: AMOUNT_REQUIRED_MESSAGE });
      return z.NEVER;
    }
    const match = /^(\d+)(?:[.,](\d+))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: "custom", message: AMOUNT_POSITIVE_MESSAGE });
      return z.NEVER;
    }
    const [, whole, decimals = ""] = match;
    if (decimals.length > 2) {
      ctx.addIssue({ code: "custom", message: AMOUNT_DECIMALS_MESSAGE });
      return z.NEVER;
    }
    // Long digit strings would lose precision as numbers: anything that long is over the max anyway.
    if (whole.replace(/^0+/, "").length > 9) {
      ctx.addIssue({ code: "custom", message: maxMessage });
      return z.NEVER;
    }
    const cents = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
    if (cents > maxCents) {
      ctx.addIssue({ code: "custom", message: maxMessage });
      return z.NEVER;
    }
    return cents;
  });
}

export const ShippingSettingsFormSchema = z.object({
  shipping_fee: eurosField(SHIPPING_FEE_MAX_CENTS, SHIPPING_FEE_MAX_MESSAGE),
  free_shipping_threshold: eurosField(FREE_SHIPPING_THRESHOLD_MAX_CENTS, FREE_SHIPPING_THRESHOLD_MAX_MESSAGE),
});
export type ShippingSettingsFormInput = z.input<typeof ShippingSettingsFormSchema>;

export type ShippingSettingsField = keyof z.output<typeof ShippingSettingsFormSchema>;

/** The action's answer: field errors with the values as typed (nothing lost), or success. */
export type ShippingSettingsAnswer =
  | { ok: true; message: string }
  | { ok: false; errors: Partial<Record<ShippingSettingsField, string>>; values: Record<ShippingSettingsField, string> };

/** Cents to the form's text: 990 -> "9,90", 10000 -> "100". */
export function centsToEurosInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}
