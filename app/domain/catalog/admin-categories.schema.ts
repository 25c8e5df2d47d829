/** Back-office categories: the create/rename form and the shapes the page shows (isomorphic). */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { CATEGORY_NAME_MAX } from "~/lib/shop-rules";

export const CATEGORY_NAME_REQUIRED_MESSAGE = "Le nom de la catégorie est requis";
export const CATEGORY_NAME_TOO_LONG_MESSAGE = `Le nom de la catégorie ne doit pas dépasser ${CATEGORY_NAME_MAX} caractères`;
export const CATEGORY_NAME_TAKEN_MESSAGE = "Une catégorie porte déjà ce nom";
export const CATEGORY_NAME_UNUSABLE_MESSAGE = "Le nom de la catégorie doit contenir au moins une lettre ou un chiffre";
export const CATEGORY_NOT_FOUND_MESSAGE = "Catégorie introuvable";
/** Spec back-office §8, word for word. */
export const CATEGORY_HAS_PRODUCTS_MESSAGE = "Impossible de supprimer une catégorie qui contient des produits";

export const CategoryNameSchema = z.object({
  name: text({ error: CATEGORY_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: CATEGORY_NAME_REQUIRED_MESSAGE })
    .max(CATEGORY_NAME_MAX, { error: CATEGORY_NAME_TOO_LONG_MESSAGE }),
});

export const CategoryIdSchema = z.object({
  categoryId: text({ error: CATEGORY_NOT_FOUND_MESSAGE }).min(1, { error: CATEGORY_NOT_FOUND_MESSAGE }),
});

/**
 * The URL form of a name, as the seeded categories have it ("Soins visage" -> "soins-visage"):
 * accents folded, lower case, runs of anything else turned into one hyphen.
 */
export function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

export type AdminCategoryRow = {
  id: string;
  name: string;
  slug: string;
  product_count: number;
};
