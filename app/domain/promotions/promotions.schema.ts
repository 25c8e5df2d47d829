/**
 * Promo codes (docs/decisions/016-promo-codes.md): the back-office form, the shopper's code field,
 * the refusal messages and the discount arithmetic. Isomorphic (no server code): the browser
 * checks with the same schema the action applies again.
 */
import { z } from "zod";
import { text as safeString } from "~/lib/safe-text";
import { formatPrice } from "~/lib/money";
import { formatDate, parisDay } from "~/lib/paris-time";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

export const PROMO_CODE_MIN = 3;
export const PROMO_CODE_MAX = 32;
export const PROMO_DESCRIPTION_MAX = 200;
/** Fixed discounts and minimums above this are surely typing mistakes (100 000 €). */
export const PROMO_AMOUNT_MAX_CENTS = 10_000_000;
export const PROMO_LIMIT_MAX = 1_000_000;

/** "bienvenue 10" -> "BIENVENUE10": how codes are stored and compared. */
export function normalizePromoCode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/* -------------------------------------------------------------------------------------------- */
/* Refusals at checkout                                                                           */
/* -------------------------------------------------------------------------------------------- */

export const PROMO_REFUSAL_CODES = [
  "unknown",
  "disabled",
  "not_yet_valid",
  "expired",
  "not_yours",
  "first_order_only",
  "not_combinable",
  "usage_limit_reached",
  "already_used",
  "minimum_not_reached",
  "no_eligible_product",
] as const;
export type PromoRefusalCode = (typeof PROMO_REFUSAL_CODES)[number];

export const PROMO_UNKNOWN_MESSAGE = CHECKOUT_MESSAGES.promoCodeDoesNotExist;
export const PROMO_DISABLED_MESSAGE = CHECKOUT_MESSAGES.promoCodeNoLongerActive;
export const PROMO_EXPIRED_MESSAGE = CHECKOUT_MESSAGES.promoCodeExpired;
export const PROMO_NOT_YOURS_MESSAGE = CHECKOUT_MESSAGES.promoCodeReservedAnotherCustomer;
export const PROMO_NOT_COMBINABLE_MESSAGE = CHECKOUT_MESSAGES.promoCodesCannotCombinedBeauty;
export const PROMO_USAGE_LIMIT_MESSAGE = CHECKOUT_MESSAGES.promoCodeReachedMaximumNumber;
export const PROMO_ALREADY_USED_MESSAGE = CHECKOUT_MESSAGES.alreadyUsedPromoCode;
export const PROMO_FIRST_ORDER_ONLY_MESSAGE = CHECKOUT_MESSAGES.welcomeCodeFirstOrderOnly;
export const PROMO_NO_ELIGIBLE_MESSAGE = CHECKOUT_MESSAGES.noItemCartEligiblePromo;
export const promoNotYetValidMessage = (startsAt: Date | string) =>
  `Ce code promo n'est pas encore valable (à partir du ${formatDate(startsAt)})`;
export const promoMinimumMessage = (minCents: number) => `Ce code promo est valable à partir de ${formatPrice(minCents)} d'achats`;

/** The field at checkout. */
export const PromoCodeInputSchema = safeString({ error: CHECKOUT_MESSAGES.enterPromoCode })
  .transform(normalizePromoCode)
  .pipe(
    safeString().min(1, { error: CHECKOUT_MESSAGES.enterPromoCode, abort: true }).max(PROMO_CODE_MAX, { error: PROMO_UNKNOWN_MESSAGE }),
  );

/* -------------------------------------------------------------------------------------------- */
/* The discount                                                                                   */
/* -------------------------------------------------------------------------------------------- */

export type PromoRule = {
  kind: "percentage" | "fixed";
  percent_off: number | null;
  amount_off_cents: number | null;
  /** Empty: every line. */
  category_ids: readonly string[];
};

export type PromoLine = { product_id: string; category_id: string | null; line_total_cents: number };

/** The merchandise a code applies to: all lines, or those of its categories. */
export function eligibleSubtotal(rule: Pick<PromoRule, "category_ids">, lines: readonly PromoLine[]): number {
  const only = rule.category_ids.length > 0 ? new Set(rule.category_ids) : null;
  return lines.reduce((sum, l) => (only && !(l.category_id && only.has(l.category_id)) ? sum : sum + l.line_total_cents), 0);
}

/**
 * The discount in cents on the eligible lines: a percentage rounded to the nearest cent (half
 * up), or a fixed amount; never more than the eligible merchandise (delivery is not discounted).
 */
export function promoDiscountCents(rule: PromoRule, lines: readonly PromoLine[]): number {
  const base = eligibleSubtotal(rule, lines);
  if (base <= 0) return 0;
  const raw = rule.kind === "percentage" ? Math.round((base * (rule.percent_off ?? 0)) / 100) : (rule.amount_off_cents ?? 0);
  return Math.max(0, Math.min(base, raw));
}

