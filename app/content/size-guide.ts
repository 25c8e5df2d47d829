/**
 * Size guide content (/guide-tailles) and the perfume size calculator's rule. The tables are in
 * French here and in English in ./size-guide.en.ts; the page's loader sends one language.
 */

export type PerfumeSize = { size: string; description: string; usage: string; duration: string };
export type MakeupCapacity = { category: string; sizes: string; shelfLife: string; info: string };
export type SkincareCapacity = { type: string; sizes: string; usage: string; shelfLife: string };

/** Durations assume 3 sprays a day, 0,1 ml each (about 9 ml a month), as the calculator does. */
export const PERFUME_SIZES: readonly PerfumeSize[] = [
  {
    size: "15 ml",
    description: "Format miniature ou vaporisateur de voyage",
    usage: "Découvrir un parfum, le glisser dans un sac",
    duration: "Environ 1 mois et demi",
  },
  {
    size: "30 ml",
    description: "Petit flacon",
    usage: "Usage occasionnel ou parfum de saison",
    duration: "Environ 3 mois",
  },
  {
    size: "50 ml",
    description: "Format le plus courant",
    usage: "Usage quotidien d'un parfum déjà adopté",
    duration: "Environ 5 à 6 mois",
  },
  {
    size: "75 ml",
    description: "Flacon intermédiaire",
    usage: "Usage quotidien, bon rapport prix au millilitre",
    duration: "Environ 8 mois",
  },
  {
    size: "100 ml",
    description: "Grand flacon",
    usage: "Parfum signature porté tous les jours",
    duration: "Environ 11 mois",
  },
  {
    size: "150 ml",
    description: "Très grand format",
    usage: "Parfum signature, usage généreux ou partagé",
    duration: "Environ 16 mois",
  },
];

export const MAKEUP_CAPACITIES: readonly MakeupCapacity[] = [
  {
    category: "Mascara",
    sizes: "5 à 12 ml",
    shelfLife: "3 à 6 mois",
    info: "À remplacer plus tôt s'il sèche ou change d'odeur.",
  },
  {
    category: "Fond de teint",
    sizes: "30 ml",
    shelfLife: "12 mois",
    info: "Environ 3 à 4 mois d'usage quotidien.",
  },
  {
    category: "Rouge à lèvres",
    sizes: "3 à 4,5 g",
    shelfLife: "18 à 24 mois",
    info: "Rangé à l'abri de la chaleur.",
  },
  {
    category: "Poudres (teint, blush, fards)",
    sizes: "2 à 10 g",
    shelfLife: "24 mois",
    info: "Les textures sèches se conservent le plus longtemps.",
  },
  {
    category: "Eyeliner liquide",
    sizes: "2 à 5 ml",
    shelfLife: "6 mois",
    info: "Bien refermer après usage pour éviter qu'il ne sèche.",
  },
  {
    category: "Crayons (yeux, lèvres)",
    sizes: "1 à 1,5 g",
    shelfLife: "24 mois",
    info: "Taillez-les régulièrement pour une mine propre.",
  },
];

export const SKINCARE_CAPACITIES: readonly SkincareCapacity[] = [
  {
    type: "Crème visage",
    sizes: "50 ml",
    usage: "Environ 2 mois, matin et soir",
    shelfLife: "6 à 12 mois",
  },
  {
    type: "Sérum",
    sizes: "30 ml",
    usage: "Environ 2 à 3 mois, quelques gouttes par jour",
    shelfLife: "6 à 12 mois",
  },
  {
    type: "Contour des yeux",
    sizes: "15 ml",
    usage: "Environ 3 mois, matin et soir",
    shelfLife: "6 mois",
  },
  {
    type: "Nettoyant et démaquillant",
    sizes: "150 à 200 ml",
    usage: "Environ 2 à 3 mois",
    shelfLife: "12 mois",
  },
  {
    type: "Lotion tonique",
    sizes: "200 ml",
    usage: "Environ 3 mois",
    shelfLife: "12 mois",
  },
  {
    type: "Soin corps",
    sizes: "200 à 400 ml",
    usage: "Environ 1 à 2 mois en usage quotidien",
    shelfLife: "12 mois",
  },
];

/** The three tables of the page, in one language. */
export type SizeGuideTables = {
  perfumes: readonly PerfumeSize[];
  makeup: readonly MakeupCapacity[];
  skincare: readonly SkincareCapacity[];
};

export const SIZE_GUIDE_TABLES_FR: SizeGuideTables = { perfumes: PERFUME_SIZES, makeup: MAKEUP_CAPACITIES, skincare: SKINCARE_CAPACITIES };

/** Perfume calculator: 1 spray is about 0,1 ml, a month counts 30 days. */
export const ML_PER_SPRAY = 0.1;
export const DAYS_PER_MONTH = 30;
export const PERFUME_BOTTLE_SIZES_ML = [15, 30, 50, 75, 100, 150] as const;
export const CALCULATOR_SPRAYS = { min: 1, max: 20, default: 3 } as const;
export const CALCULATOR_MONTHS = { min: 1, max: 36, default: 6 } as const;

export type PerfumeSuggestion = {
  /** Millilitres needed: sprays × 30 × months × 0,1 ml. */
  neededMl: number;
  /** Smallest bottle covering the need; the largest bottle when none does. */
  suggestedMl: (typeof PERFUME_BOTTLE_SIZES_ML)[number];
  /** True when even the largest bottle is not enough. */
  exceedsLargest: boolean;
};

/** Smallest of 15/30/50/75/100/150 ml covering sprays a day for the given months. */
export function suggestPerfumeSize(spraysPerDay: number, months: number): PerfumeSuggestion {
  // Tenths of a millilitre keep the arithmetic exact (1 spray = 1 tenth).
  const neededTenths = Math.round(spraysPerDay * DAYS_PER_MONTH * months * (ML_PER_SPRAY * 10));
  const neededMl = neededTenths / 10;
  const fitting = PERFUME_BOTTLE_SIZES_ML.find((ml) => ml * 10 >= neededTenths);
  const largest = PERFUME_BOTTLE_SIZES_ML[PERFUME_BOTTLE_SIZES_ML.length - 1];
  return { neededMl, suggestedMl: fitting ?? largest, exceedsLargest: fitting === undefined };
}
