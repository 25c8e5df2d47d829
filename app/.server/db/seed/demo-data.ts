/**
 * The demo catalogue: six categories and hand-written products with invented brands.
 * Pure data plus a builder; the insertion lives in demo.ts and the bench generator
 * (bench/seed-products.ts) reuses the same vocabulary. Relative imports only: this module
 * also runs under tsx, which does not know the "~" alias.
 */
import { productArtPath, type ArtShape } from "../../media/product-art";
import type { ProductAttributes } from "../schema/catalog";
import { careDetails } from "./demo-care";
import { DEMO_SET_NAME } from "./demo-sets";

export type CategorySlug = "parfums" | "soins-visage" | "maquillage" | "accessoires" | "soins-corps" | "cheveux";

export type DemoCategory = { slug: CategorySlug; name: string; description: string; position: number };

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: "parfums",
    name: "Parfums",
    description:
      "Eaux de parfum, eaux de toilette et brumes composées à Grasse et ailleurs en France. Des signatures florales, boisées ou gourmandes pour chaque envie.",
    position: 1,
  },
  {
    slug: "soins-visage",
    name: "Soins Visage",
    description:
      "Crèmes, sérums et nettoyants pour prendre soin de chaque type de peau, matin et soir. Des formules efficaces, souvent bio et vegan.",
    position: 2,
  },
  {
    slug: "maquillage",
    name: "Maquillage",
    description:
      "Teint, yeux, lèvres et ongles : des textures confortables et des couleurs qui tiennent. Plus de 40 teintes de fond de teint pour toutes les carnations.",
    position: 3,
  },
  {
    slug: "accessoires",
    name: "Accessoires",
    description:
      "Pinceaux, trousses, bougies parfumées et petits indispensables pour une routine beauté soignée, à la maison comme en voyage.",
    position: 4,
  },
  {
    slug: "soins-corps",
    name: "Soins Corps",
    description:
      "Laits, huiles, gommages et savons pour une peau douce et nourrie de la tête aux pieds. Des parfums délicats et des textures fondantes.",
    position: 5,
  },
  {
    slug: "cheveux",
    name: "Cheveux",
    description:
      "Shampooings, masques et soins sans rinçage pour des cheveux forts et brillants. Des formules adaptées à chaque nature de cheveux.",
    position: 6,
  },
];

/** Three letters per category in the SKU: AUR-PAR-001. */
export const CATEGORY_SKU_CODES: Record<CategorySlug, string> = {
  parfums: "PAR",
  "soins-visage": "VIS",
  maquillage: "MAQ",
  accessoires: "ACC",
  "soins-corps": "COR",
  cheveux: "CHE",
};

/** Invented houses: none of these is a real trademark. */
export const DEMO_BRANDS = [
  "Maison Célestine",
  "Atelier Ondine",
  "Lumière de Grasse",
  "Belle Rive",
  "Nuit Dorée",
  "Verveine & Co",
  "Clair de Lune Paris",
  "Pétale de Sel",
  "Rivage Sauvage",
  "Savonnerie Lavandine",
  "Éclat d'Opale",
  "Les Ateliers Mirabelle",
] as const;

export type DemoBrand = (typeof DEMO_BRANDS)[number];

/** What each house stands for, shown on its brand page. */
export const DEMO_BRAND_DESCRIPTIONS: Record<DemoBrand, string> = {
  "Maison Célestine":
    "Maison parisienne fondée autour d'un atelier de parfumerie, Célestine compose des fragrances poudrées et des soins au teint lumineux.",
  "Atelier Ondine":
    "Des soins et des outils de maquillage pensés comme des objets du quotidien : textures fondantes, actifs hydratants, fibres vegan.",
  "Lumière de Grasse":
    "Née au pays des fleurs à parfum, la marque distille fleur d'oranger, néroli et jasmin dans des brumes, des soins et un maquillage lumineux.",
  "Belle Rive":
    "Une marque inclusive venue des bords de Loire : des teintes pour toutes les carnations et des soins simples pour toute la famille.",
  "Nuit Dorée": "Des parfums ambrés et des palettes aux reflets dorés pour les soirées, composés comme des bijoux.",
  "Verveine & Co": "Des formules courtes et fraîches à la verveine, au citron et aux plantes aromatiques, fabriquées dans la Drôme.",
  "Clair de Lune Paris":
    "Le rouge à lèvres et le parfum de caractère à la parisienne : couleurs intenses, flacons sobres, tenue sans compromis.",
  "Pétale de Sel": "Une marque bretonne zéro déchet : shampooings et soins solides, formules vegan et emballages compostables.",
  "Rivage Sauvage": "Des soins du corps au monoï, à l'huile de coco et aux algues, inspirés des côtes atlantiques et des îles.",
  "Savonnerie Lavandine": "Une savonnerie provençale qui saponifie à froid ses savons surgras et cultive la lavande qui les parfume.",
  "Éclat d'Opale": "Teint, correcteurs et enlumineurs aux pigments nacrés : la marque du fini lumineux et de la couvrance modulable.",
  "Les Ateliers Mirabelle":
    "Des accessoires et des soins capillaires faits en Lorraine, où la mirabelle parfume bougies et gelées coiffantes.",
};

/** One option of a product as written below: a size, a shade, or both. */
export type DemoVariantSeed = {
  size?: string;
  shade?: string;
  /** Swatch colour, "#rrggbb" in lower case. */
  shadeHex?: string;
  priceCents: number;
  /** Set only for a variant on sale: the crossed-out price, higher than priceCents. */
  originalPriceCents?: number;
  stock: number;
};

type DemoProductBase = {
  name: string;
  brand: DemoBrand;
  description: string;
  rating: number;
  reviewCount: number;
  featured?: boolean;
  tags: string[];
  attributes: ProductAttributes;
  /** Artwork: shape, primary colour, background colour (hex without "#"). */
  art: [ArtShape, string, string];
};

/**
 * A product sold in one format carries its own price and stock; a product sold in several sizes
 * or shades lists them, and its price and stock are the variants' roll-ups.
 */
export type DemoProductSeed = DemoProductBase &
  (
    | {
        priceCents: number;
        /** Set only for products on sale: the crossed-out price, higher than priceCents. */
        originalPriceCents?: number;
        stock: number;
        variants?: undefined;
      }
    | { variants: DemoVariantSeed[]; priceCents?: undefined; originalPriceCents?: undefined; stock?: undefined }
  );

/** Sizes of one product, smallest first: [size, price, stock, crossed-out price when on sale]. */
function sizes(...list: [size: string, priceCents: number, stock: number, originalPriceCents?: number][]): DemoVariantSeed[] {
  return list.map(([size, priceCents, stock, originalPriceCents]) => ({ size, priceCents, stock, originalPriceCents }));
}

/** Shades of one product at one price: [name, swatch, stock]. */
function shades(
  priceCents: number,
  originalPriceCents: number | null,
  list: [shade: string, shadeHex: string, stock: number][],
): DemoVariantSeed[] {
  return list.map(([shade, shadeHex, stock]) => ({
    shade,
    shadeHex,
    priceCents,
    originalPriceCents: originalPriceCents ?? undefined,
    stock,
  }));
}