/** "-10 %" or "-5,00 €": how a code's value reads in lists. */
export function promoValueLabel(rule: Pick<PromoRule, "kind" | "percent_off" | "amount_off_cents">): string {
  return rule.kind === "percentage" ? `-${rule.percent_off} %` : `-${formatPrice(rule.amount_off_cents ?? 0)}`;
}

/* -------------------------------------------------------------------------------------------- */
/* Dates: days of the shop (Paris time)                                                           */
/* -------------------------------------------------------------------------------------------- */

/** The last day a code is valid, from its exclusive end instant. */
export function lastValidDay(endsAt: Date | string): string {
  return parisDay(new Date(new Date(endsAt).getTime() - 1));
}

function isRealDay(day: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === day && Number(m[1]) >= 2000 && Number(m[1]) <= 2999;
}

/* -------------------------------------------------------------------------------------------- */
/* The back-office form                                                                           */
/* -------------------------------------------------------------------------------------------- */

export const PROMO_FORM_MESSAGES = {
  codeRequired: "Le code est obligatoire",
  codeLength: `Le code doit contenir entre ${PROMO_CODE_MIN} et ${PROMO_CODE_MAX} caractères`,
  codeCharacters: "Le code ne peut contenir que des lettres sans accent, des chiffres, « - » et « _ »",
  codeTaken: "Ce code existe déjà",
  descriptionTooLong: formatMessage(ACCOUNT_MESSAGES.descriptionMaxLength, { max: PROMO_DESCRIPTION_MAX }),
  kind: "Veuillez choisir un type de réduction",
  percent: "Le pourcentage doit être un nombre entier entre 1 et 100",
  amountRequired: "Veuillez saisir le montant de la réduction",
  amountPositive: "Le montant doit être supérieur à 0",
  amountNegative: "Le montant ne peut pas être négatif",
  amountFormat: "Montant invalide (exemple : 10,50)",
  amountDecimals: "Le montant ne peut pas avoir plus de 2 décimales",
  amountTooLarge: `Le montant ne peut pas dépasser ${formatPrice(PROMO_AMOUNT_MAX_CENTS)}`,
  date: "Date invalide",
  datesOrder: "La date de fin doit être postérieure ou égale à la date de début",
  limit: "La limite doit être un nombre entier supérieur ou égal à 1",
  limitNegative: "La limite ne peut pas être négative",
  email: SHOP_MESSAGES.invalidEMailFormat2,
  customerUnknown: "Aucun compte client n'utilise cet e-mail",
  category: "Catégorie inconnue",
  limitBelowUses: (used: number) => `La limite totale ne peut pas être inférieure aux utilisations déjà faites (${used})`,
  notFound: "Code promo introuvable",
  usedCannotBeDeleted: "Ce code promo a déjà servi à des commandes : désactivez-le plutôt que de le supprimer",
} as const;

const text = (raw: unknown) => (typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw : "").trim();

/** Euros as typed ("10,5", "10.50") to cents without floating point; "" is null. */
function parseEuros(raw: unknown, options: { zeroAllowed: boolean }): { cents: number | null } | { error: string } {
  const value = text(raw).replace(/\s/g, "").replace(/€$/, "");
  if (value === "") return { cents: null };
  if (/^-/.test(value)) return { error: PROMO_FORM_MESSAGES.amountNegative };
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(value);
  if (!match) return { error: PROMO_FORM_MESSAGES.amountFormat };
  const [, whole, decimals = ""] = match;
  if (decimals.length > 2) return { error: PROMO_FORM_MESSAGES.amountDecimals };
  if (whole.replace(/^0+/, "").length > 9) return { error: PROMO_FORM_MESSAGES.amountTooLarge };
  const cents = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
  if (cents > PROMO_AMOUNT_MAX_CENTS) return { error: PROMO_FORM_MESSAGES.amountTooLarge };
  if (cents === 0 && !options.zeroAllowed) return { error: PROMO_FORM_MESSAGES.amountPositive };
  return { cents };
}

/** An optional whole number >= 1 ("" is null: no limit). */
const limitField = z
  .unknown()
  .optional()
  .transform((raw, ctx): number | null => {
    const value = text(raw);
    if (value === "") return null;
    if (/^-/.test(value)) {
      ctx.addIssue({ code: "custom", message: PROMO_FORM_MESSAGES.limitNegative });
      return z.NEVER;
    }
    if (!/^\d{1,7}$/.test(value) || Number(value) < 1 || Number(value) > PROMO_LIMIT_MAX) {
      ctx.addIssue({ code: "custom", message: PROMO_FORM_MESSAGES.limit });
      return z.NEVER;
    }
    return Number(value);
  });

