/**
 * Ingredients (INCI, as printed on the pack) and "Conseils d'utilisation" for the demo catalogue,
 * worked out from the kind of product and its key ingredient rather than written 90 times by
 * hand. Brushes, bags and mirrors have neither list; tools that touch the skin still get advice.
 */
type CareInput = { name: string; description: string; tags: readonly string[]; attributes: { usage?: string } };

type Kind = { match: RegExp; inci: string | null; tips: string | null };

const PIGMENTS = "[+/- (May Contain): CI 77891 (Titanium Dioxide), CI 77491, CI 77492, CI 77499 (Iron Oxides)]";

/** First match wins: the more specific kinds come first. */
const KINDS: Kind[] = [
  {
    // The demo set (decision 070): each of its three products' lists is on its own page.
    match: /^Coffret routine/,
    inci: "Gel nettoyant : Aqua (Water), Sodium Coco-Sulfate, Glycerin, Zinc PCA ; Sérum : Aqua (Water), Ascorbic Acid, Propanediol ; Crème : Aqua (Water), Sodium Hyaluronate, Butyrospermum Parkii (Shea) Butter",
    tips: "Le matin : nettoyez le visage avec le gel, appliquez trois gouttes de sérum, puis la crème. Le soir : le gel, puis la crème seule.",
  },
  {
    match: /^(Eau de Parfum|Eau de Toilette|Eau de Cologne|Coffret Découverte)/,
    inci: "Alcohol Denat., Parfum (Fragrance), Aqua (Water), Linalool, Limonene, Citronellol, Geraniol, Coumarin, Benzyl Salicylate",
    tips: "Vaporisez à 15 cm de la peau, sur les poignets, le cou et derrière les oreilles, sans frotter pour ne pas briser les notes de tête. Conservez le flacon à l'abri de la lumière et de la chaleur.",
  },
  {
    match: /^Extrait de Parfum/,
    inci: "Alcohol Denat., Parfum (Fragrance), Aqua (Water), Benzyl Benzoate, Linalool, Coumarin, Eugenol, Isoeugenol",
    tips: "Très concentré : une à deux pressions suffisent, sur les points de pulsation. Conservez le flacon à l'abri de la lumière et de la chaleur.",
  },
  {
    match: /^Brume/,
    inci: "Aqua (Water), Alcohol Denat., Parfum (Fragrance), Glycerin, Polysorbate 20, Linalool, Limonene",
    tips: "Vaporisez généreusement à 20 cm sur le corps ou sur les longueurs, et renouvelez dans la journée pour raviver le sillage.",
  },
  {
    match: /Shampooing Solide/,
    inci: "Sodium Cocoyl Isethionate, Cocos Nucifera (Coconut) Oil, Cetearyl Alcohol, Coco-Glucoside, Parfum (Fragrance), Tocopherol",
    tips: "Frottez le pain humide entre vos mains ou directement sur les cheveux mouillés, massez puis rincez. Laissez-le sécher sur un porte-savon entre deux utilisations.",
  },
  {
    match: /^Savon/,
    inci: "Sodium Olivate, Sodium Cocoate, Aqua (Water), Glycerin, Butyrospermum Parkii (Shea) Butter, Parfum (Fragrance), Tocopherol",
    tips: "Faites mousser entre les mains mouillées, appliquez sur le visage ou le corps puis rincez. Laissez-le sécher sur un porte-savon pour le faire durer.",
  },
  {
    match: /Shampooing Sec/,
    inci: "Butane, Isobutane, Propane, Oryza Sativa (Rice) Starch, Alcohol Denat., Parfum (Fragrance), Limonene",
    tips: "Agitez, vaporisez à 20 cm sur les racines, laissez agir deux minutes puis brossez pour éliminer l'excédent.",
  },
  {
    match: /^(Shampooing|Gel Douche|Bain Moussant|Gel Nettoyant)/,
    inci: "Aqua (Water), Sodium Coco-Sulfate, Cocamidopropyl Betaine, Glycerin, Coco-Glucoside, Sodium Chloride, Parfum (Fragrance), Citric Acid, Sodium Benzoate",
    tips: "Appliquez sur peau ou cheveux mouillés, faites mousser en massant doucement puis rincez abondamment à l'eau tiède.",
  },
  {
    match: /^(Après-Shampooing|Masque Nutrition|Masque Violet|Soin Sans Rinçage|Crème Boucles)/,
    inci: "Aqua (Water), Cetearyl Alcohol, Behentrimonium Chloride, Glycerin, Butyrospermum Parkii (Shea) Butter, Parfum (Fragrance), Citric Acid, Sodium Benzoate, Potassium Sorbate",
    tips: "Appliquez sur cheveux essorés, des longueurs aux pointes, en évitant les racines. Laissez poser quelques minutes (les soins sans rinçage se coiffent directement).",
  },
  {
    match: /^(Spray Thermoprotecteur|Gelée Coiffante)/,
    inci: "Aqua (Water), Alcohol Denat., PVP, Glycerin, Aloe Barbadensis Leaf Juice, Panthenol, Parfum (Fragrance), Phenoxyethanol",
    tips: "Répartissez sur cheveux humides ou secs, mèche par mèche, puis coiffez. Pour le brushing, appliquez avant toute source de chaleur.",
  },
  {
    match: /^Huile/,
    inci: "Caprylic/Capric Triglyceride, Helianthus Annuus (Sunflower) Seed Oil, Simmondsia Chinensis (Jojoba) Seed Oil, Tocopherol, Parfum (Fragrance), Limonene, Linalool",
    tips: "Réchauffez quelques gouttes entre vos paumes puis appliquez en massant sur peau ou cheveux secs ou légèrement humides.",
  },
  {
    match: /^Sérum/,
    inci: "Aqua (Water), Glycerin, Propanediol, Sodium Hyaluronate, Niacinamide, Panthenol, Xanthan Gum, Phenoxyethanol, Ethylhexylglycerin",
    tips: "Déposez trois à quatre gouttes sur peau propre et sèche, lissez du centre vers l'extérieur du visage, puis appliquez votre crème.",
  },
  {
    match: /^(Eau Micellaire|Lotion Tonique)/,
    inci: "Aqua (Water), Glycerin, Poloxamer 184, Panthenol, Allantoin, Disodium EDTA, Phenoxyethanol",
    tips: "Imbibez un disque de coton et passez-le sur le visage et les yeux sans frotter. Aucun rinçage nécessaire.",
  },
  {
    match: /^Masque Argile/,
    inci: "Aqua (Water), Kaolin, Illite, Glycerin, Cetearyl Alcohol, Butyrospermum Parkii (Shea) Butter, Xanthan Gum, Phenoxyethanol",
    tips: "Appliquez une couche épaisse sur peau propre en évitant le contour des yeux, laissez poser 10 minutes puis rincez à l'eau tiède.",
  },
  {
    match: /^Gommage/,
    inci: "Aqua (Water), Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol, Parfum (Fragrance), Xanthan Gum, Sodium Benzoate",
    tips: "Massez en mouvements circulaires sur peau humide, en insistant sur les zones rugueuses, puis rincez. Une à deux fois par semaine.",
  },
  {
    match: /^Déodorant/,
    inci: "Aqua (Water), Propanediol, Zinc Ricinoleate, Glycerin, Parfum (Fragrance), Sodium Benzoate",
    tips: "Appliquez sur peau propre et sèche, de préférence le matin. Attendez quelques secondes avant de vous habiller.",
  },
  {
    match: /^(Fond de Teint|Correcteur|Base de Teint)/,
    inci: `Aqua (Water), Dimethicone, Isododecane, Glycerin, Butylene Glycol, PEG-10 Dimethicone, Sodium Hyaluronate, Tocopherol, Phenoxyethanol, ${PIGMENTS}`,
    tips: "Appliquez par petites touches au centre du visage puis estompez vers l'extérieur au pinceau, à l'éponge humide ou du bout des doigts. Superposez une fine couche pour plus de couvrance.",
  },
  {
    match: /^(Poudre|Blush|Enlumineur|Palette)/,
    inci: `Talc, Mica, Zinc Stearate, Dimethicone, Octyldodecanol, Caprylyl Glycol, Tocopherol, ${PIGMENTS}`,
    tips: "Prélevez peu de produit au pinceau, tapotez pour retirer l'excédent et estompez. Montez l'intensité couche après couche.",
  },
  {
    match: /^(Rouge à Lèvres|Gloss)/,
    inci: `Ricinus Communis (Castor) Seed Oil, Octyldodecanol, Euphorbia Cerifera (Candelilla) Wax, Simmondsia Chinensis (Jojoba) Seed Oil, Tocopherol, Parfum (Fragrance), [+/- (May Contain): CI 15850 (Red 7), CI 45410 (Red 28), CI 77891, CI 77491]`,
    tips: "Appliquez en partant du centre des lèvres vers les commissures. Pour plus de tenue, déposez une première couche, pressez un mouchoir puis appliquez une seconde couche.",
  },
  {
    match: /^(Mascara|Crayon)/,
    inci: "Aqua (Water), Copernicia Cerifera (Carnauba) Wax, Stearic Acid, Acacia Senegal Gum, Glyceryl Stearate, Panthenol, Phenoxyethanol, CI 77499 (Iron Oxides)",
    tips: "Appliquez de la racine vers la pointe en zigzaguant, ou tracez au ras des cils. Se démaquille avec une huile ou une eau micellaire.",
  },
  {
    match: /^Vernis/,
    inci: "Butyl Acetate, Ethyl Acetate, Nitrocellulose, Acetyl Tributyl Citrate, Isopropyl Alcohol, Stearalkonium Bentonite, [+/- (May Contain): CI 15850, CI 77491, CI 77891]",
    tips: "Appliquez une base, puis deux fines couches de couleur en laissant sécher deux minutes entre chacune. Finissez par un top coat pour plus de brillance.",
  },
  {
    match: /^Bougie/,
    inci: "Hydrogenated Rapeseed Oil, Parfum (Fragrance), Linalool, Coumarin, Limonene",
    tips: "Laissez la cire fondre jusqu'aux bords dès le premier allumage (environ deux heures), recoupez la mèche à 5 mm et ne la laissez jamais brûler sans surveillance.",
  },
  {
    match: /^Diffuseur/,
    inci: "Dipropylene Glycol, Parfum (Fragrance), Linalool, Limonene, Coumarin",
    tips: "Plongez les bâtonnets dans le flacon, retournez-les au bout d'une heure puis chaque semaine pour raviver le parfum. Tenez hors de portée des enfants.",
  },
  {
    match: /^(Pinceau|Set de 5 Pinceaux)/,
    inci: null,
    tips: "Lavez vos pinceaux chaque semaine à l'eau tiède et au savon doux, puis laissez-les sécher à plat, poils vers le bas.",
  },
  {
    match: /^Éponge/,
    inci: null,
    tips: "Humidifiez l'éponge puis essorez-la avant usage ; appliquez en tapotant. Lavez-la après chaque utilisation.",
  },
  {
    match: /^Disques Démaquillants/,
    inci: null,
    tips: "Lavez en machine à 60 °C dans le filet fourni, sans adoucissant, et laissez sécher à l'air libre.",
  },
  {
    match: /^(Crème|Lait|Baume|Beurre|Contour)/,
    inci: "Aqua (Water), Glycerin, Caprylic/Capric Triglyceride, Cetearyl Alcohol, Butyrospermum Parkii (Shea) Butter, Glyceryl Stearate, Tocopherol, Xanthan Gum, Sodium Benzoate, Potassium Sorbate, Citric Acid",
    tips: "Appliquez sur peau propre et massez délicatement jusqu'à pénétration complète.",
  },
];

