import type { MessageKey, Translate } from "~/components/ui/i18n";
import { DEFAULT_SAMPLE_ALLOWANCES, type SampleAllowances } from "~/domain/samples/sample-allowances";
import {
  BEAUTY_PASS_EXPIRY_REMINDER_DAYS,
  BEAUTY_PASS_POINTS_PER_EURO,
  BEAUTY_PASS_POINTS_VALIDITY_MONTHS,
  BEAUTY_PASS_REDEEM_STEP_CENTS,
  BEAUTY_PASS_REDEEM_STEP_POINTS,
} from "~/lib/shop-rules";
import type { BeautyPassTierId } from "~/domain/loyalty/loyalty.rules";
import { pointsEarnedFor } from "~/domain/loyalty/loyalty.rules";
import { formatEuros } from "./shop-facts";

/**
 * Texts of the /beauty-pass page (spec back-office §2, §4, §9), built from the shop's constants
 * and worded in the page's language by `t` (decision 044). Amounts keep the shop's euro format.
 */

/** "1 point", "100 points", "1 000 points" (French singular below 2), in `t`'s language. */
export const formatBeautyPassPoints = (t: Translate, count: number) => t("shop.beautyPass.points", { count });

/** What each tier brings: Expert adds free express delivery once a month, VIP without limit. */
const TIER_BENEFIT_KEYS: Record<BeautyPassTierId, readonly MessageKey[]> = {
  lover: [
    "shop.beautyPass.benefit.pointPerEuro",
    "shop.beautyPass.benefit.conversion",
    "shop.beautyPass.benefit.samples",
    "shop.beautyPass.benefit.reminder",
  ],
  expert: ["shop.beautyPass.benefit.allLover", "shop.beautyPass.benefit.expressMonthly"],
  vip: ["shop.beautyPass.benefit.allExpert", "shop.beautyPass.benefit.expressUnlimited"],
};

export function tierBenefits(t: Translate, tier: BeautyPassTierId, samples: SampleAllowances = DEFAULT_SAMPLE_ALLOWANCES): string[] {
  const step = formatBeautyPassPoints(t, BEAUTY_PASS_REDEEM_STEP_POINTS);
  const values = {
    perEuro: BEAUTY_PASS_POINTS_PER_EURO,
    step,
    discount: formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS),
    days: BEAUTY_PASS_EXPIRY_REMINDER_DAYS,
    // The free samples per order, from Paramètres (decision 067).
    ...samples,
  };
  return TIER_BENEFIT_KEYS[tier].map((key) => t(key, values));
}

export const TIER_TAGLINE_KEYS: Record<BeautyPassTierId, MessageKey> = {
  lover: "shop.beautyPass.tagline.lover",
  expert: "shop.beautyPass.tagline.expert",
  vip: "shop.beautyPass.tagline.vip",
};

export type PointsExample = { order: string; detail?: string; points: string };

/** Worked examples: 1 point per whole euro; the part paid with points earns none. */
export function pointsExamples(t: Translate): PointsExample[] {
  const order = (cents: number) => t("shop.beautyPass.example.order", { amount: formatEuros(cents) });
  return [
    { order: order(4500), points: formatBeautyPassPoints(t, pointsEarnedFor(4500)) },
    { order: order(8990), detail: t("shop.beautyPass.example.cents"), points: formatBeautyPassPoints(t, pointsEarnedFor(8990)) },
    {
      order: order(12_000),
      detail: t("shop.beautyPass.example.paidWithPoints", {
        amount: formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS),
        points: formatBeautyPassPoints(t, BEAUTY_PASS_REDEEM_STEP_POINTS),
      }),
      points: formatBeautyPassPoints(t, pointsEarnedFor(12_000 - BEAUTY_PASS_REDEEM_STEP_CENTS)),
    },
  ];
}

/** The conversion table: 100 points = 10 €, 200 = 20 €, 500 = 50 €. */
export function conversionRows(t: Translate): { points: string; discount: string }[] {
  return [1, 2, 5].map((steps) => ({
    points: formatBeautyPassPoints(t, BEAUTY_PASS_REDEEM_STEP_POINTS * steps),
    discount: formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS * steps),
  }));
}

const RULE_KEYS: readonly MessageKey[] = [
  "shop.beautyPass.rule.credited",
  "shop.beautyPass.rule.validity",
  "shop.beautyPass.rule.redeem",
  "shop.beautyPass.rule.noPromoCode",
  "shop.beautyPass.rule.noPointsOnPoints",
  "shop.beautyPass.rule.tier",
];

export function beautyPassRules(t: Translate): string[] {
  const step = formatBeautyPassPoints(t, BEAUTY_PASS_REDEEM_STEP_POINTS);
  const values = { months: BEAUTY_PASS_POINTS_VALIDITY_MONTHS, days: BEAUTY_PASS_EXPIRY_REMINDER_DAYS, step };
  return RULE_KEYS.map((key) => t(key, values));
}