const dayField = z
  .unknown()
  .optional()
  .transform((raw, ctx): string | null => {
    const value = text(raw);
    if (value === "") return null;
    if (!isRealDay(value)) {
      ctx.addIssue({ code: "custom", message: PROMO_FORM_MESSAGES.date });
      return z.NEVER;
    }
    return value;
  });

/**
 * The back-office form (create and edit). Amounts are typed in euros, dates as days (the code is
 * valid from the start of the first day to the end of the last, Paris time).
 */
export const PromoCodeFormSchema = z
  .object({
    code: z
      .unknown()
      .optional()
      .transform((raw, ctx) => {
        const code = normalizePromoCode(text(raw));
        if (code === "") ctx.addIssue({ code: "custom", message: PROMO_FORM_MESSAGES.codeRequired });
        else if (code.length < PROMO_CODE_MIN || code.length > PROMO_CODE_MAX) {
          ctx.addIssue({ code: "custom", message: PROMO_FORM_MESSAGES.codeLength });
        } else if (!/^[A-Z0-9_-]+$/.test(code)) ctx.addIssue({ code: "custom", message: PROMO_FORM_MESSAGES.codeCharacters });
        return code;
      }),
    description: z
      .unknown()
      .optional()
      .transform(text)
      .pipe(safeString().max(PROMO_DESCRIPTION_MAX, { error: PROMO_FORM_MESSAGES.descriptionTooLong }))
      .transform((v) => v || null),
    kind: z.enum(["percentage", "fixed"], { error: PROMO_FORM_MESSAGES.kind }),
    value: z.unknown().optional(),
    min_order: z
      .unknown()
      .optional()
      .transform((raw, ctx) => {
        const parsed = parseEuros(raw, { zeroAllowed: true });
        if ("error" in parsed) {
          ctx.addIssue({ code: "custom", message: parsed.error });
          return z.NEVER;
        }
        return parsed.cents ?? 0;
      }),
    starts_on: dayField,
    ends_on: dayField,
    usage_limit: limitField,
    per_customer_limit: limitField,
    customer_email: z
      .unknown()
      .optional()
      .transform((raw) => text(raw).toLowerCase())
      .pipe(z.union([z.literal(""), z.email({ error: PROMO_FORM_MESSAGES.email }).max(254, { error: PROMO_FORM_MESSAGES.email })]))
      .transform((v) => v || null),
    category_ids: z
      .array(z.uuid({ error: PROMO_FORM_MESSAGES.category }), { error: PROMO_FORM_MESSAGES.category })
      .max(100, { error: PROMO_FORM_MESSAGES.category })
      .optional()
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .transform((form, ctx) => {
    let percentOff: number | null = null;
    let amountOffCents: number | null = null;
    if (form.kind === "percentage") {
      const value = text(form.value);
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) {
        ctx.addIssue({ code: "custom", path: ["value"], message: PROMO_FORM_MESSAGES.percent });
      } else percentOff = Number(value);
    } else {
      const parsed = parseEuros(form.value, { zeroAllowed: false });
      if ("error" in parsed) ctx.addIssue({ code: "custom", path: ["value"], message: parsed.error });
      else if (parsed.cents === null) ctx.addIssue({ code: "custom", path: ["value"], message: PROMO_FORM_MESSAGES.amountRequired });
      else amountOffCents = parsed.cents;
    }
    if (form.starts_on && form.ends_on && form.ends_on < form.starts_on) {
      ctx.addIssue({ code: "custom", path: ["ends_on"], message: PROMO_FORM_MESSAGES.datesOrder });
    }
    const { value: _value, min_order, ...rest } = form;
    return { ...rest, min_order_cents: min_order, percent_off: percentOff, amount_off_cents: amountOffCents };
  });
export type PromoCodeFormInput = z.input<typeof PromoCodeFormSchema>;
export type PromoCodeDraft = z.output<typeof PromoCodeFormSchema>;
export type PromoFormField =
  | "code"
  | "description"
  | "kind"
  | "value"
  | "min_order"
  | "starts_on"
  | "ends_on"
  | "usage_limit"
  | "per_customer_limit"
  | "customer_email"
  | "category_ids";

/** The first message of each field. */
export function promoFormErrors(error: z.ZodError): Partial<Record<PromoFormField, string>> {
  const out: Partial<Record<PromoFormField, string>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "code") as PromoFormField;
    out[key] ??= issue.message;
  }
  return out;
}

/* -------------------------------------------------------------------------------------------- */
/* What the back-office shows                                                                     */
/* -------------------------------------------------------------------------------------------- */

export type AdminPromoCodeRow = {
  id: string;
  code: string;
  description: string | null;
  kind: "percentage" | "fixed";
  percent_off: number | null;
  amount_off_cents: number | null;
  min_order_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  used_count: number;
  per_customer_limit: number | null;
  customer_email: string | null;
  category_ids: string[];
  active: boolean;
  origin: "admin" | "newsletter_welcome";
  created_at: string;
  updated_at: string;
};
