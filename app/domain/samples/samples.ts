/**
 * Free samples chosen at checkout (docs/decisions/067-samples.md): how many a shopper may choose
 * by Beauty Pass tier, the order request's field, the back-office forms, and the shapes the pages
 * show. Isomorphic: the checkout checks the choice in the browser, the server checks it again.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { formatMessage } from "~/domain/messages/format";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import type { BeautyPassTierId } from "~/domain/loyalty/loyalty.rules";

import type { SampleAllowances } from "./sample-allowances";

/** A parcel holds a handful of samples: no setting above this, and no request carrying more ids. */
export const SAMPLE_ALLOWANCE_MAX = 10;

/** The number of samples a shopper of this tier may choose. */
export function sampleAllowanceFor(allowances: SampleAllowances, tier: BeautyPassTierId): number {
  if (tier === "vip") return allowances.vip;
  if (tier === "expert") return allowances.expert;
  return allowances.base;
}

/** The order request's `sample_ids`: distinct ids of active samples, at most the allowance (checked on the server). */
export const SampleIdsSchema = z
  .array(z.uuid({ error: CHECKOUT_MESSAGES.sampleIdsInvalid }), { error: CHECKOUT_MESSAGES.sampleIdsInvalid })
  .max(SAMPLE_ALLOWANCE_MAX, { error: formatMessage(CHECKOUT_MESSAGES.sampleOverAllowance, { max: SAMPLE_ALLOWANCE_MAX }) });

/** The refusal of a choice above the allowance, with the allowance in it. */
export function overAllowanceMessage(max: number): string {
  return formatMessage(CHECKOUT_MESSAGES.sampleOverAllowance, { max });
}

/** The French reason a choice is refused before any order is written; null when it is fine. */
export function sampleChoiceProblem(
  chosen: readonly string[],
  offered: readonly { id: string; name: string; stock_quantity: number }[],
  allowance: number,
): { code: "sample_unknown" | "sample_duplicate" | "sample_over_allowance" | "sample_out_of_stock"; message: string } | null {
  if (new Set(chosen).size !== chosen.length) return { code: "sample_duplicate", message: CHECKOUT_MESSAGES.sampleChosenTwice };
  if (chosen.length > allowance) return { code: "sample_over_allowance", message: overAllowanceMessage(allowance) };
  const byId = new Map(offered.map((s) => [s.id, s]));
  for (const id of chosen) {
    const sample = byId.get(id);
    if (!sample) return { code: "sample_unknown", message: CHECKOUT_MESSAGES.sampleUnknown };
    if (sample.stock_quantity < 1) {
      return { code: "sample_out_of_stock", message: formatMessage(CHECKOUT_MESSAGES.sampleOutOfStock, { name: sample.name }) };
    }
  }
  return null;
}

/** A sample the checkout offers: active and in stock. */
export type SampleOption = { id: string; name: string; brand: string; description: string; image_url: string | null };

/** The checkout's choice: how many the shopper may take, and which ones are offered now. */
export type SampleOffer = { allowance: number; samples: SampleOption[] };

/** A sample on an order (always 0 €); `added: false` when it ran out between the quote and the payment. */
export type OrderSampleView = { name: string; brand: string; added: boolean };

/* -------------------------------------------------------------------------------------------- */
/* Back-office                                                                                    */
/* -------------------------------------------------------------------------------------------- */

export const SAMPLE_NAME_MAX = 80;
export const SAMPLE_BRAND_MAX = 60;
export const SAMPLE_DESCRIPTION_MAX = 200;
export const SAMPLE_STOCK_MAX = 1_000_000;

export const SAMPLE_NAME_REQUIRED_MESSAGE = "Le nom de l'échantillon est requis";
export const SAMPLE_NAME_TOO_LONG_MESSAGE = `Le nom de l'échantillon ne doit pas dépasser ${SAMPLE_NAME_MAX} caractères`;
export const SAMPLE_BRAND_REQUIRED_MESSAGE = "La marque de l'échantillon est requise";
export const SAMPLE_BRAND_TOO_LONG_MESSAGE = `La marque ne doit pas dépasser ${SAMPLE_BRAND_MAX} caractères`;
export const SAMPLE_DESCRIPTION_TOO_LONG_MESSAGE = formatMessage(ACCOUNT_MESSAGES.descriptionMaxLength, { max: SAMPLE_DESCRIPTION_MAX });
export const SAMPLE_IMAGE_URL_MESSAGE = "L'adresse de l'image doit commencer par https:// ou /";
export const SAMPLE_STOCK_MESSAGE = `Le stock doit être un nombre entier entre 0 et ${SAMPLE_STOCK_MAX.toLocaleString("fr-FR")}`;
export const SAMPLE_STOCK_CHANGE_MESSAGE = "Indiquez un nombre entier d'unités à ajouter ou à retirer (par exemple 20 ou -5)";
export const SAMPLE_STOCK_NEGATIVE_MESSAGE = "Le stock ne peut pas devenir négatif";
export const SAMPLE_SORT_MESSAGE = "L'ordre d'affichage doit être un nombre entier entre 0 et 9 999";
export const SAMPLE_NOT_FOUND_MESSAGE = "Échantillon introuvable";
export const SAMPLE_ALLOWANCE_MESSAGE = `Indiquez un nombre entier d'échantillons entre 0 et ${SAMPLE_ALLOWANCE_MAX}`;

