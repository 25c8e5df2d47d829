/**
 * The Beauty Box's rules (docs/decisions/071-beauty-box.md), shared by its pages and the server:
 * months as 'YYYY-MM' (Paris), the charge day, the retry delays and the action forms.
 */
import { z } from "zod";

/** 29,90 € a month unless the shop's setting says otherwise. */
export const BEAUTY_BOX_DEFAULT_PRICE_CENTS = 2990;
/** Each month's box is charged from this day of the month (Paris), by the hourly job. */
export const BEAUTY_BOX_CHARGE_DAY = 1;
/** After a declined try, the next one comes this many days later; after the last, the month is unpaid. */
export const BEAUTY_BOX_RETRY_DELAYS_DAYS = [1, 2] as const;
export const BEAUTY_BOX_MAX_TRIES = BEAUTY_BOX_RETRY_DELAYS_DAYS.length + 1;
/** The right of withdrawal (Code de la consommation, L221-18), counted from the first box received. */
export const BEAUTY_BOX_WITHDRAWAL_DAYS = 14;
/** Most variants a month's box may hold (the back-office editor's limit). */
export const BEAUTY_BOX_MAX_CONTENT_LINES = 12;
/** The box ships within the French VAT territory only (mainland France, Corsica, Monaco). */
export const BEAUTY_BOX_TERRITORIES = ["mainland", "corsica", "monaco"] as const;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** "2026-12" plus `count` months: "2027-01" for 1. */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The first day of a month, for display: "2027-01" -> "2027-01-01". */
export const firstDayOf = (month: string) => `${month}-01`;

export const BOX_SUBSCRIPTION_STATUSES = ["active", "paused", "cancelled"] as const;
export type BoxSubscriptionStatus = (typeof BOX_SUBSCRIPTION_STATUSES)[number];
export const BOX_CHARGE_STATUSES = ["pending", "charging", "paid", "failed", "skipped", "cancelled"] as const;
export type BoxChargeStatus = (typeof BOX_CHARGE_STATUSES)[number];

const uuid = z.string().uuid();

/** The subscription page's form: a saved card and a saved address, and the terms accepted. */
export const BoxSubscribeSchema = z.object({
  intent: z.literal("subscribe"),
  payment_method_id: z.string().trim().max(64).default(""),
  address_id: z.string().trim().max(64).default(""),
  accept_terms: z.string().optional(),
});

/** 'Ma Beauty Box': one action on one's own subscription. */
export const BoxManageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("skip"), subscription_id: uuid, month: z.string().regex(MONTH_PATTERN) }),
  z.object({ intent: z.literal("unskip"), subscription_id: uuid, month: z.string().regex(MONTH_PATTERN) }),
  z.object({ intent: z.literal("pause"), subscription_id: uuid }),
  z.object({ intent: z.literal("resume"), subscription_id: uuid }),
  z.object({ intent: z.literal("change_card"), subscription_id: uuid, payment_method_id: z.string().trim().max(64) }),
  z.object({ intent: z.literal("change_address"), subscription_id: uuid, address_id: z.string().trim().max(64) }),
  z.object({ intent: z.literal("cancel"), subscription_id: uuid, reason: z.string().trim().max(500).optional() }),
]);
export type BoxManageInput = z.infer<typeof BoxManageSchema>;

/** The back-office's edition editor: a title and lines "variant id, quantity". */
export const BoxEditionSchema = z.object({
  intent: z.literal("save_edition"),
  month: z.string().regex(MONTH_PATTERN),
  title: z.string().trim().max(120).default(""),
  variant_id: z.array(z.string().trim()).default([]),
  quantity: z.array(z.coerce.number().int().min(0).max(10)).default([]),
});

/** What the shopper's pages show of a subscription. */
export type BoxSubscriptionView = {
  id: string;
  status: BoxSubscriptionStatus;
  price_cents: number;
  next_month: string;
  skipped_months: string[];
  payment_method_id: string | null;
  shipping_address: {
    first_name: string;
    last_name: string;
    street: string;
    postal_code: string;
    city: string;
    country: string;
  };
  created_at: string;
  cancelled_at: string | null;
};

export type BoxChargeView = {
  month: string;
  status: BoxChargeStatus;
  amount_cents: number;
  tries: number;
  order_id: string | null;
  order_number: string | null;
  last_error: string | null;
};

/** "2027-01" as the language writes it: "janvier 2027", "January 2027". */
export function formatBoxMonth(month: string, locale = "fr-FR"): string {
  const [year, m] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, m - 1, 15)));
}
