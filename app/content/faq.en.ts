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
import type { ShippingSettings } from "~/domain/checkout/shipping.rules";
import { DEFAULT_SAMPLE_ALLOWANCES, type SampleAllowances } from "~/domain/samples/sample-allowances";
import type { FaqCategory } from "./faq";
import { formatEuros } from "./shop-facts";

/**
 * The FAQ in English (decision 044): the same categories, slugs, ids, icons and links as the French
 * FAQ in ./faq.ts, only the words change (a unit test holds the two structures equal). Prices keep
 * the shop's French euro format, as on every English page.
 */

// The delays of ./delivery.ts, worded as the English delivery page words them.
const METROPOLITAN_DELAY = "48 working hours";
const CORSICA_DELAY = "3 to 5 working days";
const OVERSEAS_DELAY = "7 to 10 working days";

const count = new Intl.NumberFormat("en-GB");
const points = (n: number) => `${count.format(n)} point${n === 1 ? "" : "s"}`;
const redeem = (steps: number) =>
  `${points(BEAUTY_PASS_REDEEM_STEP_POINTS * steps)} = ${formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS * steps)}`;
const hours = (n: number) => `${n} hour${n === 1 ? "" : "s"}`;

export function faqCategoriesEn({
  feeCents,
  freeThresholdCents,
  samples = DEFAULT_SAMPLE_ALLOWANCES,
}: ShippingSettings & { samples?: SampleAllowances }): readonly FaqCategory[] {
  return [
    {
      slug: "commandes-livraison",
      name: "Orders & Delivery",
      icon: "package",
      questions: [
        {
          id: "delais-frais-livraison",
          question: "How long does delivery take and how much does it cost?",
          answer: `In mainland France, your order is delivered within ${METROPOLITAN_DELAY}, insured and tracked. Delivery costs ${formatEuros(feeCents)} and is free on orders of ${formatEuros(freeThresholdCents)} or more. Corsica takes ${CORSICA_DELAY}, on the same terms; the French overseas territories take ${OVERSEAS_DELAY}, for ${formatEuros(OVERSEAS_SHIPPING_FEE_CENTS)}.`,
          link: { to: "/livraison-retours", label: "Everything about delivery" },
        },
        {
          id: "point-relais",
          question: "Can I have my order delivered to a pickup point?",
          answer: `Yes. Delivery to a pickup point takes ${formatEuros(RELAY_POINT_DISCOUNT_CENTS)} off the delivery cost. You choose your pickup point when you place your order.`,
        },
        {
          id: "transporteurs",
          question: "Which carriers deliver my parcels?",
          answer:
            "We work with Colissimo, Chronopost and UPS, depending on your address and the delivery method you choose. Every parcel is insured and tracked.",
        },
        {
          id: "suivi-commande",
          question: "How do I track my order?",
          answer:
            "Sign in, then open My account > My orders: the status of each order is kept up to date there (confirmed, being prepared, shipped, delivered).",
        },
        {
          id: "modifier-annuler-commande",
          question: "Can I change or cancel my order?",
          answer: `Yes, for ${hours(ORDER_CHANGE_WINDOW_HOURS)} after you place it. After that, your order is already being prepared: contact our customer service, or send the products back free of charge within ${RETURNS_DAYS} days of receiving them.`,
        },
        {
          id: "livraison-outre-mer",
          question: "Do you deliver to Corsica and the French overseas territories?",
          answer: `Yes. Corsica is delivered within ${CORSICA_DELAY} (${formatEuros(feeCents)}, free on orders of ${formatEuros(freeThresholdCents)} or more) and the French overseas departments and regions within ${OVERSEAS_DELAY} (${formatEuros(OVERSEAS_SHIPPING_FEE_CENTS)}). Products containing alcohol, such as perfumes, are subject to shipping restrictions to the overseas territories.`,
        },
      ],
    },
    {
      slug: "paiement-prix",
      name: "Payment & Prices",
      icon: "credit-card",
      questions: [
        {
          id: "moyens-paiement",
          question: "Which payment methods do you accept?",
          answer: "You pay by bank card (CB, Visa, Mastercard, American Express) through our secure payment provider.",
        },
        {
          id: "paiement-securise",
          question: "Is payment secure?",
          answer:
            "Yes. Payment is encrypted (SSL) and protected by 3D Secure: your bank may ask you to confirm the purchase. Aurore never keeps your full card number.",
        },
        {
          id: "paiement-plusieurs-fois",
          question: "Can I pay in instalments?",
          answer: `Yes, you can pay in ${SPLIT_PAYMENT_INSTALMENTS} interest-free instalments on card orders of ${formatEuros(SPLIT_PAYMENT_MIN_CENTS)} or more: choose “Pay in 3 interest-free instalments” at the payment step. The first instalment is taken on the day of the order and the other two 30 and 60 days later, on the same card; the schedule is shown in your order's details.`,
        },
        {
          id: "prix-ttc",
          question: "Do your prices include VAT?",
          answer: "Yes, all our prices are shown in euros, including all taxes. Any delivery cost is shown before you confirm your order.",
        },
        {
          id: "carte-cadeau",
          question: "How do I use a gift card?",
          answer: `Enter the card's code at the payment step. Worth ${formatEuros(GIFT_CARD_MIN_CENTS)} to ${formatEuros(GIFT_CARD_MAX_CENTS)}, it is valid for ${GIFT_CARD_VALIDITY_YEARS} years and can be used over several orders. If your order is more than the balance, you pay the rest another way.`,
          link: { to: "/carte-cadeau", label: "Give a gift card" },
        },
        {
          id: "codes-promo",
          question: "Can I combine a promo code with my Beauty Pass points?",
          answer:
            "No, promo codes cannot be combined with a Beauty Pass discount. You choose whichever benefit suits you best when you place your order.",
        },
        {
          id: "reduction-newsletter",
          question: "Is there a discount on my first order?",
          answer: "Yes: sign up to our newsletter and you get 10% off your first order.",
        },
      ],
    },
    {
      slug: "retours-echanges",
      name: "Returns & Exchanges",
      icon: "returns",
      questions: [
        {
          id: "retourner-produit",
          question: "How do I return a product?",
          answer:
            "In My account > My orders, choose the order, then “Return items”. Print the prepaid label, pack the products with the invoice, then drop the parcel off at a pickup point.",
          link: { to: "/livraison-retours", label: "See how returns work" },
        },
        {
          id: "retours-gratuits",
          question: "Are returns free?",
          answer: `Yes, returns are free for ${RETURNS_DAYS} days after you receive your order, with the prepaid label.`,
        },
        {
          id: "delai-remboursement",
          question: "When will I be refunded?",
          answer: `You are refunded within ${RETURN_REFUND_MIN_DAYS} to ${RETURN_REFUND_MAX_DAYS} days of our receiving your return, to the payment method used for the order.`,
        },
        {
          id: "produits-non-repris",
          question: "Which products cannot be returned?",
          answer:
            "For hygiene and safety reasons, we cannot take back opened or unsealed perfumes and cosmetics, personalised items, underwear or swimwear.",
        },
        {
          id: "echanger-produit",
          question: "Can I exchange a product?",
          answer: `To exchange a product, send it back free of charge within ${RETURNS_DAYS} days and place a new order: the returned product is refunded as soon as we receive the parcel.`,
        },
        {
          id: "droit-retractation",
          question: "What is the right of withdrawal?",
          answer: `The law gives you ${WITHDRAWAL_DAYS} days after receiving your order to change your mind, without giving a reason. Our ${RETURNS_DAYS}-day returns policy goes beyond that legal period.`,
          link: { to: "/conditions-generales", label: "Read the terms and conditions" },
        },
        {
          id: "colis-abime",
          question: "My parcel arrived damaged. What should I do?",
          answer:
            "Contact our customer service with your order number and a photo of the parcel and the products: we will find a solution with you.",
          link: { to: "/service-client", label: "Contact customer service" },
        },
      ],
    },
    {
      slug: "beauty-pass-fidelite",
      name: "Beauty Pass & Loyalty",
      icon: "sparkles",
      questions: [
        {
          id: "beauty-pass",
          question: "What is the Beauty Pass?",
          answer:
            "The Beauty Pass is Aurore's free loyalty programme: every beauty purchase earns you points, which you turn into discounts.",
        },
        {
          id: "rejoindre-beauty-pass",
          question: "How do I join the Beauty Pass?",
          answer:
            "Just create your Aurore account: your Beauty Pass opens automatically and free of charge, and your first beauty points arrive with your first delivered order.",
        },
        {
          id: "gagner-points",
          question: "How do I earn points?",
          answer: `€1 spent = ${points(BEAUTY_PASS_POINTS_PER_EURO)}. Points are credited to your account once your order is delivered. The part of an order paid with points does not earn new points.`,
        },
        {
          id: "utiliser-points",
          question: "How do I use my points?",
          answer: `From ${points(BEAUTY_PASS_REDEEM_STEP_POINTS)}, you turn your points into a discount when you place an order: ${redeem(1)} off, ${redeem(2)}, ${redeem(5)}.`,
        },
        {
          id: "expiration-points",
          question: "Do my points expire?",
          answer: `Yes, each point expires ${BEAUTY_PASS_POINTS_VALIDITY_MONTHS} months after it was earned. We remind you ${BEAUTY_PASS_EXPIRY_REMINDER_DAYS} days before it expires.`,
        },
        {
          id: "niveaux-beauty-pass",
          question: "What are the Beauty Pass levels?",
          answer: `Beauty Lover from 0 to ${points(BEAUTY_PASS_EXPERT_MIN_POINTS - 1)}, Beauty Expert from ${count.format(BEAUTY_PASS_EXPERT_MIN_POINTS)} to ${points(BEAUTY_PASS_VIP_MIN_POINTS - 1)} and Beauty VIP from ${points(BEAUTY_PASS_VIP_MIN_POINTS)}. Beauty Expert members get express delivery once a month, Beauty VIP members unlimited express delivery.`,
        },
      ],
    },
    {
      slug: "produits-conseils",
      name: "Products & Advice",
      icon: "lipstick",
      questions: [
        {
          id: "echantillons",
          question: "Will I receive samples?",
          answer: `Yes, and you choose them: at the payment step, tick ${samples.base} free sample${samples.base === 1 ? "" : "s"} among those available (${samples.expert} for Beauty Expert, ${samples.vip} for VIP), while stocks last. They show at €0 on your order, and you may also choose none.`,
        },
        {
          id: "choisir-contenance-parfum",
          question: "How do I choose the right perfume size?",
          answer:
            "Our size guide compares bottles from 15 to 150 ml and has a calculator that suggests the right size for the number of sprays a day and how long you want the bottle to last.",
          link: { to: "/guide-tailles", label: "Open the size guide" },
        },
        {
          id: "conservation-produit-ouvert",
          question: "How long does a product keep once opened?",
          answer:
            "Look for the open jar symbol (PAO) on the packaging: “12M” means 12 months after opening. As a rule, a mascara keeps for 3 to 6 months, a cream for 6 to 12 months, and a perfume for several years if kept away from light and heat.",
        },
        {
          id: "type-de-peau",
          question: "How do I know my skin type?",
          answer:
            "Dry skin feels tight, oily skin shines all over the face, combination skin shines mostly in the T-zone (forehead, nose, chin) and sensitive skin reddens easily. Each product page lists the skin types it suits.",
        },
        {
          id: "conserver-parfum",
          question: "How should I store my perfume?",
          answer: "Away from light, heat and damp: avoid the bathroom and keep the bottle in its box with the cap on.",
        },
        {
          id: "conseil-personnalise",
          question: "Can you recommend a product?",
          answer:
            "Of course: our beauty advisers answer by phone or e-mail. Tell us about your skin, what you are looking for and your budget, and we will suggest a selection.",
          link: { to: "/service-client", label: "Contact an adviser" },
        },
      ],
    },
  ];
}