const PARFUMS: DemoProductSeed[] = [
  {
    name: "Eau de Parfum Rose Poudrée",
    brand: "Maison Célestine",
    description:
      "Un bouquet de rose de mai et d'iris poudré, posé sur un fond de musc blanc. Une signature tendre et lumineuse qui accompagne la peau toute la journée.",
    variants: sizes(["30 ml", 6700, 18, 9000], ["50 ml", 8900, 42, 11900], ["100 ml", 13000, 9, 17400]),
    rating: 4.7,
    reviewCount: 312,
    featured: true,
    tags: ["floral", "poudré", "rose"],
    attributes: { usage: "Sur les points de pulsation" },
    art: ["perfume", "e8a0b4", "f8ecee"],
  },
  {
    name: "Eau de Parfum Ambre Nocturne",
    brand: "Nuit Dorée",
    description: "Ambre chaud, vanille de Madagascar et fève tonka pour un sillage envoûtant. Un parfum du soir, profond et enveloppant.",
    variants: sizes(["50 ml", 8800, 25], ["100 ml", 12900, 18]),
    rating: 4.8,
    reviewCount: 527,
    featured: true,
    tags: ["oriental", "ambré", "vanillé", "longue tenue"],
    attributes: { usage: "Le soir" },
    art: ["perfume", "c47a2c", "fdf3e7"],
  },
  {
    name: "Eau de Toilette Néroli Solaire",
    brand: "Lumière de Grasse",
    description:
      "Fleur d'oranger, bergamote de Calabre et une touche de sel marin. Une fraîcheur méditerranéenne à vaporiser sans compter.",
    variants: sizes(["30 ml", 3600, 12, 4200], ["75 ml", 5900, 10, 6900]),
    rating: 4.5,
    reviewCount: 148,
    tags: ["hespéridé", "frais", "floral"],
    attributes: {},
    art: ["perfume", "f2a93b", "fff6e5"],
  },
  {
    name: "Eau de Parfum Figue Sauvage",
    brand: "Rivage Sauvage",
    description: "Feuille de figuier, lait de figue et bois de cèdre composent un parfum vert et solaire, inspiré des étés corses.",
    variants: sizes(["30 ml", 5600, 20], ["50 ml", 7400, 65], ["100 ml", 10800, 14]),
    rating: 4.4,
    reviewCount: 96,
    tags: ["vert", "boisé", "fruité"],
    attributes: {},
    art: ["perfume", "7a8450", "f1f3e8"],
  },
  {
    name: "Eau de Parfum Iris Absolu",
    brand: "Maison Célestine",
    description:
      "Un iris de Florence d'une grande élégance, adouci par la violette et le bois de santal. Le format idéal pour le sac à main.",
    variants: sizes(["30 ml", 6200, 7], ["50 ml", 8200, 12], ["100 ml", 12000, 0]),
    rating: 4.6,
    reviewCount: 83,
    tags: ["poudré", "floral", "iris"],
    attributes: {},
    art: ["perfume", "9b87c4", "f3eef8"],
  },
  {
    name: "Extrait de Parfum Oud Impérial",
    brand: "Nuit Dorée",
    description: "Bois de oud, safran et rose de Taïf : un extrait concentré, réservé aux amateurs de parfums intenses.",
    variants: sizes(["30 ml", 9000, 0, 11300], ["50 ml", 11900, 4, 14900]),
    rating: 4.9,
    reviewCount: 64,
    tags: ["boisé", "oriental", "épicé", "longue tenue"],
    attributes: { usage: "Le soir" },
    art: ["perfume", "5a3424", "f4ede4"],
  },
  {
    name: "Eau de Parfum Fleur de Coton",
    brand: "Belle Rive",
    description:
      "L'odeur du linge propre séché au soleil : aldéhydes, fleur de coton et muscs doux. Un parfum réconfortant pour tous les jours.",
    variants: sizes(["50 ml", 4700, 60], ["100 ml", 6900, 120]),
    rating: 4.3,
    reviewCount: 211,
    tags: ["frais", "musqué", "propre"],
    attributes: {},
    art: ["perfume", "8fb3d6", "f2f6fa"],
  },
  {
    name: "Eau de Parfum Jasmin Nuit d'Été",
    brand: "Lumière de Grasse",
    description: "Jasmin sambac cueilli à la main, tubéreuse et une pointe de mandarine. Un floral blanc solaire et sensuel.",
    variants: sizes(["30 ml", 6300, 0, 7500], ["50 ml", 8400, 0, 9900]),
    rating: 4.6,
    reviewCount: 174,
    tags: ["floral", "fleurs blanches", "solaire"],
    attributes: {},
    art: ["perfume", "e2c46a", "fbf7e9"],
  },
  {
    name: "Eau de Cologne Verveine Citronnée 200 ml",
    brand: "Verveine & Co",
    description: "Une cologne vivifiante à la verveine, au citron et à la menthe poivrée. À vaporiser généreusement après la douche.",
    priceCents: 3900,
    stock: 88,
    rating: 4.2,
    reviewCount: 57,
    tags: ["hespéridé", "frais", "unisexe"],
    attributes: { size: "200 ml", usage: "Après la douche" },
    art: ["perfume", "a8c66c", "f3f8ea"],
  },
  {
    name: "Eau de Parfum Vanille Caramel",
    brand: "Clair de Lune Paris",
    description:
      "Une vanille gourmande nappée de caramel au beurre salé et de praline. Gourmande sans être sucrée, réconfortante à souhait.",
    variants: sizes(["30 ml", 4100, 15, 5400], ["50 ml", 5400, 10, 7200], ["100 ml", 7900, 22, 10500]),
    rating: 4.4,
    reviewCount: 389,
    tags: ["gourmand", "vanillé", "réconfortant"],
    attributes: {},
    art: ["perfume", "d9a066", "fbf1e6"],
  },
  {
    name: "Eau de Parfum Cèdre & Cuir",
    brand: "Atelier Ondine",
    description: "Cèdre de l'Atlas, cuir souple et poivre noir pour un boisé élégant. Un parfum de caractère, à partager.",
    variants: sizes(["50 ml", 6700, 19], ["100 ml", 9800, 33]),
    rating: 4.5,
    reviewCount: 122,
    tags: ["boisé", "cuir", "épicé", "unisexe"],
    attributes: {},
    art: ["perfume", "6e4b3a", "f3eee9"],
  },
  {
    name: "Brume Parfumée Fleur d'Oranger 100 ml",
    brand: "Pétale de Sel",
    description:
      "Une brume légère pour le corps et les cheveux, à la fleur d'oranger et au musc blanc. Une fraîcheur délicate, sans alcool.",
    priceCents: 2490,
    stock: 3,
    rating: 4.1,
    reviewCount: 45,
    tags: ["floral", "léger", "sans alcool"],
    attributes: { size: "100 ml" },
    art: ["perfume", "f0a77c", "fdf5ee"],
  },
  {
    name: "Eau de Parfum Pivoine Rosée",
    brand: "Belle Rive",
    description: "Pivoine, litchi et rose fraîche pour un bouquet pétillant et romantique.",
    variants: sizes(["30 ml", 4500, 51, 5900], ["50 ml", 6000, 24, 7800]),
    rating: 4.3,
    reviewCount: 138,
    tags: ["floral", "fruité", "rose"],
    attributes: {},
    art: ["perfume", "ec7f9c", "fdeef2"],
  },
  {
    name: "Eau de Parfum Lavande Bleue",
    brand: "Savonnerie Lavandine",
    description: "Lavande de Haute-Provence, sauge sclarée et fève tonka : une lavande chic et apaisante, loin des clichés.",
    variants: sizes(["50 ml", 6400, 27], ["100 ml", 9400, 11]),
    rating: 4.4,
    reviewCount: 71,
    tags: ["aromatique", "lavande", "apaisant"],
    attributes: {},
    art: ["perfume", "8e7cc3", "f1eef9"],
  },
  {
    name: "Coffret Découverte Eaux de Parfum 5 × 10 ml",
    brand: "Maison Célestine",
    description:
      "Cinq miniatures pour découvrir la collection de la Maison : Rose Poudrée, Iris Absolu, Ambre, Néroli et Figue. Un cadeau idéal.",
    priceCents: 4900,
    stock: 8,
    rating: 4.8,
    reviewCount: 96,
    tags: ["coffret", "cadeau", "découverte"],
    attributes: { size: "5 × 10 ml" },
    art: ["perfume", "c9a227", "f7f1e1"],
  },
];

