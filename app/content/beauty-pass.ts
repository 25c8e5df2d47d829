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

/** Texts of the /beauty-pass page (spec back-office §2, §4, §9), built from the shop's constants. */

const points = (n: number) => `${n.toLocaleString("fr-FR")} point${n >= 2 ? "s" : ""}`;

/** What each tier brings: Expert adds free express delivery once a month, VIP without limit. */
export const TIER_BENEFITS: Record<BeautyPassTierId, readonly string[]> = {
  lover: [
    `${BEAUTY_PASS_POINTS_PER_EURO} point par euro dépensé, crédité à la livraison de votre commande`,
    `${points(BEAUTY_PASS_REDEEM_STEP_POINTS)} = ${formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS)} de réduction, dès ${points(BEAUTY_PASS_REDEEM_STEP_POINTS)}`,
    "Des échantillons surprises dans vos colis",
    `Un rappel ${BEAUTY_PASS_EXPIRY_REMINDER_DAYS} jours avant l'expiration de vos points`,
  ],
  expert: ["Tous les avantages Beauty Lover", "La livraison express offerte une fois par mois"],
  vip: ["Tous les avantages Beauty Expert", "La livraison express offerte en illimité"],
};

export const TIER_TAGLINES: Record<BeautyPassTierId, string> = {
  lover: "Votre Beauty Pass dès la création de votre compte.",
  expert: "Pour les habituées de nos rayons.",
  vip: "Nos clientes les plus fidèles.",
};

export type PointsExample = { order: string; detail?: string; points: string };

/** Worked examples: 1 point per whole euro; the part paid with points earns none. */
export const POINTS_EXAMPLES: readonly PointsExample[] = [
  { order: `Commande de ${formatEuros(4500)}`, points: points(pointsEarnedFor(4500)) },
  { order: `Commande de ${formatEuros(8990)}`, detail: "les centimes ne comptent pas", points: points(pointsEarnedFor(8990)) },
  {
    order: `Commande de ${formatEuros(12_000)}`,
    detail: `dont ${formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS)} réglés avec ${points(BEAUTY_PASS_REDEEM_STEP_POINTS)}`,
    points: points(pointsEarnedFor(12_000 - BEAUTY_PASS_REDEEM_STEP_CENTS)),
  },
];

/** The conversion table: 100 points = 10 €, 200 = 20 €, 500 = 50 €. */
export const CONVERSION_ROWS: readonly { points: string; discount: string }[] = [1, 2, 5].map((steps) => ({
  points: points(BEAUTY_PASS_REDEEM_STEP_POINTS * steps),
  discount: formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS * steps),
}));

export const BEAUTY_PASS_RULES: readonly string[] = [
  "Vos points sont crédités lorsque votre commande passe au statut « Livrée ».",
  `Les points sont valables ${BEAUTY_PASS_POINTS_VALIDITY_MONTHS} mois après leur attribution ; nous vous prévenons ${BEAUTY_PASS_EXPIRY_REMINDER_DAYS} jours avant leur expiration.`,
  `Ils s'utilisent dès ${points(BEAUTY_PASS_REDEEM_STEP_POINTS)}, par tranches de ${points(BEAUTY_PASS_REDEEM_STEP_POINTS)}, au moment de la commande.`,
  "Une réduction Beauty Pass ne se cumule pas avec un code promo.",
  "La part d'une commande réglée avec des points ne rapporte pas de nouveaux points.",
  "Votre niveau suit votre solde de points.",
];
