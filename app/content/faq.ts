import {
  BEAUTY_PASS_EXPERT_MIN_POINTS,
  BEAUTY_PASS_EXPIRY_REMINDER_DAYS,
  BEAUTY_PASS_POINTS_PER_EURO,
  BEAUTY_PASS_POINTS_VALIDITY_MONTHS,
  BEAUTY_PASS_REDEEM_STEP_CENTS,
  BEAUTY_PASS_REDEEM_STEP_POINTS,
  BEAUTY_PASS_VIP_MIN_POINTS,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
  GIFT_CARD_VALIDITY_YEARS,
  ORDER_CHANGE_WINDOW_HOURS,
  OVERSEAS_SHIPPING_FEE_CENTS,
  RELAY_POINT_DISCOUNT_CENTS,
  RETURN_REFUND_MAX_DAYS,
  RETURN_REFUND_MIN_DAYS,
  RETURNS_DAYS,
  SPLIT_PAYMENT_INSTALMENTS,
  SPLIT_PAYMENT_MIN_CENTS,
  WITHDRAWAL_DAYS,
} from "~/lib/shop-rules";
import { DEFAULT_SHIPPING_SETTINGS, type ShippingSettings } from "~/domain/checkout/shipping.rules";
import { DEFAULT_SAMPLE_ALLOWANCES, type SampleAllowances } from "~/domain/samples/sample-allowances";
import { DEFAULT_LANGUAGE, type Language } from "~/domain/i18n/languages";
import { CORSICA_DELAY, METROPOLITAN_DELAY, OVERSEAS_DELAY } from "./delivery";
import { faqCategoriesEn } from "./faq.en";
import { formatEuros } from "./shop-facts";

/**
 * FAQ content (/faq): five categories of questions, searched by the page's loader. This file holds
 * the French; ./faq.en.ts the same questions in English (decision 044), chosen by the loader so a
 * page carries one language only.
 */

export type FaqQuestion = {
  /** Stable anchor, unique over the whole FAQ. */
  id: string;
  question: string;
  answer: string;
  /** An optional page that goes further. */
  link?: { to: string; label: string };
};

export type FaqCategory = {
  /** Used in the address: /faq?category=retours-echanges */
  slug: string;
  name: string;
  /** Name of the decorative SVG icon (components/ui/icons), always rendered aria-hidden. */
  icon: "package" | "credit-card" | "returns" | "sparkles" | "lipstick";
  questions: FaqQuestion[];
};

const points = (n: number) => `${n.toLocaleString("fr-FR")} points`;
const redeem = (steps: number) =>
  `${points(BEAUTY_PASS_REDEEM_STEP_POINTS * steps)} = ${formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS * steps)}`;

/**
 * The FAQ with the delivery fee and free-delivery threshold edited in Paramètres (mainland and
 * Corsica share them, as the checkout charges): one figure everywhere, never a stale constant.
 */