const SOINS_VISAGE: DemoProductSeed[] = [
  {
    name: "Crème Hydratante Intense",
    brand: "Atelier Ondine",
    description:
      "Une crème riche à l'acide hyaluronique et au beurre de karité qui hydrate la peau pendant 48 heures. Sa texture fondante ne laisse aucun film gras.",
    variants: sizes(["15 ml", 1700, 40, 2200], ["50 ml", 3290, 76, 4200]),
    rating: 4.7,
    reviewCount: 458,
    featured: true,
    tags: ["hydratant", "peau sèche", "karité"],
    attributes: { skin_type: "seche", usage: "Matin et soir" },
    art: ["jar", "d98c8c", "fbeeed"],
  },
  {
    name: "Sérum Éclat Vitamine C",
    brand: "Clair de Lune Paris",
    description:
      "Un sérum concentré à 15 % de vitamine C stabilisée qui ravive l'éclat du teint et estompe les taches. À appliquer le matin avant la crème.",
    priceCents: 3900,
    stock: 9,
    rating: 4.6,
    reviewCount: 587,
    featured: true,
    tags: ["éclat", "anti-taches", "vitamine C"],
    attributes: { size: "30 ml", skin_type: "tous-types", usage: "Le matin" },
    art: ["serum", "e89b2f", "fff4e3"],
  },
  {
    name: "Crème de Nuit Régénérante",
    brand: "Maison Célestine",
    description:
      "Enrichie en rétinol végétal et en huile de rose musquée, elle lisse les traits pendant le sommeil. Au réveil, la peau est reposée et repulpée.",
    priceCents: 4590,
    stock: 34,
    rating: 4.5,
    reviewCount: 201,
    tags: ["anti-âge", "nuit", "régénérant"],
    attributes: { size: "50 ml", skin_type: "normale", usage: "Le soir" },
    art: ["jar", "6b2d5c", "f4ecf2"],
  },
  {
    name: "Gel Nettoyant Purifiant",
    brand: "Verveine & Co",
    description: "Un gel moussant doux au zinc et à l'extrait de thé vert qui élimine l'excès de sébum sans dessécher.",
    priceCents: 1490,
    stock: 140,
    rating: 4.3,
    reviewCount: 176,
    tags: ["purifiant", "peau grasse", "vegan"],
    attributes: { size: "200 ml", skin_type: "grasse", usage: "Matin et soir" },
    art: ["pump", "7fb08a", "eef6ef"],
  },
  {
    name: "Eau Micellaire Apaisante",
    brand: "Belle Rive",
    description:
      "Démaquille et apaise en un seul geste grâce à l'eau de bleuet et à l'allantoïne. Sans parfum, idéale pour les peaux réactives.",
    variants: sizes(["100 ml", 1090, 35, 1290], ["400 ml", 1290, 10, 1590]),
    rating: 4.4,
    reviewCount: 344,
    tags: ["démaquillant", "peau sensible", "sans parfum"],
    attributes: { skin_type: "sensible", usage: "Matin et soir" },
    art: ["shampoo", "8fb0de", "eef3fb"],
  },
  {
    name: "Sérum Hyaluronique Repulpant",
    brand: "Atelier Ondine",
    description:
      "Trois poids d'acide hyaluronique pour hydrater en surface et en profondeur. La peau est rebondie, les ridules de déshydratation s'estompent.",
    variants: sizes(["15 ml", 2400, 20], ["30 ml", 3490, 58]),
    rating: 4.6,
    reviewCount: 239,
    tags: ["hydratant", "repulpant", "vegan"],
    attributes: { skin_type: "tous-types", usage: "Matin et soir" },
    art: ["serum", "7fa7c9", "edf4f9"],
  },
  {
    name: "Masque Argile Rose Détox",
    brand: "Pétale de Sel",
    description:
      "Un masque à l'argile rose et à l'huile de pépins de raisin qui affine le grain de peau. Laisser poser dix minutes puis rincer.",
    priceCents: 1890,
    originalPriceCents: 2490,
    stock: 0,
    rating: 4.2,
    reviewCount: 88,
    tags: ["purifiant", "argile", "peau mixte"],
    attributes: { size: "75 ml", skin_type: "mixte", usage: "Une à deux fois par semaine" },
    art: ["tube", "e3a1a8", "fbeff0"],
  },
  {
    name: "Contour des Yeux Défatigant",
    brand: "Lumière de Grasse",
    description:
      "Un soin frais à la caféine et au bleuet qui atténue poches et cernes. Son embout en métal procure un effet glaçon immédiat.",
    priceCents: 2990,
    stock: 6,
    rating: 4.1,
    reviewCount: 64,
    tags: ["anti-cernes", "défatigant", "caféine"],
    attributes: { size: "15 ml", skin_type: "tous-types", usage: "Matin et soir" },
    art: ["tube", "8f9fc0", "f0f2f7"],
  },
  {
    name: "Huile Précieuse Visage",
    brand: "Rivage Sauvage",
    description:
      "Un élixir sec à l'immortelle de Corse et à l'huile d'argan bio qui nourrit et illumine le teint. Quelques gouttes suffisent.",
    priceCents: 4900,
    stock: 22,
    rating: 4.8,
    reviewCount: 137,
    tags: ["bio", "nourrissant", "éclat"],
    attributes: { size: "30 ml", skin_type: "seche", usage: "Le soir" },
    art: ["serum", "d4a02a", "fbf5e3"],
  },
  {
    name: "Crème Matifiante Légère",
    brand: "Verveine & Co",
    description: "Un fluide hydratant non comédogène qui matifie la zone T toute la journée. Sa texture gel s'absorbe instantanément.",
    variants: sizes(["15 ml", 1100, 30], ["50 ml", 2190, 95]),
    rating: 4.0,
    reviewCount: 119,
    tags: ["matifiant", "peau grasse", "léger"],
    attributes: { skin_type: "grasse", usage: "Le matin" },
    art: ["tube", "8fbf9c", "eff7f1"],
  },
  {
    name: "Gommage Doux Grains de Riz",
    brand: "Belle Rive",
    description: "Un exfoliant fin à la poudre de riz et à l'huile d'amande douce, respectueux des peaux délicates.",
    priceCents: 1690,
    originalPriceCents: 1990,
    stock: 10,
    rating: 4.3,
    reviewCount: 57,
    tags: ["exfoliant", "doux", "peau sensible"],
    attributes: { size: "75 ml", skin_type: "sensible", usage: "Une fois par semaine" },
    art: ["jar", "d9bf94", "faf5ec"],
  },
  {
    name: "Crème Réparatrice Peaux Sensibles",
    brand: "Clair de Lune Paris",
    description: "Formulée avec 97 % d'ingrédients d'origine naturelle, elle calme les rougeurs et renforce la barrière cutanée.",
    variants: sizes(["15 ml", 1500, 0], ["50 ml", 2890, 41]),
    rating: 4.5,
    reviewCount: 163,
    tags: ["peau sensible", "apaisant", "bio"],
    attributes: { skin_type: "sensible", usage: "Matin et soir" },
    art: ["jar", "8fa9c4", "f1f5f8"],
  },
  {
    name: "Lotion Tonique à la Rose",
    brand: "Maison Célestine",
    description: "Une lotion à l'eau florale de rose de Damas qui tonifie et prépare la peau aux soins suivants.",
    priceCents: 1990,
    stock: 2,
    rating: 4.4,
    reviewCount: 92,
    tags: ["tonifiant", "floral", "hydratant"],
    attributes: { size: "200 ml", skin_type: "tous-types", usage: "Matin et soir" },
    art: ["shampoo", "d97a8c", "fcf0f2"],
  },
  {
    name: "Sérum Anti-Âge Rétinol 0,3 %",
    brand: "Nuit Dorée",
    description:
      "Un sérum de nuit au rétinol encapsulé qui affine le grain de peau et lisse les rides. À introduire progressivement, deux soirs par semaine.",
    priceCents: 4490,
    originalPriceCents: 5990,
    stock: 15,
    rating: 4.6,
    reviewCount: 211,
    tags: ["anti-âge", "rétinol", "nuit"],
    attributes: { size: "30 ml", skin_type: "normale", usage: "Le soir" },
    art: ["serum", "8c3b5e", "f6edf2"],
  },
  {
    name: "Baume Lèvres Nourrissant",
    brand: "Pétale de Sel",
    description: "Un baume au beurre de karité et à la cire d'abeille qui répare les lèvres gercées.",
    priceCents: 890,
    stock: 150,
    rating: 4.5,
    reviewCount: 403,
    tags: ["nourrissant", "lèvres", "karité"],
    attributes: { size: "15 ml", skin_type: "tous-types", usage: "Dès que nécessaire" },
    art: ["tube", "e58f8f", "fdf0ef"],
  },
  {
    // A set (decision 070): its composition is seeded by demo-sets.ts; its stock, 9, is what its components make.
    name: DEMO_SET_NAME,
    brand: "Clair de Lune Paris",
    description:
      "La routine éclat en trois gestes : le gel nettoyant purifiant, le sérum à la vitamine C et la crème hydratante intense 50 ml, réunis dans un coffret à prix doux.",
    priceCents: 7900,
    stock: 9,
    rating: 0,
    reviewCount: 0,
    tags: ["coffret", "cadeau", "éclat"],
    attributes: { skin_type: "tous-types", usage: "Matin et soir" },
    art: ["jar", "e89b2f", "fff4e3"],
  },
];

