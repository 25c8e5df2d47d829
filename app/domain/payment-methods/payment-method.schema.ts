/**
 * The saved-card form of "Moyens de Paiement" (spec back-office §5 "Card form"), used by the
 * add-card dialog in the browser, by the payment-methods service and by the API. Field names are
 * the API's (snake_case, spec §3). The shop never asks for, sends or stores a full card number:
 * only the brand, the last four digits, the holder and optionally the expiry month and year.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";

export const PAYMENT_CARD_BRANDS = ["visa", "mastercard", "amex"] as const;
export type PaymentCardBrand = (typeof PAYMENT_CARD_BRANDS)[number];

export const CARD_BRAND_LABELS: Record<PaymentCardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
};

/** Size limit of one shopper's saved cards (added from the account; checkout keeps its own rule). */
export const MAX_PAYMENT_METHODS = 10;
export const CARD_HOLDER_MAX = 100;
/** Expiry years offered: this year and the next ones (cards are issued for at most ~5-10 years). */
export const CARD_EXPIRY_YEARS_AHEAD = 20;

export const CARD_HOLDER_REQUIRED_MESSAGE = "Le nom du titulaire est obligatoire";
export const CARD_HOLDER_TOO_LONG_MESSAGE = `Le nom du titulaire ne doit pas dépasser ${CARD_HOLDER_MAX} caractères`;
export const CARD_BRAND_MESSAGE = "Veuillez choisir le type de carte : Visa, Mastercard ou American Express";
export const CARD_LAST_FOUR_REQUIRED_MESSAGE = "Les 4 derniers chiffres de la carte sont obligatoires";
export const CARD_LAST_FOUR_MESSAGE = "Saisissez exactement les 4 derniers chiffres de la carte";
export const CARD_EXPIRY_INCOMPLETE_MESSAGE = "Indiquez le mois et l'année d'expiration, ou aucun des deux";
export const CARD_EXPIRY_MONTH_MESSAGE = "Mois d'expiration invalide";
export const CARD_EXPIRY_YEAR_MESSAGE = "Année d'expiration invalide";
export const CARD_EXPIRED_MESSAGE = "Cette carte est expirée";

/** "", null and undefined mean "not given"; digits (number or string) become an integer. */
const optionalInteger = (message: string) =>
  z
    .union([z.number(), text()], { error: message })
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
      const n = typeof v === "number" ? v : /^\s*[0-9]{1,4}\s*$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

function currentMonthIndex(now: Date): number {
  return now.getFullYear() * 12 + now.getMonth();
}

export const PaymentMethodSchema = z
  .object({
    card_holder_name: text({ error: CARD_HOLDER_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: CARD_HOLDER_REQUIRED_MESSAGE })
      .max(CARD_HOLDER_MAX, { error: CARD_HOLDER_TOO_LONG_MESSAGE }),
    card_brand: z.enum(PAYMENT_CARD_BRANDS, { error: CARD_BRAND_MESSAGE }),
    card_last_four: text({ error: CARD_LAST_FOUR_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: CARD_LAST_FOUR_REQUIRED_MESSAGE, abort: true })
      .regex(/^[0-9]{4}$/, { error: CARD_LAST_FOUR_MESSAGE }),
    exp_month: optionalInteger(CARD_EXPIRY_MONTH_MESSAGE).refine((m) => m === null || (m >= 1 && m <= 12), {
      error: CARD_EXPIRY_MONTH_MESSAGE,
    }),
    exp_year: optionalInteger(CARD_EXPIRY_YEAR_MESSAGE).refine(
      (y) => y === null || (y >= 2000 && y <= new Date().getFullYear() + CARD_EXPIRY_YEARS_AHEAD),
      { error: CARD_EXPIRY_YEAR_MESSAGE },
    ),
    /** Make the new card the default one (the first card always is). */
    is_default: z
      .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
      .optional()
      .transform((v) => v === true || v === "on" || v === "true"),
  })
  .superRefine((card, ctx) => {
    const month = card.exp_month;
    const year = card.exp_year;
    // A field with its own error already says what is wrong.
    const valid = (v: unknown, min: number, max: number) => v === null || (typeof v === "number" && v >= min && v <= max);
    if (!valid(month, 1, 12) || !valid(year, 2000, 9999)) return;
    if ((month === null) !== (year === null)) {
      ctx.addIssue({ code: "custom", path: [month === null ? "exp_month" : "exp_year"], message: CARD_EXPIRY_INCOMPLETE_MESSAGE });
      return;
    }
    // Valid until the last day of its expiry month.
    if (month !== null && year !== null && year * 12 + (month - 1) < currentMonthIndex(new Date())) {
      ctx.addIssue({ code: "custom", path: ["exp_month"], message: CARD_EXPIRED_MESSAGE });
    }
  });

export type PaymentMethodInput = z.input<typeof PaymentMethodSchema>;
export type PaymentMethodValues = z.output<typeof PaymentMethodSchema>;
export type PaymentMethodField = keyof PaymentMethodValues;
export const PAYMENT_METHOD_FIELDS = [
  "card_holder_name",
  "card_brand",
  "card_last_four",
  "exp_month",
  "exp_year",
  "is_default",
] as const satisfies readonly PaymentMethodField[];

/**
 * Keys that would carry a full card number or its security code. A request holding one is
 * refused outright rather than silently stripped, so a faulty client is noticed at once.
 */
export const FORBIDDEN_CARD_KEYS = ["number", "card_number", "cardNumber", "pan", "cvc", "cvv", "cvv2", "security_code"] as const;

/** A saved card as the API and the pages see it. */
export type PaymentMethodView = {
  id: string;
  type: string;
  card_brand: PaymentCardBrand;
  card_last_four: string;
  card_holder_name: string;
  exp_month: number | null;
  exp_year: number | null;
  is_default: boolean;
  created_at: string;
};

/** First message per field, for inline errors. */
export function paymentMethodFieldErrors(error: z.ZodError): Partial<Record<PaymentMethodField, string>> {
  const out: Partial<Record<PaymentMethodField, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]);
    if ((PAYMENT_METHOD_FIELDS as readonly string[]).includes(field)) out[field as PaymentMethodField] ??= issue.message;
  }
  return out;
}

export function cardBrandLabel(brand: string): string {
  return CARD_BRAND_LABELS[brand as PaymentCardBrand] ?? brand;
}

/** "12/2030", or null without an expiry date. */
export function formatCardExpiry(card: Pick<PaymentMethodView, "exp_month" | "exp_year">): string | null {
  if (card.exp_month === null || card.exp_year === null) return null;
  return `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}`;
}

/** Default first, then the newest (the order of the list everywhere). */
export function sortPaymentMethods(list: readonly PaymentMethodView[]): PaymentMethodView[] {
  return [...list].sort((a, b) => {
    if (a.is_default !== b.is_default) return a.is_default ? -1 : 1;
    return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
  });
}

/** PATCH /api/v1/payment-methods/:id: the one change a saved card accepts. */
export const PaymentMethodPatchSchema = z.strictObject(
  {
    is_default: z.literal(true, { error: 'Seul { "is_default": true } est accepté : définissez une autre carte par défaut pour changer' }),
  },
  { error: 'Seul { "is_default": true } est accepté' },
);
