import { GIFT_CARD_POPULAR_AMOUNT_CENTS, GIFT_CARD_PRESET_AMOUNTS_CENTS } from "~/lib/shop-rules";
import type { GiftCardOccasion } from "./gift-card.rules";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * The preset amounts and occasions of the configurator (spec back-office §3 and §9), with the French
 * labels the server and the e-mails use; pages word them through the catalogs (decision 044).
 */

export type GiftCardPreset = { amountCents: number; popular: boolean; description: string };

const PRESET_DESCRIPTIONS: Record<number, string> = {
  2500: SHOP_MESSAGES.littleSomething,
  5000: SHOP_MESSAGES.mostGiven,
  7500: SHOP_MESSAGES.exceptionalSkincareProductLipstick,
  10_000: SHOP_MESSAGES.signaturePerfume,
  15_000: SHOP_MESSAGES.completeBeautyRoutine,
  20_000: SHOP_MESSAGES.heightLuxury,
};

export const GIFT_CARD_PRESETS: readonly GiftCardPreset[] = GIFT_CARD_PRESET_AMOUNTS_CENTS.map((amountCents) => ({
  amountCents,
  popular: amountCents === GIFT_CARD_POPULAR_AMOUNT_CENTS,
  description: PRESET_DESCRIPTIONS[amountCents] ?? "",
}));

export const GIFT_CARD_OCCASION_LABELS: Record<GiftCardOccasion, { name: string; emoji: string }> = {
  anniversaire: { name: "Anniversaire", emoji: "🎂" },
  "saint-valentin": { name: "Saint-Valentin", emoji: "💝" },
  "fete-des-meres": { name: "Fête des Mères", emoji: "💐" },
  noel: { name: "Noël", emoji: "🎄" },
  "remise-de-diplome": { name: "Remise de diplôme", emoji: "🎓" },
  mariage: { name: "Mariage", emoji: "💍" },
  "juste-pour-le-plaisir": { name: "Juste pour le plaisir", emoji: "✨" },
};

const wholeEuros = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** 5000 -> "50 €": preset amounts are whole euros, shown without decimals. */
export function formatWholeEuros(cents: number): string {
  return wholeEuros.format(cents / 100);
}