const MAQUILLAGE: DemoProductSeed[] = [
  {
    name: "Rouge à Lèvres Mat Velours",
    brand: "Clair de Lune Paris",
    description: "Un rouge mat intense au fini velours qui ne dessèche pas les lèvres. Tenue jusqu'à 8 heures.",
    variants: shades(2490, 2990, [
      ["Rouge cerise", "#b3223a", 20],
      ["Rouge carmin", "#9e1b32", 12],
      ["Framboise", "#b0305a", 9],
      ["Vieux rose", "#b8737a", 0],
      ["Terracotta", "#b5573a", 15],
      ["Prune", "#6b2d45", 8],
    ]),
    rating: 4.6,
    reviewCount: 512,
    featured: true,
    tags: ["longue tenue", "mat", "vegan"],
    attributes: {},
    art: ["lipstick", "b3223a", "fbecee"],
  },
  {
    name: "Palette Fards à Paupières Terre de Sienne",
    brand: "Nuit Dorée",
    description: "Six teintes chaudes, mates et irisées, du sable doré au brun profond. Des pigments riches qui se travaillent facilement.",
    priceCents: 4200,
    stock: 23,
    rating: 4.8,
    reviewCount: 367,
    featured: true,
    tags: ["palette", "irisé", "longue tenue"],
    attributes: { color: "Terre de Sienne" },
    art: ["palette", "b5573a", "f8efe9"],
  },
  {
    name: "Mascara Volume Extrême",
    brand: "Atelier Ondine",
    description: "Sa brosse en élastomère charge chaque cil de la racine à la pointe pour un volume spectaculaire, sans paquets.",
    priceCents: 1990,
    stock: 112,
    rating: 4.4,
    reviewCount: 589,
    tags: ["volume", "longue tenue", "noir intense"],
    attributes: { color: "Noir intense" },
    art: ["mascara", "2b2b2b", "f3eef0"],
  },
  {
    name: "Fond de Teint Fluide Seconde Peau",
    brand: "Belle Rive",
    description: "Une couvrance modulable et un fini lumineux naturel. Vingt teintes, du très clair au très foncé.",
    variants: shades(3200, 3900, [
      ["01 Porcelaine", "#f3dcc8", 4],
      ["02 Ivoire clair", "#efd3bd", 6],
      ["03 Ivoire", "#ebcdb3", 9],
      ["04 Beige rosé", "#e6c3a8", 12],
      ["05 Beige clair", "#e2bd9c", 15],
      ["06 Beige naturel", "#ddb48f", 18],
      ["07 Sable", "#d5aa84", 14],
      ["08 Beige doré", "#cfa077", 11],
      ["09 Miel clair", "#c69670", 10],
      ["10 Miel", "#bb8a62", 8],
      ["11 Caramel", "#b07c55", 7],
      ["12 Ambre", "#a2704a", 0],
      ["13 Noisette", "#966442", 6],
      ["14 Cannelle", "#8a5a3b", 5],
      ["15 Moka", "#7b4e33", 4],
      ["16 Cacao", "#6c432c", 3],
      ["17 Acajou", "#5e3925", 0],
      ["18 Café", "#513020", 2],
      ["19 Ébène", "#43271a", 3],
      ["20 Ébène profond", "#372015", 2],
    ]),
    rating: 4.3,
    reviewCount: 276,
    tags: ["fond de teint", "inclusif", "peau mixte"],
    attributes: { size: "30 ml", skin_type: "mixte" },
    art: ["pump", "c99370", "fbf3ec"],
  },
  {
    name: "Fond de Teint Mat Longue Tenue",
    brand: "Éclat d'Opale",
    description:
      "Un fini mat velouté qui tient 24 heures sans transférer ni marquer les ridules. Quatorze teintes aux sous-tons neutres, chauds et froids.",
    variants: shades(3490, null, [
      ["110 Ivoire", "#f1d9c3", 8],
      ["120 Vanille", "#ecd0b4", 12],
      ["130 Beige pêche", "#e7c5a6", 15],
      ["140 Beige naturel", "#dfb993", 22],
      ["150 Sable doré", "#d6ac83", 18],
      ["160 Beige miel", "#cb9f74", 14],
      ["170 Noisette clair", "#be9066", 0],
      ["180 Ambre", "#b08259", 9],
      ["190 Caramel", "#a0734c", 11],
      ["200 Cannelle", "#8f6441", 7],
      ["210 Châtaigne", "#7e5638", 6],
      ["220 Moka", "#6d4a30", 5],
      ["230 Cacao", "#5a3c27", 4],
      ["240 Ébène", "#45301f", 3],
    ]),
    rating: 4.4,
    reviewCount: 189,
    tags: ["fond de teint", "mat", "longue tenue", "peau grasse"],
    attributes: { size: "30 ml", skin_type: "grasse" },
    art: ["pump", "b08259", "f8f0e8"],
  },
  {
    name: "Fond de Teint Sérum Lumière",
    brand: "Maison Célestine",
    description:
      "Un fond de teint léger comme un sérum, enrichi en acide hyaluronique, qui unifie le teint en laissant la peau respirer. Huit teintes lumineuses.",
    variants: shades(3900, 4900, [
      ["Très clair", "#f0d6c0", 5],
      ["Clair", "#e8c8ab", 9],
      ["Clair à moyen", "#dcb690", 12],
      ["Moyen", "#cfa47a", 14],
      ["Moyen doré", "#c29267", 0],
      ["Hâlé", "#a97b54", 8],
      ["Foncé", "#85603f", 6],
      ["Très foncé", "#5c3f2a", 4],
    ]),
    rating: 4.6,
    reviewCount: 132,
    tags: ["fond de teint", "éclat", "hydratant", "peau sèche"],
    attributes: { size: "30 ml", skin_type: "seche" },
    art: ["pump", "dcb690", "fbf5ee"],
  },
  {
    name: "Poudre Compacte Matifiante",
    brand: "Maison Célestine",
    description: "Une poudre ultra-fine qui fixe le maquillage et gomme les brillances sans effet plâtre. Miroir et houppette inclus.",
    priceCents: 2890,
    stock: 8,
    rating: 4.2,
    reviewCount: 98,
    tags: ["matifiant", "poudre", "peau grasse"],
    attributes: { color: "Translucide", skin_type: "grasse" },
    art: ["compact", "e0bc9c", "f9f2ec"],
  },
  {
    name: "Blush Poudre Pêche Dorée",
    brand: "Lumière de Grasse",
    description: "Un blush soyeux aux reflets dorés pour un effet bonne mine instantané.",
    priceCents: 2290,
    stock: 0,
    rating: 4.5,
    reviewCount: 143,
    tags: ["bonne mine", "irisé", "blush"],
    attributes: { color: "Pêche dorée" },
    art: ["compact", "f2a07b", "fdf1ea"],
  },
  {
    name: "Rouge à Lèvres Satiné",
    brand: "Clair de Lune Paris",
    description: "Un fini satiné confortable enrichi en huile de jojoba, pour des lèvres sublimées au naturel.",
    variants: shades(2290, 2690, [
      ["Nude rosé", "#c98b8b", 12],
      ["Beige praline", "#b98a74", 8],
      ["Rose pétale", "#d98c9c", 6],
      ["Corail", "#e07a5f", 5],
      ["Brique", "#9c4a3a", 6],
    ]),
    rating: 4.4,
    reviewCount: 208,
    tags: ["satiné", "nude", "nourrissant"],
    attributes: {},
    art: ["lipstick", "c98b8b", "f9efee"],
  },
  {
    name: "Mascara Allongeant Waterproof",
    brand: "Verveine & Co",
    description: "Une formule résistante à l'eau et aux larmes qui allonge les cils sans les alourdir. Se démaquille à l'huile.",
    priceCents: 1790,
    stock: 5,
    rating: 4.1,
    reviewCount: 156,
    tags: ["waterproof", "longueur", "longue tenue"],
    attributes: { color: "Noir" },
    art: ["mascara", "1f2a44", "eef0f5"],
  },
  {
    name: "Palette Yeux Nude Essentiel",
    brand: "Belle Rive",
    description: "Six fards neutres pour des maquillages du quotidien, du plus naturel au plus sophistiqué.",
    priceCents: 3400,
    originalPriceCents: 4500,
    stock: 10,
    rating: 4.5,
    reviewCount: 231,
    tags: ["palette", "nude", "mat"],
    attributes: { color: "Nude" },
    art: ["palette", "c08f78", "faf4ef"],
  },
  {
    name: "Enlumineur Poudre Or Rose",
    brand: "Éclat d'Opale",
    description: "Un highlighter lumineux à poser sur le haut des pommettes pour un éclat doré rosé.",
    priceCents: 2690,
    stock: 44,
    rating: 4.7,
    reviewCount: 119,
    tags: ["éclat", "irisé", "vegan"],
    attributes: { color: "Or rose" },
    art: ["compact", "dca092", "fbf0ec"],
  },
  {
    name: "Crayon Yeux Khôl Noir",
    brand: "Atelier Ondine",
    description: "Un crayon khôl ultra-doux, facile à estomper, pour un regard charbonneux.",
    priceCents: 1290,
    stock: 130,
    rating: 4.0,
    reviewCount: 87,
    tags: ["crayon", "noir intense", "longue tenue"],
    attributes: { color: "Noir" },
    art: ["pencil", "2b2b2b", "f2eff0"],
  },
  {
    name: "Gloss Repulpant Cristal",
    brand: "Pétale de Sel",
    description: "Un gloss non collant à l'acide hyaluronique qui repulpe visiblement les lèvres.",
    variants: shades(1590, 1990, [
      ["Cristal", "#f7eef0", 1],
      ["Rose cristal", "#e88aa8", 2],
      ["Pêche nacrée", "#f3b59a", 0],
    ]),
    rating: 4.2,
    reviewCount: 167,
    tags: ["gloss", "repulpant", "brillant"],
    attributes: {},
    art: ["mascara", "e88aa8", "fdeef2"],
  },
  {
    name: "Correcteur Haute Couvrance",
    brand: "Éclat d'Opale",
    description: "Il camoufle cernes et imperfections sans marquer les ridules. Sa texture crémeuse tient toute la journée.",
    variants: shades(2190, null, [
      ["Porcelaine", "#f1dac6", 10],
      ["Beige clair", "#e4c2a2", 12],
      ["Beige", "#d9b08c", 14],
      ["Sable", "#cc9f78", 9],
      ["Miel", "#b98a5f", 6],
      ["Caramel", "#9c6d48", 5],
    ]),
    rating: 4.3,
    reviewCount: 198,
    tags: ["correcteur", "longue tenue", "couvrant"],
    attributes: { skin_type: "tous-types" },
    art: ["tube", "d2a682", "faf3ec"],
  },
  {
    name: "Vernis à Ongles Brillance Intense",
    brand: "Maison Célestine",
    description: "Un vernis brillant longue tenue à la couleur profonde, formulé sans les neuf substances controversées.",
    variants: shades(1290, null, [
      ["Bordeaux intense", "#7b1e2b", 72],
      ["Rouge coquelicot", "#c8102e", 40],
      ["Rose ballerine", "#f1c6c9", 25],
      ["Corail d'été", "#f26b5b", 0],
      ["Nude sable", "#d8b59a", 18],
      ["Bleu nuit", "#1f2a44", 11],
      ["Vert sauge", "#8a9a7b", 6],
      ["Noir laqué", "#1a1a1a", 30],
    ]),
    rating: 4.4,
    reviewCount: 143,
    tags: ["ongles", "longue tenue", "brillant"],
    attributes: { size: "10 ml" },
    art: ["polish", "7b1e2b", "f7edef"],
  },
  {
    name: "Base de Teint Lissante",
    brand: "Lumière de Grasse",
    description: "Une base légère qui lisse le grain de peau, floute les pores et prolonge la tenue du maquillage.",
    priceCents: 2490,
    originalPriceCents: 3290,
    stock: 19,
    rating: 4.3,
    reviewCount: 76,
    tags: ["base", "lissant", "matifiant"],
    attributes: { size: "30 ml", skin_type: "tous-types" },
    art: ["tube", "d9a596", "fcf5f2"],
  },
];

