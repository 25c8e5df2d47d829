/**
 * Carriers and tracking numbers of shipped orders: the format each carrier issues (checked when
 * the administrator ships) and the public page where the shopper follows the parcel. Isomorphic:
 * the 'Expédier' dialog checks the number as it is typed, the server again.
 */
import { z } from "zod";

export const CARRIERS = ["colissimo", "mondialrelay", "chronopost", "ups"] as const;
export type Carrier = (typeof CARRIERS)[number];

type CarrierRule = { label: string; pattern: RegExp; example: string; trackingUrl: (number: string) => string };

/**
 * Colissimo: 13 characters, 2 letters, 9 digits, 2 letters (S10 international) or 11 to 15
 * alphanumerics for domestic parcels (6A123456789012 style). Chronopost: 2 letters, 9 digits,
 * 2 letters (XX123456789FR) or 13 to 14 alphanumerics. UPS: "1Z" then 16 alphanumerics.
 * Mondial Relay: its 8-digit expedition number.
 */
export const CARRIER_RULES: Record<Carrier, CarrierRule> = {
  colissimo: {
    label: "Colissimo",
    pattern: /^(?:[A-Z]{2}[0-9]{9}[A-Z]{2}|[0-9][A-Z][0-9]{9,13})$/,
    example: "6A12345678901",
    trackingUrl: (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${encodeURIComponent(n)}`,
  },
  mondialrelay: {
    label: "Mondial Relay",
    // The expedition number of WSI2_CreationEtiquette: 8 digits.
    pattern: /^[0-9]{8}$/,
    example: "12345678",
    trackingUrl: (n) => `https://www.mondialrelay.fr/suivi-de-colis/?NumeroExpedition=${encodeURIComponent(n)}`,
  },
  chronopost: {
    label: "Chronopost",
    pattern: /^(?:[A-Z]{2}[0-9]{9}[A-Z]{2}|[A-Z0-9]{13,14})$/,
    example: "XY123456789FR",
    trackingUrl: (n) => `https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=${encodeURIComponent(n)}`,
  },
  ups: {
    label: "UPS",
    pattern: /^1Z[A-Z0-9]{16}$/,
    example: "1Z999AA10123456784",
    trackingUrl: (n) => `https://www.ups.com/track?loc=fr_FR&tracknum=${encodeURIComponent(n)}`,
  },
};

/** Spaces and dashes typed or pasted from a label are not part of the number. */
export function normalizeTrackingNumber(value: string): string {
  return value.replace(/[\s-]/g, "").toUpperCase();
}

export function trackingUrlOf(carrier: Carrier, trackingNumber: string): string {
  return CARRIER_RULES[carrier].trackingUrl(trackingNumber);
}

export const ShipOrderSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: "Choisissez un transporteur" }),
    tracking_number: z
      .string({ error: "Le numéro de suivi est obligatoire" })
      .transform(normalizeTrackingNumber)
      .pipe(z.string().min(1, { error: "Le numéro de suivi est obligatoire" }).max(40, { error: "40 caractères au maximum" })),
  })
  .superRefine((value, ctx) => {
    const rule = CARRIER_RULES[value.carrier];
    if (value.tracking_number && !rule.pattern.test(value.tracking_number)) {
      ctx.addIssue({
        code: "custom",
        path: ["tracking_number"],
        message: `Numéro de suivi ${rule.label} invalide (exemple : ${rule.example})`,
      });
    }
  });
export type ShipOrderInput = z.output<typeof ShipOrderSchema>;