/** The ingredient that gives a product its name, slotted into the base formula. */
const KEY_INGREDIENTS: [RegExp, string][] = [
  [/vitamine c/i, "3-O-Ethyl Ascorbic Acid"],
  [/hyaluronique/i, "Sodium Hyaluronate"],
  [/rétinol/i, "Retinol"],
  [/argan/i, "Argania Spinosa Kernel Oil"],
  [/karité/i, "Butyrospermum Parkii (Shea) Butter"],
  [/riz/i, "Oryza Sativa (Rice) Powder"],
  [/monoï/i, "Cocos Nucifera (Coconut) Oil, Gardenia Tahitensis Flower Extract"],
  [/fleur d'oranger|néroli/i, "Citrus Aurantium Amara (Bitter Orange) Flower Water"],
  [/lait d'ânesse/i, "Donkey Milk"],
  [/camomille/i, "Chamomilla Recutita (Matricaria) Flower Extract"],
  [/romarin/i, "Rosmarinus Officinalis (Rosemary) Leaf Extract"],
  [/urée/i, "Urea"],
  [/caféine/i, "Caffeine"],
  [/kératine/i, "Hydrolyzed Wheat Protein"],
  [/aloe/i, "Aloe Barbadensis Leaf Juice"],
  [/\blin\b/i, "Linum Usitatissimum (Linseed) Seed Extract"],
  [/lavande/i, "Lavandula Angustifolia (Lavender) Oil"],
  [/verveine/i, "Lippia Citriodora Leaf Extract"],
  [/sucre/i, "Sucrose"],
  [/rose/i, "Rosa Damascena Flower Water"],
];

/**
 * Perfumes, candles and make-up keep their base list: their "rose" is in the Parfum or is a
 * shade, and a water extract has no place in an anhydrous lipstick.
 */
const NO_KEY_INGREDIENT =
  /^(Eau de|Extrait|Coffret|Brume|Bougie|Diffuseur|Rouge|Gloss|Mascara|Crayon|Vernis|Poudre|Blush|Enlumineur|Palette)/;

/** The product's INCI list and usage advice, or null where a list makes no sense (a mirror). */
export function careDetails(seed: CareInput): { ingredients: string | null; usageTips: string | null } {
  const kind = KINDS.find((k) => k.match.test(seed.name));
  if (!kind) return { ingredients: null, usageTips: null };
  let ingredients = kind.inci;
  const text = `${seed.name} ${seed.description} ${seed.tags.join(" ")}`;
  const key = KEY_INGREDIENTS.find(([re]) => re.test(text))?.[1];
  if (ingredients && key && !ingredients.includes(key) && !NO_KEY_INGREDIENT.test(seed.name)) {
    const parts = ingredients.split(", ");
    parts.splice(1, 0, key);
    ingredients = parts.join(", ");
  }
  const usage = seed.attributes.usage;
  const usageTips = kind.tips && usage ? `${kind.tips} Moment conseillé : ${usage.charAt(0).toLowerCase()}${usage.slice(1)}.` : kind.tips;
  return { ingredients, usageTips };
}