const ACCESSOIRES: DemoProductSeed[] = [
  {
    name: "Pinceau Kabuki",
    brand: "Atelier Ondine",
    description:
      "Un pinceau dense aux fibres synthétiques ultra-douces, idéal pour appliquer poudre et fond de teint minéral. Vegan et sans cruauté.",
    priceCents: 2490,
    stock: 48,
    rating: 4.7,
    reviewCount: 264,
    featured: true,
    tags: ["pinceau", "vegan", "teint"],
    attributes: {},
    art: ["brush", "c99a7c", "f8f1ec"],
  },
  {
    name: "Bougie Parfumée Figuier & Cèdre",
    brand: "Rivage Sauvage",
    description:
      "Une bougie en cire végétale coulée à la main, aux notes de feuille de figuier et de bois de cèdre. Environ 45 heures de combustion.",
    variants: sizes(["80 g", 2400, 15, 2900], ["200 g", 3900, 26, 4800]),
    rating: 4.8,
    reviewCount: 187,
    featured: true,
    tags: ["bougie", "boisé", "cire végétale"],
    attributes: {},
    art: ["candle", "7a8450", "f1f3e8"],
  },
  {
    name: "Trousse de Toilette Velours",
    brand: "Belle Rive",
    description: "Une trousse en velours côtelé doublée d'un tissu imperméable, assez grande pour toute la routine beauté.",
    priceCents: 2900,
    stock: 10,
    rating: 4.5,
    reviewCount: 92,
    tags: ["trousse", "velours", "voyage"],
    attributes: { color: "Vert sauge" },
    art: ["pouch", "8fa98a", "eef3ee"],
  },
  {
    name: "Set de 5 Pinceaux Yeux",
    brand: "Nuit Dorée",
    description: "Cinq pinceaux essentiels pour estomper, fondre et souligner le regard, présentés dans une pochette dorée.",
    priceCents: 3400,
    originalPriceCents: 4900,
    stock: 7,
    rating: 4.4,
    reviewCount: 143,
    tags: ["pinceau", "yeux", "coffret"],
    attributes: {},
    art: ["brush", "3a2a3f", "f4eff5"],
  },
  {
    name: "Éponge à Maquillage Biseautée",
    brand: "Clair de Lune Paris",
    description: "Une éponge sans latex qui fond le teint sans traces. S'utilise humide pour un fini seconde peau.",
    priceCents: 990,
    stock: 150,
    rating: 4.2,
    reviewCount: 412,
    tags: ["éponge", "teint", "sans latex"],
    attributes: { color: "Rose" },
    art: ["sponge", "e88aa8", "fdeef2"],
  },
  {
    name: "Miroir de Poche Doré",
    brand: "Maison Célestine",
    description: "Un miroir double face, dont une face grossissante x2, dans un écrin en métal doré ciselé.",
    priceCents: 1890,
    stock: 0,
    rating: 4.3,
    reviewCount: 58,
    tags: ["miroir", "voyage", "cadeau"],
    attributes: {},
    art: ["compact", "c9a227", "f7f1e1"],
  },
  {
    name: "Bougie Parfumée Ambre & Vanille",
    brand: "Nuit Dorée",
    description: "Une bougie d'ambiance chaleureuse aux notes d'ambre, de vanille bourbon et de benjoin. Son verre ambré est réutilisable.",
    priceCents: 3200,
    stock: 38,
    rating: 4.6,
    reviewCount: 121,
    tags: ["bougie", "ambré", "vanillé"],
    attributes: { size: "180 g" },
    art: ["candle", "c47a2c", "fdf3e7"],
  },
  {
    name: "Pinceau Fond de Teint Plat",
    brand: "Lumière de Grasse",
    description: "Un pinceau plat biseauté pour étirer les textures fluides avec précision.",
    priceCents: 1690,
    originalPriceCents: 1990,
    stock: 4,
    rating: 4.1,
    reviewCount: 36,
    tags: ["pinceau", "teint", "précision"],
    attributes: {},
    art: ["brush", "6b2d5c", "f4ecf2"],
  },
  {
    name: "Peigne Démêlant en Bambou",
    brand: "Verveine & Co",
    description: "Un peigne en bambou aux dents larges et arrondies qui démêle sans casser, même sur cheveux mouillés.",
    priceCents: 1490,
    stock: 66,
    rating: 4.4,
    reviewCount: 203,
    tags: ["cheveux", "bambou", "écoresponsable"],
    attributes: {},
    art: ["comb", "b08a5a", "f6f0e7"],
  },
  {
    name: "Trousse à Pinceaux en Cuir Végétal",
    brand: "Atelier Ondine",
    description: "Une trousse en cuir végétal avec douze emplacements pour ranger et protéger les pinceaux.",
    priceCents: 2600,
    originalPriceCents: 3500,
    stock: 10,
    rating: 4.3,
    reviewCount: 44,
    tags: ["trousse", "vegan", "voyage"],
    attributes: { color: "Camel" },
    art: ["pouch", "b07a4f", "f8f0e8"],
  },
  {
    name: "Diffuseur de Parfum Fleur de Coton",
    brand: "Belle Rive",
    description: "Un diffuseur à bâtonnets en rotin qui parfume la pièce pendant huit semaines d'une note de linge propre.",
    priceCents: 2800,
    stock: 31,
    rating: 4.2,
    reviewCount: 77,
    tags: ["maison", "frais", "diffuseur"],
    attributes: { size: "100 ml" },
    art: ["diffuser", "8fb3d6", "f2f6fa"],
  },
  {
    name: "Disques Démaquillants Lavables × 7",
    brand: "Pétale de Sel",
    description: "Sept disques en coton bio et bambou, lavables en machine, livrés dans leur pochette en filet.",
    priceCents: 1290,
    stock: 2,
    rating: 4.5,
    reviewCount: 112,
    tags: ["coton bio", "zéro déchet", "démaquillant"],
    attributes: { color: "Rose poudré" },
    art: ["pouch", "e3a9ad", "fcf1f1"],
  },
  {
    name: "Pinceau Éventail Enlumineur",
    brand: "Éclat d'Opale",
    description: "Un pinceau éventail aux fibres souples pour déposer l'enlumineur en voile léger.",
    priceCents: 1290,
    originalPriceCents: 1590,
    stock: 9,
    rating: 4.0,
    reviewCount: 29,
    tags: ["pinceau", "éclat", "vegan"],
    attributes: {},
    art: ["brush", "dca092", "fbf0ec"],
  },
  {
    name: "Bougie Parfumée Lavande & Sauge",
    brand: "Savonnerie Lavandine",
    description: "Une bougie apaisante à la lavande fine et à la sauge, idéale pour les rituels du soir.",
    priceCents: 2900,
    stock: 54,
    rating: 4.7,
    reviewCount: 96,
    tags: ["bougie", "lavande", "apaisant"],
    attributes: { size: "200 g" },
    art: ["candle", "8e7cc3", "f1eef9"],
  },
  {
    name: "Vanity Rigide Noir Mat",
    brand: "Les Ateliers Mirabelle",
    description: "Un vanity rigide à compartiments modulables, avec un miroir intégré dans le couvercle.",
    priceCents: 4900,
    stock: 13,
    rating: 4.4,
    reviewCount: 61,
    tags: ["voyage", "rangement", "trousse"],
    attributes: { color: "Noir" },
    art: ["pouch", "2f2b30", "f2eff0"],
  },
];