/** An integer typed in a form field (a string) or sent as a number; anything else fails the integer check. */
const integerField = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" && /^[+-]?\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: message }).int({ error: message }),
  );

/** The create and edit form of a sample. */
export const SampleFormSchema = z.object({
  name: text({ error: SAMPLE_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: SAMPLE_NAME_REQUIRED_MESSAGE })
    .max(SAMPLE_NAME_MAX, { error: SAMPLE_NAME_TOO_LONG_MESSAGE }),
  brand: text({ error: SAMPLE_BRAND_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: SAMPLE_BRAND_REQUIRED_MESSAGE })
    .max(SAMPLE_BRAND_MAX, { error: SAMPLE_BRAND_TOO_LONG_MESSAGE }),
  description: text({ error: SAMPLE_DESCRIPTION_TOO_LONG_MESSAGE })
    .trim()
    .max(SAMPLE_DESCRIPTION_MAX, { error: SAMPLE_DESCRIPTION_TOO_LONG_MESSAGE })
    .optional()
    .default(""),
  image_url: text({ error: SAMPLE_IMAGE_URL_MESSAGE })
    .trim()
    .max(500, { error: SAMPLE_IMAGE_URL_MESSAGE })
    .refine((v) => v === "" || /^https:\/\/[^\s"'<>]+$/.test(v) || /^\/[^\s"'<>/][^\s"'<>]*$/.test(v), { error: SAMPLE_IMAGE_URL_MESSAGE })
    .optional()
    .default(""),
  stock_quantity: integerField(SAMPLE_STOCK_MESSAGE).pipe(
    z.number().min(0, { error: SAMPLE_STOCK_MESSAGE }).max(SAMPLE_STOCK_MAX, { error: SAMPLE_STOCK_MESSAGE }),
  ),
  sort_order: integerField(SAMPLE_SORT_MESSAGE)
    .pipe(z.number().min(0, { error: SAMPLE_SORT_MESSAGE }).max(9_999, { error: SAMPLE_SORT_MESSAGE }))
    .optional()
    .default(0),
});
export type SampleFormValues = z.output<typeof SampleFormSchema>;

/** "Ajuster le stock": units added (positive) or taken out (negative). */
export const SampleStockChangeSchema = z.object({
  change: integerField(SAMPLE_STOCK_CHANGE_MESSAGE).pipe(
    z
      .number()
      .min(-SAMPLE_STOCK_MAX, { error: SAMPLE_STOCK_CHANGE_MESSAGE })
      .max(SAMPLE_STOCK_MAX, { error: SAMPLE_STOCK_CHANGE_MESSAGE })
      .refine((n) => n !== 0, { error: SAMPLE_STOCK_CHANGE_MESSAGE }),
  ),
});

export const SampleIdSchema = z.object({ sampleId: z.uuid({ error: SAMPLE_NOT_FOUND_MESSAGE }) });

const allowanceField = integerField(SAMPLE_ALLOWANCE_MESSAGE).pipe(
  z.number().min(0, { error: SAMPLE_ALLOWANCE_MESSAGE }).max(SAMPLE_ALLOWANCE_MAX, { error: SAMPLE_ALLOWANCE_MESSAGE }),
);

/** Paramètres' "Échantillons offerts": the number per tier. */
export const SampleAllowancesSchema = z.object({ base: allowanceField, expert: allowanceField, vip: allowanceField });

/** A sample as the back-office lists it. */
export type AdminSampleRow = {
  id: string;
  name: string;
  brand: string;
  description: string;
  image_url: string | null;
  stock_quantity: number;
  active: boolean;
  sort_order: number;
};