function faqCategories({ feeCents, freeThresholdCents, samples = DEFAULT_SAMPLE_ALLOWANCES }: FaqSettings): readonly FaqCategory[] {
  return [
    {
      slug: "commandes-livraison",
      name: "Commandes & Livraison",
      icon: "package",
      questions: [
        {
          id: "delais-frais-livraison",
          question: "Quels sont les délais et les frais de livraison ?",
          answer: `En France métropolitaine, votre commande est livrée en ${METROPOLITAN_DELAY}, assurée et suivie. La livraison coûte ${formatEuros(feeCents)} et elle est offerte dès ${formatEuros(freeThresholdCents)} d'achat. En Corse, comptez ${CORSICA_DELAY}, aux mêmes conditions ; en outre-mer, ${OVERSEAS_DELAY} pour ${formatEuros(OVERSEAS_SHIPPING_FEE_CENTS)}.`,
          link: { to: "/livraison-retours", label: "Tout savoir sur la livraison" },
        },
        {
          id: "point-relais",
          question: "Puis-je me faire livrer en point relais ?",
          answer: `Oui. La livraison en point relais vous fait bénéficier de ${formatEuros(RELAY_POINT_DISCOUNT_CENTS)} de réduction sur les frais de livraison. Vous choisissez votre point relais au moment de valider votre commande.`,
        },
        {
          id: "transporteurs",
          question: "Quels transporteurs livrent mes colis ?",
          answer:
            "Nous travaillons avec Colissimo, Chronopost et UPS, selon votre adresse et le mode de livraison choisi. Chaque envoi est assuré et suivi.",
        },
        {
          id: "suivi-commande",
          question: "Comment suivre ma commande ?",
          answer:
            "Connectez-vous puis ouvrez Mon compte > Mes commandes : le statut de chaque commande y est mis à jour (confirmée, en cours, expédiée, livrée).",
        },
        {
          id: "modifier-annuler-commande",
          question: "Puis-je modifier ou annuler ma commande ?",
          answer: `Oui, pendant ${ORDER_CHANGE_WINDOW_HOURS} heure après sa validation. Passé ce délai, votre commande est déjà en préparation : contactez notre service client, ou retournez gratuitement les produits dans les ${RETURNS_DAYS} jours qui suivent leur réception.`,
        },
        {
          id: "livraison-outre-mer",
          question: "Livrez-vous en Corse et en outre-mer ?",
          answer: `Oui. La Corse est livrée en ${CORSICA_DELAY} (${formatEuros(feeCents)}, offerte dès ${formatEuros(freeThresholdCents)} d'achat) et les départements et régions d'outre-mer en ${OVERSEAS_DELAY} (${formatEuros(OVERSEAS_SHIPPING_FEE_CENTS)}). Vers l'outre-mer, les produits contenant de l'alcool, comme les parfums, sont soumis à des restrictions de transport.`,
        },
      ],
    },
    {
      slug: "paiement-prix",
      name: "Paiement & Prix",
      icon: "credit-card",
      questions: [
        {
          id: "moyens-paiement",
          question: "Quels moyens de paiement acceptez-vous ?",
          answer:
            "Vous payez par carte bancaire (CB, Visa, Mastercard, American Express) auprès de notre prestataire de paiement sécurisé.",
        },
        {
          id: "paiement-securise",
          question: "Le paiement est-il sécurisé ?",
          answer:
            "Oui. Le paiement est chiffré (SSL) et protégé par 3D Secure : votre banque peut vous demander de confirmer l'achat. Aurore ne conserve jamais le numéro complet de votre carte.",
        },
        {
          id: "paiement-plusieurs-fois",
          question: "Puis-je payer en plusieurs fois ?",
          answer: `Oui, le paiement en ${SPLIT_PAYMENT_INSTALMENTS} fois sans frais est proposé dès ${formatEuros(SPLIT_PAYMENT_MIN_CENTS)} d'achat réglés par carte bancaire : choisissez « Payer en 3 fois sans frais » à l'étape du paiement. La première échéance est prélevée le jour de la commande, les deux suivantes 30 et 60 jours plus tard sur la même carte ; l'échéancier figure dans le détail de votre commande.`,
        },
        {
          id: "prix-ttc",
          question: "Vos prix sont-ils TTC ?",
          answer:
            "Oui, tous nos prix sont indiqués en euros, toutes taxes comprises. Les frais de livraison éventuels sont affichés avant la validation de votre commande.",
        },
        {
          id: "carte-cadeau",
          question: "Comment utiliser une carte cadeau ?",
          answer: `Saisissez le code de la carte au moment du paiement. D'un montant de ${formatEuros(GIFT_CARD_MIN_CENTS)} à ${formatEuros(GIFT_CARD_MAX_CENTS)}, elle est valable ${GIFT_CARD_VALIDITY_YEARS} ans et utilisable en plusieurs commandes. Si votre commande dépasse le solde, vous complétez avec un autre moyen de paiement.`,
          link: { to: "/carte-cadeau", label: "Offrir une carte cadeau" },
        },
        {
          id: "codes-promo",
          question: "Puis-je cumuler un code promo et mes points Beauty Pass ?",
          answer:
            "Non, les codes promo ne sont pas cumulables avec une réduction Beauty Pass. Vous choisissez l'avantage le plus intéressant au moment de la commande.",
        },
        {
          id: "reduction-newsletter",
          question: "Y a-t-il une réduction pour la première commande ?",
          answer: "Oui : en vous inscrivant à notre newsletter, vous recevez 10 % de réduction sur votre première commande.",
        },
      ],
    },
    {
      slug: "retours-echanges",
      name: "Retours & Échanges",
      icon: "returns",
      questions: [
        {
          id: "retourner-produit",
          question: "Comment retourner un produit ?",
          answer:
            "Depuis Mon compte > Mes commandes, choisissez la commande puis « Retourner des articles ». Imprimez l'étiquette prépayée, remballez les produits avec la facture, puis déposez le colis dans un point relais.",
          link: { to: "/livraison-retours", label: "Voir la procédure de retour" },
        },
        {
          id: "retours-gratuits",
          question: "Les retours sont-ils gratuits ?",
          answer: `Oui, les retours sont gratuits pendant ${RETURNS_DAYS} jours après la réception de votre commande, grâce à l'étiquette prépayée.`,
        },
        {
          id: "delai-remboursement",
          question: "Quand serai-je remboursé(e) ?",
          answer: `Le remboursement est effectué sous ${RETURN_REFUND_MIN_DAYS} à ${RETURN_REFUND_MAX_DAYS} jours après la réception de votre retour, sur le moyen de paiement utilisé pour la commande.`,
        },
        {
          id: "produits-non-repris",
          question: "Quels produits ne peuvent pas être retournés ?",
          answer:
            "Pour des raisons d'hygiène et de sécurité, nous ne reprenons pas les parfums et cosmétiques ouverts ou descellés, les articles personnalisés, ni les sous-vêtements et maillots de bain.",
        },
        {
          id: "echanger-produit",
          question: "Puis-je échanger un produit ?",
          answer: `Pour un échange, retournez le produit gratuitement sous ${RETURNS_DAYS} jours puis passez une nouvelle commande : le produit retourné vous est remboursé dès réception du colis.`,
        },
        {
          id: "droit-retractation",
          question: "Qu'est-ce que le droit de rétractation ?",
          answer: `La loi vous donne ${WITHDRAWAL_DAYS} jours après la réception de votre commande pour vous rétracter, sans avoir à vous justifier. Notre politique de retour de ${RETURNS_DAYS} jours va au-delà de ce délai légal.`,
          link: { to: "/conditions-generales", label: "Lire les conditions générales" },
        },
        {
          id: "colis-abime",
          question: "Mon colis est arrivé abîmé, que faire ?",
          answer:
            "Contactez notre service client avec votre numéro de commande et une photo du colis et des produits : nous trouvons une solution avec vous.",
          link: { to: "/service-client", label: "Contacter le service client" },
        },
      ],
    },
    {
      slug: "beauty-pass-fidelite",
      name: "Beauty Pass & Fidélité",
      icon: "sparkles",
      questions: [
        {
          id: "beauty-pass",
          question: "Qu'est-ce que le Beauty Pass ?",
          answer:
            "Le Beauty Pass est le programme de fidélité gratuit d'Aurore : chacun de vos achats beauté vous rapporte des points, que vous transformez en réductions.",
        },
        {
          id: "rejoindre-beauty-pass",
          question: "Comment rejoindre le Beauty Pass ?",
          answer:
            "Il suffit de créer votre compte Aurore : votre Beauty Pass est ouvert automatiquement et gratuitement, et vos premiers points beauté arrivent avec votre première commande livrée.",
        },
        {
          id: "gagner-points",
          question: "Comment gagner des points ?",
          answer: `1 € dépensé = ${BEAUTY_PASS_POINTS_PER_EURO} point. Les points sont crédités sur votre compte quand votre commande est livrée. La part d'une commande réglée avec des points ne rapporte pas de nouveaux points.`,
        },
        {
          id: "utiliser-points",
          question: "Comment utiliser mes points ?",
          answer: `Dès ${points(BEAUTY_PASS_REDEEM_STEP_POINTS)}, vous convertissez vos points en réduction au moment de la commande : ${redeem(1)} de réduction, ${redeem(2)}, ${redeem(5)}.`,
        },
        {
          id: "expiration-points",
          question: "Mes points expirent-ils ?",
          answer: `Oui, chaque point expire ${BEAUTY_PASS_POINTS_VALIDITY_MONTHS} mois après avoir été gagné. Nous vous prévenons ${BEAUTY_PASS_EXPIRY_REMINDER_DAYS} jours avant l'expiration.`,
        },
        {
          id: "niveaux-beauty-pass",
          question: "Quels sont les niveaux du Beauty Pass ?",
          answer: `Beauty Lover de 0 à ${points(BEAUTY_PASS_EXPERT_MIN_POINTS - 1)}, Beauty Expert de ${BEAUTY_PASS_EXPERT_MIN_POINTS.toLocaleString("fr-FR")} à ${points(BEAUTY_PASS_VIP_MIN_POINTS - 1)} et Beauty VIP à partir de ${points(BEAUTY_PASS_VIP_MIN_POINTS)}. Le niveau Beauty Expert offre la livraison express une fois par mois, le niveau Beauty VIP la livraison express illimitée.`,
        },
      ],
    },
    {
      slug: "produits-conseils",
      name: "Produits & Conseils",
      icon: "lipstick",
      questions: [
        {
          id: "echantillons",
          question: "Recevrai-je des échantillons ?",
          answer: `Oui, et vous les choisissez : à l'étape du paiement, cochez ${samples.base} échantillon${samples.base > 1 ? "s" : ""} offert${samples.base > 1 ? "s" : ""} parmi ceux disponibles (${samples.expert} en Beauty Expert, ${samples.vip} en VIP), dans la limite des stocks. Ils figurent à 0 € sur votre commande, et vous pouvez aussi n'en choisir aucun.`,
        },
        {
          id: "choisir-contenance-parfum",
          question: "Comment choisir la bonne contenance de parfum ?",
          answer:
            "Notre guide des tailles compare les formats de 15 à 150 ml et propose un calculateur qui suggère la contenance adaptée au nombre de vaporisations par jour et à la durée souhaitée.",
          link: { to: "/guide-tailles", label: "Ouvrir le guide des tailles" },
        },
        {
          id: "conservation-produit-ouvert",
          question: "Combien de temps se conserve un produit ouvert ?",
          answer:
            "Repérez le symbole du pot ouvert (PAO) sur l'emballage : « 12M » signifie 12 mois après ouverture. En général, un mascara se garde 3 à 6 mois, une crème 6 à 12 mois, un parfum plusieurs années s'il est protégé de la lumière et de la chaleur.",
        },
        {
          id: "type-de-peau",
          question: "Comment connaître mon type de peau ?",
          answer:
            "Une peau sèche tiraille, une peau grasse brille sur tout le visage, une peau mixte brille surtout sur la zone T (front, nez, menton), une peau sensible rougit facilement. Chaque fiche produit indique les types de peau conseillés.",
        },
        {
          id: "conserver-parfum",
          question: "Comment bien conserver mon parfum ?",
          answer:
            "À l'abri de la lumière, de la chaleur et de l'humidité : évitez la salle de bains et gardez le flacon dans sa boîte, bouchon fermé.",
        },
        {
          id: "conseil-personnalise",
          question: "Pouvez-vous me conseiller un produit ?",
          answer:
            "Bien sûr : nos conseillères beauté vous répondent par téléphone ou par e-mail. Décrivez votre peau, vos envies et votre budget, nous vous proposons une sélection.",
          link: { to: "/service-client", label: "Contacter une conseillère" },
        },
      ],
    },
  ];
}