const SOINS_CORPS: DemoProductSeed[] = [
  {
    name: "Lait Corps Fleur d'Oranger",
    brand: "Lumière de Grasse",
    description: "Un lait fondant qui hydrate 24 heures et laisse sur la peau un délicat parfum de fleur d'oranger.",
    variants: sizes(["200 ml", 1600, 30, 2000], ["400 ml", 2290, 57, 2890]),
    rating: 4.6,
    reviewCount: 298,
    featured: true,
    tags: ["hydratant", "floral", "peau sèche"],
    attributes: { skin_type: "seche", usage: "Après la douche" },
    art: ["pump", "f0a77c", "fff6e5"],
  },
  {
    name: "Huile Sèche Scintillante",
    brand: "Nuit Dorée",
    description: "Une huile sèche aux fines nacres dorées qui sublime le bronzage et nourrit sans graisser.",
    variants: sizes(["50 ml", 2400, 12], ["100 ml", 3490, 9]),
    rating: 4.8,
    reviewCount: 214,
    featured: true,
    tags: ["nourrissant", "éclat", "été"],
    attributes: { skin_type: "tous-types" },
    art: ["pump", "c9a227", "f7f1e1"],
  },
  {
    name: "Gel Douche Verveine Citron",
    brand: "Verveine & Co",
    description:
      "Un gel douche surgras aux extraits de verveine et de citron pour une douche tonique. Formule vegan, biodégradable à 98 %.",
    priceCents: 890,
    stock: 150,
    rating: 4.3,
    reviewCount: 433,
    tags: ["vegan", "frais", "douche"],
    attributes: { size: "250 ml", skin_type: "tous-types" },
    art: ["shampoo", "a8c66c", "f3f8ea"],
  },
  {
    name: "Gommage Corps Sucre & Monoï",
    brand: "Rivage Sauvage",
    description: "Des cristaux de sucre de canne et l'huile de monoï de Tahiti pour une peau douce comme de la soie.",
    priceCents: 2490,
    stock: 10,
    rating: 4.5,
    reviewCount: 165,
    tags: ["exfoliant", "monoï", "gourmand"],
    attributes: { size: "200 ml", skin_type: "tous-types", usage: "Une fois par semaine" },
    art: ["jar", "eeb07a", "fdf5ec"],
  },
  {
    name: "Beurre Corporel Karité & Vanille",
    brand: "Belle Rive",
    description: "Un beurre ultra-riche qui nourrit intensément les peaux très sèches. Sa texture fond au contact de la peau.",
    priceCents: 2690,
    originalPriceCents: 3590,
    stock: 0,
    rating: 4.7,
    reviewCount: 256,
    tags: ["nourrissant", "karité", "vanillé", "peau sèche"],
    attributes: { size: "200 ml", skin_type: "seche", usage: "Le soir" },
    art: ["jar", "cfa47a", "fbf5ec"],
  },
  {
    name: "Crème Mains Réparatrice",
    brand: "Pétale de Sel",
    description: "Une crème non grasse à la glycérine et à l'huile d'amande douce qui répare les mains abîmées.",
    priceCents: 990,
    stock: 88,
    rating: 4.4,
    reviewCount: 371,
    tags: ["mains", "réparateur", "nourrissant"],
    attributes: { size: "75 ml", skin_type: "tous-types", usage: "Dès que nécessaire" },
    art: ["tube", "e3a1a8", "fbeff0"],
  },
  {
    name: "Savon Surgras au Lait d'Ânesse",
    brand: "Savonnerie Lavandine",
    description: "Un savon saponifié à froid, riche en lait d'ânesse bio, qui nettoie en douceur les peaux sensibles.",
    priceCents: 950,
    stock: 3,
    rating: 4.6,
    reviewCount: 142,
    tags: ["savon", "bio", "peau sensible"],
    attributes: { size: "100 g", skin_type: "sensible" },
    art: ["soap", "d9c7a3", "f6f1e8"],
  },
  {
    name: "Savon de Marseille à la Lavande",
    brand: "Savonnerie Lavandine",
    description: "Un savon traditionnel cuit au chaudron, à l'huile d'olive et à l'huile essentielle de lavande.",
    priceCents: 990,
    originalPriceCents: 1190,
    stock: 10,
    rating: 4.5,
    reviewCount: 89,
    tags: ["savon", "lavande", "traditionnel"],
    attributes: { size: "100 g", skin_type: "tous-types" },
    art: ["soap", "9b87c4", "f3eef8"],
  },
  {
    name: "Crème Raffermissante Ventre & Cuisses",
    brand: "Les Ateliers Mirabelle",
    description: "Une crème à la caféine et au lierre qui raffermit et lisse la peau en quatre semaines.",
    priceCents: 3290,
    stock: 21,
    rating: 4.0,
    reviewCount: 74,
    tags: ["raffermissant", "caféine", "soin ciblé"],
    attributes: { size: "200 ml", skin_type: "tous-types", usage: "Matin et soir" },
    art: ["tube", "6f9fb0", "eef5f7"],
  },
  {
    name: "Déodorant Naturel Fleur de Coton",
    brand: "Verveine & Co",
    description: "Un déodorant sans sels d'aluminium, efficace 24 heures, au parfum doux de fleur de coton.",
    priceCents: 990,
    stock: 7,
    rating: 4.1,
    reviewCount: 203,
    tags: ["déodorant", "sans aluminium", "vegan"],
    attributes: { size: "50 ml", skin_type: "tous-types", usage: "Le matin" },
    art: ["tube", "8fb3d6", "f2f6fa"],
  },
  {
    name: "Huile de Massage Relaxante",
    brand: "Atelier Ondine",
    description: "Un mélange d'huiles végétales bio et d'huile essentielle de lavande pour des massages apaisants.",
    priceCents: 2790,
    originalPriceCents: 3290,
    stock: 30,
    rating: 4.5,
    reviewCount: 97,
    tags: ["massage", "relaxant", "bio"],
    attributes: { size: "100 ml", skin_type: "tous-types", usage: "Le soir" },
    art: ["serum", "8e7cc3", "f1eef9"],
  },
  {
    name: "Baume Corps Peaux Atopiques",
    brand: "Belle Rive",
    description: "Un baume sans parfum au calendula qui apaise les démangeaisons et restaure le film protecteur de la peau.",
    priceCents: 1890,
    stock: 45,
    rating: 4.6,
    reviewCount: 128,
    tags: ["peau sensible", "apaisant", "sans parfum"],
    attributes: { size: "200 ml", skin_type: "sensible", usage: "Matin et soir" },
    art: ["pump", "8fa9c4", "eef3f7"],
  },
  {
    name: "Crème Pieds Douceur à l'Urée",
    brand: "Pétale de Sel",
    description: "Une crème à 10 % d'urée qui élimine les callosités et adoucit les talons secs.",
    priceCents: 1190,
    stock: 62,
    rating: 4.2,
    reviewCount: 54,
    tags: ["pieds", "réparateur", "peau sèche"],
    attributes: { size: "100 ml", skin_type: "seche", usage: "Le soir" },
    art: ["tube", "8fb8a8", "eff6f3"],
  },
  {
    name: "Brume Corps Monoï des Îles",
    brand: "Rivage Sauvage",
    description: "Une brume fraîche et légère au parfum solaire de monoï et de fleur de tiaré.",
    priceCents: 1990,
    originalPriceCents: 2890,
    stock: 17,
    rating: 4.3,
    reviewCount: 110,
    tags: ["floral", "été", "solaire"],
    attributes: { size: "150 ml" },
    art: ["perfume", "f0b48a", "fdf5ee"],
  },
  {
    name: "Bain Moussant Rose & Pivoine",
    brand: "Maison Célestine",
    description: "Un bain moussant onctueux aux extraits de rose et de pivoine, pour un moment de détente absolue.",
    priceCents: 1790,
    stock: 112,
    rating: 4.4,
    reviewCount: 68,
    tags: ["bain", "floral", "relaxant"],
    attributes: { size: "500 ml" },
    art: ["shampoo", "e88aa8", "fdeef2"],
  },
];

const CHEVEUX: DemoProductSeed[] = [
  {
    name: "Shampooing Réparateur à l'Argan",
    brand: "Atelier Ondine",
    description: "Un shampooing doux à l'huile d'argan bio qui répare les cheveux abîmés et leur rend brillance et souplesse.",
    variants: sizes(["250 ml", 1490, 84, 1890], ["500 ml", 2200, 20, 2800]),
    rating: 4.6,
    reviewCount: 476,
    featured: true,
    tags: ["réparateur", "argan", "cheveux secs"],
    attributes: { usage: "Deux à trois fois par semaine" },
    art: ["shampoo", "c08a3e", "fbf3e6"],
  },
  {
    name: "Masque Nutrition Intense",
    brand: "Maison Célestine",
    description: "Un masque au beurre de mangue et aux protéines de soie qui nourrit en profondeur les longueurs sèches.",
    variants: sizes(["200 ml", 2490, 36], ["500 ml", 4100, 8]),
    rating: 4.7,
    reviewCount: 233,
    featured: true,
    tags: ["nourrissant", "cheveux secs", "masque"],
    attributes: { usage: "Une fois par semaine" },
    art: ["jar", "d99a6c", "fbf1ea"],
  },
  {
    name: "Après-Shampooing Démêlant au Lin",
    brand: "Verveine & Co",
    description: "Un après-shampooing léger au lin et à l'aloe vera qui démêle instantanément sans alourdir.",
    priceCents: 1290,
    stock: 10,
    rating: 4.3,
    reviewCount: 152,
    tags: ["démêlant", "léger", "vegan"],
    attributes: { size: "250 ml" },
    art: ["shampoo", "8fbf9c", "eff7f1"],
  },
  {
    name: "Huile Capillaire Sublimatrice",
    brand: "Nuit Dorée",
    description: "Un mélange de cinq huiles précieuses qui discipline les frisottis et illumine les pointes.",
    priceCents: 2990,
    originalPriceCents: 3990,
    stock: 5,
    rating: 4.8,
    reviewCount: 189,
    tags: ["brillance", "anti-frisottis", "argan"],
    attributes: { size: "50 ml" },
    art: ["serum", "c9a227", "f7f1e1"],
  },
  {
    name: "Shampooing Sec Fraîcheur",
    brand: "Pétale de Sel",
    description: "Un shampooing sec à la poudre de riz qui absorbe l'excès de sébum et donne du volume en quelques secondes.",
    priceCents: 990,
    stock: 120,
    rating: 4.0,
    reviewCount: 263,
    tags: ["cheveux gras", "volume", "voyage"],
    attributes: { size: "200 ml" },
    art: ["shampoo", "8fa9c4", "eef3f7"],
  },
  {
    name: "Shampooing Purifiant au Romarin",
    brand: "Verveine & Co",
    description: "Au romarin et à l'argile verte, il purifie le cuir chevelu et permet d'espacer les shampooings.",
    priceCents: 1290,
    stock: 0,
    rating: 4.4,
    reviewCount: 118,
    tags: ["purifiant", "cheveux gras", "bio"],
    attributes: { size: "250 ml" },
    art: ["shampoo", "7fb08a", "eef6ef"],
  },
  {
    name: "Sérum Anti-Chute Fortifiant",
    brand: "Clair de Lune Paris",
    description: "Un sérum sans rinçage à la caféine et au ginseng qui fortifie les racines. À masser sur cuir chevelu sec.",
    priceCents: 3490,
    originalPriceCents: 4190,
    stock: 14,
    rating: 4.1,
    reviewCount: 67,
    tags: ["anti-chute", "fortifiant", "cuir chevelu"],
    attributes: { size: "50 ml", usage: "Le soir" },
    art: ["serum", "6f9fb0", "eef5f7"],
  },
  {
    name: "Crème Boucles Définies",
    brand: "Belle Rive",
    description: "Une crème sans silicone au beurre de karité qui définit les boucles et les protège de l'humidité.",
    priceCents: 1890,
    stock: 8,
    rating: 4.5,
    reviewCount: 176,
    tags: ["boucles", "karité", "sans silicone"],
    attributes: { size: "150 ml" },
    art: ["tube", "d98c8c", "fbeeed"],
  },
  {
    name: "Spray Thermoprotecteur",
    brand: "Lumière de Grasse",
    description: "Protège les cheveux jusqu'à 230 °C avant le brushing ou le lissage, sans effet carton.",
    priceCents: 1590,
    stock: 10,
    rating: 4.2,
    reviewCount: 94,
    tags: ["protection", "brushing", "léger"],
    attributes: { size: "150 ml" },
    art: ["pump", "c99370", "f8f1ec"],
  },
  {
    name: "Shampooing Douceur Camomille",
    brand: "Savonnerie Lavandine",
    description: "Un shampooing extra-doux à la camomille qui ravive les reflets blonds, pour un usage quotidien.",
    priceCents: 1190,
    originalPriceCents: 1490,
    stock: 46,
    rating: 4.3,
    reviewCount: 129,
    tags: ["doux", "blond", "usage fréquent"],
    attributes: { size: "300 ml" },
    art: ["shampoo", "e2b84a", "fdf7e4"],
  },
  {
    name: "Masque Violet Déjaunissant",
    brand: "Atelier Ondine",
    description: "Un masque aux pigments violets qui neutralise les reflets jaunes des cheveux blonds, méchés ou gris.",
    priceCents: 1990,
    stock: 2,
    rating: 4.4,
    reviewCount: 88,
    tags: ["blond", "déjaunissant", "masque"],
    attributes: { size: "200 ml" },
    art: ["jar", "6b4c9a", "f1edf7"],
  },
  {
    name: "Shampooing Solide Cheveux Normaux",
    brand: "Pétale de Sel",
    description: "Un shampooing solide zéro déchet à l'huile de coco, qui équivaut à trois flacons classiques.",
    priceCents: 1090,
    stock: 73,
    rating: 4.5,
    reviewCount: 214,
    tags: ["zéro déchet", "vegan", "solide"],
    attributes: { size: "75 g" },
    art: ["soap", "e3a9ad", "fcf1f1"],
  },
  {
    name: "Gelée Coiffante Tenue Souple",
    brand: "Les Ateliers Mirabelle",
    description: "Une gelée transparente à l'aloe vera pour des coiffures structurées, sans résidus.",
    priceCents: 1390,
    originalPriceCents: 1690,
    stock: 29,
    rating: 4.0,
    reviewCount: 41,
    tags: ["coiffant", "tenue", "aloe vera"],
    attributes: { size: "150 ml" },
    art: ["jar", "7fa7c9", "edf4f9"],
  },
  {
    name: "Brume Parfumée Cheveux Néroli",
    brand: "Lumière de Grasse",
    description: "Une brume légère qui parfume délicatement la chevelure de néroli et de musc blanc, tout en la protégeant.",
    priceCents: 2290,
    stock: 12,
    rating: 4.6,
    reviewCount: 58,
    tags: ["parfum", "floral", "brillance"],
    attributes: { size: "50 ml" },
    art: ["perfume", "f0a77c", "fff6e5"],
  },
  {
    name: "Soin Sans Rinçage Lissant",
    brand: "Maison Célestine",
    description: "Une crème légère à la kératine végétale qui lisse et facilite le coiffage. S'applique sur cheveux humides.",
    priceCents: 2190,
    originalPriceCents: 2790,
    stock: 95,
    rating: 4.3,
    reviewCount: 136,
    tags: ["lissant", "sans rinçage", "kératine"],
    attributes: { size: "150 ml" },
    art: ["pump", "c98b8b", "f9efee"],
  },
];

export const DEMO_PRODUCTS_BY_CATEGORY: Record<CategorySlug, readonly DemoProductSeed[]> = {
  parfums: PARFUMS,
  "soins-visage": SOINS_VISAGE,
  maquillage: MAQUILLAGE,
  accessoires: ACCESSOIRES,
  "soins-corps": SOINS_CORPS,
  cheveux: CHEVEUX,
};