/** The figures the FAQ quotes: delivery (Paramètres) and the free samples per order (decision 067). */
export type FaqSettings = ShippingSettings & { samples?: SampleAllowances };

const FAQ_BUILDERS: Record<Language, (settings: FaqSettings) => readonly FaqCategory[]> = {
  fr: faqCategories,
  en: faqCategoriesEn,
};

const built = new Map<string, readonly FaqCategory[]>();

/** The FAQ for these shipping figures in this language (built once per language and pair of figures). */
export function buildFaqCategories(settings: FaqSettings, language: Language = DEFAULT_LANGUAGE): readonly FaqCategory[] {
  const samples = settings.samples ?? DEFAULT_SAMPLE_ALLOWANCES;
  const key = `${language}:${settings.feeCents}:${settings.freeThresholdCents}:${samples.base}:${samples.expert}:${samples.vip}`;
  let categories = built.get(key);
  if (!categories) {
    if (built.size >= 16) built.clear();
    built.set(key, (categories = FAQ_BUILDERS[language](settings)));
  }
  return categories;
}

/** The FAQ with the published figures: its structure (categories, ids) never depends on them. */
export const FAQ_CATEGORIES: readonly FaqCategory[] = buildFaqCategories(DEFAULT_SHIPPING_SETTINGS);