/** The three artwork URLs of a product: front view, second composition, texture/lifestyle. */
export function artImages(art: DemoProductSeed["art"]): { imageUrl: string; images: string[] } {
  const [shape, primary, secondary] = art;
  const images = ([1, 2, 3] as const).map((variant) => productArtPath({ shape, primary, secondary, variant }));
  return { imageUrl: images[0], images };
}

/** A variant ready to insert: its SKU, label and net content worked out. */
export type DemoVariant = {
  sku: string;
  label: string;
  size: string | null;
  shade: string | null;
  shadeHex: string | null;
  contentAmount: number | null;
  contentUnit: "ml" | "g" | null;
  priceCents: number;
  originalPriceCents: number | null;
  stock: number;
};

export type DemoProduct = DemoProductBase & {
  category: CategorySlug;
  sku: string;
  imageUrl: string;
  images: string[];
  /** The roll-ups the database computes from the variants, for the builder's own checks. */
  priceCents: number;
  originalPriceCents: number | null;
  stock: number;
  variants: DemoVariant[];
  ingredients: string | null;
  usageTips: string | null;
  /** How long before the seeding moment the product was created, in milliseconds. */
  ageMs: number;
};

/** "50 ml" -> 50 ml, "200 g" -> 200 g; a box of minis ("5 × 10 ml") has no single content. */
export function netContent(size: string | null | undefined): { amount: number; unit: "ml" | "g" } | null {
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*(ml|g)\s*$/i.exec(size ?? "");
  return m ? { amount: Number(m[1].replace(",", ".")), unit: m[2].toLowerCase() as "ml" | "g" } : null;
}

/**
 * The variants of a product with the given SKU: "AUR-PAR-001-50" for the 50 ml, "AUR-MAQ-004-07"
 * for the seventh shade; a product sold in one format keeps its own SKU for its only variant.
 */
export function variantsOf(seed: DemoProductSeed, sku: string): DemoVariant[] {
  const list: DemoVariantSeed[] = seed.variants ?? [
    { size: seed.attributes.size, priceCents: seed.priceCents, originalPriceCents: seed.originalPriceCents, stock: seed.stock },
  ];
  return list.map((v, i) => {
    const size = v.size ?? (v.shade ? null : (seed.attributes.size ?? null));
    // Shades share the product's size: the content (for the unit price) still comes from it.
    const content = netContent(v.size ?? seed.attributes.size);
    const suffix = list.length === 1 ? "" : v.shade ? `-${String(i + 1).padStart(2, "0")}` : `-${netContent(v.size)?.amount ?? i + 1}`;
    return {
      sku: `${sku}${suffix}`,
      label: v.shade ?? v.size ?? seed.attributes.size ?? "Format unique",
      size,
      shade: v.shade ?? null,
      shadeHex: v.shadeHex ?? null,
      contentAmount: content?.amount ?? null,
      contentUnit: content?.unit ?? null,
      priceCents: v.priceCents,
      originalPriceCents: v.originalPriceCents ?? null,
      stock: v.stock,
    };
  });
}

/**
 * A plausible packed weight for a demo product, in grams (decision 062: it pre-fills the parcel's
 * weight). One weight per product, so a product sold in several sizes takes its largest: a parcel
 * declared too light costs a carrier surcharge, one a little heavy costs nothing.
 */
export function demoWeightGrams(product: Pick<DemoProduct, "category" | "name" | "variants" | "attributes">): number {
  const contents = [...product.variants.map((v) => v.contentAmount), netContent(product.attributes.size)?.amount ?? null];
  const content = Math.max(0, ...contents.filter((c): c is number => c !== null));
  const round10 = (grams: number) => Math.round(grams / 10) * 10;
  switch (product.category) {
    case "parfums":
      // Glass bottle in its box: 50 ml ≈ 350 g, 100 ml ≈ 500 g; a box of minis ≈ 300 g.
      if (content === 0) return 300;
      return content <= 30 ? 250 : content <= 50 ? 350 : content <= 100 ? 500 : 700;
    case "maquillage":
      // A lipstick ≈ 60 g; a foundation's bottle weighs twice its content plus its box.
      if (content > 0) return round10(content * 2 + 60);
      if (/palette/i.test(product.name)) return 150;
      return /poudre|blush|enlumineur/i.test(product.name) ? 100 : 60;
    case "accessoires":
      // Candles and diffusers are glass; brushes and pouches weigh little.
      if (content > 0) return round10(content * 1.5 + 150);
      if (/vanity/i.test(product.name)) return 600;
      return /trousse/i.test(product.name) ? 250 : 120;
    default:
      // Creams, lotions, shampoos: the content, its jar or bottle and its box (50 ml cream ≈ 250 g).
      return round10(Math.max(content, 15) + 200);
  }
}

/**
 * A demo product's customs code and country of origin for its CN23 (decision 063), by category and
 * name: the Harmonized System headings a customs officer expects of a beauty shop. Perfumes and
 * eaux de toilette 3303 00; lip make-up 3304 10, eye make-up 3304 20, nail 3304 30, powders
 * 3304 91, other make-up and skin care 3304 99; shampoos 3305 10, other hair care 3305 90;
 * deodorants 3307 20, bath and shower 3307 30, room fragrance 3307 49; toilet soap 3401 11;
 * candles 3406 00, cosmetic brushes 9603 30, toilet bags 4202 92. The houses are French (Grasse,
 * Provence, Brittany, Lorraine...); the brushes, sponges and mirrors are bought from Asia.
 */
export function demoCustoms(product: Pick<DemoProduct, "category" | "name">): { hsCode: string; originCountry: string } {
  const name = product.name.toLowerCase();
  const made = (hsCode: string, originCountry = "FR") => ({ hsCode, originCountry });
  switch (product.category) {
    case "parfums":
      return made("330300");
    case "maquillage":
      if (/lèvres|gloss/.test(name)) return made("330410");
      if (/yeux|mascara|paupières|khôl/.test(name)) return made("330420");
      if (/ongles/.test(name)) return made("330430");
      if (/poudre/.test(name)) return made("330491");
      return made("330499");
    case "soins-corps":
      if (/déodorant/.test(name)) return made("330720");
      if (/gel douche|bain moussant/.test(name)) return made("330730");
      if (/savon/.test(name)) return made("340111");
      if (/brume/.test(name)) return made("330300");
      return made("330499");
    case "cheveux":
      if (/shampooing(?! sec)/.test(name)) return made("330510");
      return made("330590");
    case "accessoires":
      if (/bougie/.test(name)) return made("340600");
      if (/diffuseur/.test(name)) return made("330749");
      if (/pinceau|kabuki/.test(name)) return made("960330", "CN");
      if (/éponge/.test(name)) return made("392490", "KR");
      if (/miroir/.test(name)) return made("700992", "CN");
      if (/peigne/.test(name)) return made("961590", "CN");
      if (/disques/.test(name)) return made("630790");
      if (/trousse|vanity/.test(name)) return made("420292", "IT");
      return made("330499");
    default:
      // Lip balms go with lip preparations; creams, serums, lotions and masks are skin care.
      return made(/lèvres/.test(name) ? "330410" : "330499");
  }
}

/** The product's roll-ups as the database trigger computes them: cheapest variant, total stock. */
export function rollUp(variants: readonly DemoVariant[]): { priceCents: number; originalPriceCents: number | null; stock: number } {
  const cheapest = variants.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  return {
    priceCents: cheapest.priceCents,
    originalPriceCents: cheapest.originalPriceCents,
    stock: variants.reduce((sum, v) => sum + v.stock, 0),
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Every demo product ready to insert. Creation dates are spread over the last 120 days with
 * fixed offsets; products with a variant on sale were created more than 60 days ago so that
 * their price history (full price 60 days ago, reduced 12 days ago) starts after their creation.
 */
export function buildDemoProducts(): DemoProduct[] {
  const out: DemoProduct[] = [];
  let index = 0;
  for (const category of DEMO_CATEGORIES) {
    DEMO_PRODUCTS_BY_CATEGORY[category.slug].forEach((seed, i) => {
      const sku = `AUR-${CATEGORY_SKU_CODES[category.slug]}-${String(i + 1).padStart(3, "0")}`;
      const variants = variantsOf(seed, sku);
      const onSale = variants.some((v) => v.originalPriceCents !== null);
      const days = onSale ? 61 + ((index * 29) % 58) : (index * 47 + 3) % 119;
      const hours = (index * 7) % 24;
      const { variants: _authored, priceCents: _price, originalPriceCents: _original, stock: _stock, ...base } = seed;
      out.push({
        ...base,
        ...rollUp(variants),
        ...careDetails(seed),
        variants,
        category: category.slug,
        sku,
        ...artImages(seed.art),
        ageMs: days * DAY_MS + hours * HOUR_MS + index * 60_000,
      });
      index++;
    });
  }
  return out;
}