/** Four questions shown on /service-client. */
export const FAQ_TEASER_IDS = ["suivi-commande", "retourner-produit", "delai-remboursement", "utiliser-points"] as const;

export const FAQ_SEARCH_MAX_LENGTH = 100;

/** Lower case, no accents, single spaces: "Beauté" and "BEAUTE" compare equal. */
export function normalizeForSearch(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/gu, " ").trim();
}

export type FaqFilters = { q: string; category: string | null };

/** Reads ?q and ?category; an unknown category or an overlong query never fails. */
export function parseFaqFilters(params: URLSearchParams): FaqFilters {
  const q = (params.get("q") ?? "").replace(/\s+/gu, " ").trim().slice(0, FAQ_SEARCH_MAX_LENGTH);
  const slug = params.get("category");
  const category = FAQ_CATEGORIES.some((c) => c.slug === slug) ? slug : null;
  return { q, category };
}

const searchableText = new WeakMap<FaqQuestion, string>();
function searchTextOf(q: FaqQuestion): string {
  let text = searchableText.get(q);
  if (text === undefined) searchableText.set(q, (text = normalizeForSearch(`${q.question} ${q.answer}`)));
  return text;
}

/**
 * Questions matching every word of the query (case and accent insensitive, over question and
 * answer), within the chosen category. Categories without a match are left out.
 */
export function searchFaq(filters: FaqFilters, categories: readonly FaqCategory[] = FAQ_CATEGORIES): FaqCategory[] {
  const words = normalizeForSearch(filters.q).split(" ").filter(Boolean);
  return categories
    .filter((c) => !filters.category || c.slug === filters.category)
    .map((c) => ({
      ...c,
      questions: c.questions.filter((q) => {
        const text = searchTextOf(q);
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((c) => c.questions.length > 0);
}

export function findFaqQuestion(
  id: string,
  categories: readonly FaqCategory[] = FAQ_CATEGORIES,
): (FaqQuestion & { category: FaqCategory }) | undefined {
  for (const category of categories) {
    const question = category.questions.find((q) => q.id === id);
    if (question) return { ...question, category };
  }
  return undefined;
}
