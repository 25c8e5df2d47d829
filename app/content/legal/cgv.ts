import { CARRIERS, CORSICA_DELAY, METROPOLITAN_DELAY, OVERSEAS_DELAY } from "~/content/delivery";
import { DEFAULT_SHIPPING_SETTINGS, type ShippingSettings } from "~/domain/checkout/shipping.rules";
import { formatEuros } from "~/content/shop-facts";
import {
  BEAUTY_PASS_EXPERT_MIN_POINTS,
  BEAUTY_PASS_EXPIRY_REMINDER_DAYS,
  BEAUTY_PASS_POINTS_PER_EURO,
  BEAUTY_PASS_POINTS_VALIDITY_MONTHS,
  BEAUTY_PASS_REDEEM_STEP_CENTS,
  BEAUTY_PASS_REDEEM_STEP_POINTS,
  BEAUTY_PASS_VIP_MIN_POINTS,
  GIFT_CARD_EXPIRY_REMINDER_MONTHS,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MIN_CENTS,
  GIFT_CARD_VALIDITY_YEARS,
  LOWEST_PRICE_WINDOW_DAYS,
  ORDER_CHANGE_WINDOW_HOURS,
  OVERSEAS_SHIPPING_FEE_CENTS,
  PHYSICAL_GIFT_CARD_FEE_CENTS,
  RELAY_POINT_DISCOUNT_CENTS,
  RETURN_REFUND_MAX_DAYS,
  RETURN_REFUND_MIN_DAYS,
  RETURNS_DAYS,
  SPLIT_PAYMENT_INSTALMENTS,
  SPLIT_PAYMENT_MIN_CENTS,
  WITHDRAWAL_DAYS,
} from "~/lib/shop-rules";
import type { LegalDocument, SellerIdentity } from "./types";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

export const CGV_UPDATED_AT = "2026-11-21";

/** Button that places the order (Code de la consommation, art. L221-14). */
export const ORDER_BUTTON_LABEL = "Commander avec obligation de paiement";

/**
 * The official model withdrawal form (Code de la consommation, annexe à l'article R221-1),
 * word for word; only the seller's details are filled in.
 */
export function withdrawalFormLines(seller: SellerIdentity): string[] {
  return [
    "(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)",
    `À l'attention de ${seller.companyName}, ${seller.address}, adresse électronique : ${seller.email} :`,
    "Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :",
    "Commandé le (*)/reçu le (*) :",
    "Nom du (des) consommateur(s) :",
    "Adresse du (des) consommateur(s) :",
    "Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :",
    "Date :",
    "(*) Rayez la mention inutile.",
  ];
}

/** Conditions générales de vente (/conditions-generales). */
export function buildCgv(seller: SellerIdentity, shipping: ShippingSettings = DEFAULT_SHIPPING_SETTINGS): LegalDocument {
  // The fee and threshold edited in Paramètres, as the checkout charges them (Corsica shares them).
  const free = formatEuros(shipping.freeThresholdCents);
  const fee = `${formatEuros(shipping.feeCents)}, offerts dès ${free} d'achat`;
  return {
    updatedAt: CGV_UPDATED_AT,
    intro: [
      `Les présentes conditions générales de vente régissent les ventes de produits de parfumerie et de cosmétique conclues sur la boutique en ligne Aurore entre ${seller.companyName} et toute personne physique agissant en qualité de consommateur.`,
      "Toute commande suppose leur acceptation préalable au moment de la validation de la commande. Elles sont accessibles à tout moment sur cette page et peuvent être imprimées ou enregistrées.",
    ],
    sections: [
      {
        id: "vendeur",
        title: "1. Identification du vendeur",
        paragraphs: [
          "La boutique en ligne Aurore est éditée et exploitée par :",
          {
            list: [
              `${seller.companyName}, ${seller.legalForm}, au capital de ${seller.shareCapital}`,
              `Siège social : ${seller.address}`,
              `Immatriculation : ${seller.rcs}`,
              `Numéro de TVA intracommunautaire : ${seller.vatNumber}`,
              `Téléphone : ${seller.phone}`,
              `E-mail : [${seller.email}](mailto:${seller.email})`,
            ],
          },
          "Les informations complètes sur l'éditeur et l'hébergeur figurent dans les [mentions légales](/mentions-legales).",
        ],
      },
      {
        id: "produits",
        title: "2. Produits",
        paragraphs: [
          "Les produits proposés sont ceux qui figurent sur la boutique au jour de la consultation, dans la limite des stocks disponibles. Chaque fiche produit présente ses caractéristiques essentielles (composition, contenance, mode d'emploi et précautions d'usage lorsqu'ils sont communiqués par la marque).",
          "Les photographies sont aussi fidèles que possible mais n'ont pas de valeur contractuelle. En cas d'indisponibilité d'un produit après la commande, vous en êtes informé par e-mail et remboursé dans les meilleurs délais.",
        ],
      },
      {
        id: "prix",
        title: "3. Prix",
        paragraphs: [
          "Les prix sont indiqués en euros, toutes taxes comprises (TTC), TVA française au taux en vigueur incluse. Ils ne comprennent pas les frais de livraison, qui sont indiqués avant la validation de la commande et ajoutés au total.",
          `Le prix facturé est celui affiché au moment de la validation de la commande. Lorsqu'une réduction de prix est annoncée, le prix de référence est le prix le plus bas pratiqué au cours des ${LOWEST_PRICE_WINDOW_DAYS} jours précédant la réduction.`,
          "Pour les livraisons en outre-mer, des droits et taxes locaux (notamment l'octroi de mer) peuvent être exigés à la réception ; ils restent à la charge du destinataire.",
        ],
      },
      {
        id: "commande",
        title: "4. Commande",
        paragraphs: [
          "Pour passer commande, vous suivez les étapes suivantes :",
          {
            ordered: true,
            list: [
              "ajouter les produits choisis au panier ;",
              "vous identifier ou créer votre compte client ;",
              "indiquer l'adresse et le mode de livraison ;",
              "vérifier le récapitulatif de la commande (produits, quantités, prix, frais de livraison, total) et corriger au besoin vos erreurs de saisie ;",
              "accepter les présentes conditions générales de vente ;",
              `cliquer sur le bouton « ${ORDER_BUTTON_LABEL} », puis procéder au paiement.`,
            ],
          },
          `Le contrat est conclu à la validation du paiement. Vous recevez alors par e-mail une confirmation récapitulant la commande et reprenant les présentes conditions générales. Vous pouvez modifier ou annuler votre commande pendant ${ORDER_CHANGE_WINDOW_HOURS} heure après sa validation, depuis votre espace client ou auprès du service client.`,
          "Le vendeur se réserve le droit de refuser une commande anormale ou passée de mauvaise foi, notamment en cas de litige de paiement antérieur.",
        ],
      },
      {
        id: "paiement",
        title: "5. Paiement",
        paragraphs: [
          "Le paiement s'effectue par carte bancaire (CB, Visa, Mastercard, American Express) par l'intermédiaire d'un prestataire de paiement sécurisé, avec authentification 3D Secure. Les données complètes de votre carte sont transmises directement à ce prestataire et ne sont jamais stockées par la boutique ; si vous choisissez d'enregistrer une carte, seuls sa marque, ses 4 derniers chiffres, le nom du titulaire et sa date d'expiration sont conservés.",
          `Le paiement en ${SPLIT_PAYMENT_INSTALMENTS} fois sans frais est proposé dès ${formatEuros(SPLIT_PAYMENT_MIN_CENTS)} d'achat réglés par carte bancaire, sous réserve d'acceptation par le prestataire de paiement : une première échéance le jour de la commande, puis deux échéances 30 et 60 jours plus tard, prélevées sur la même carte. Une échéance refusée est représentée les deux jours suivants.`,
          "Votre compte est débité à la validation de la commande (de la première échéance en cas de paiement en 3 fois). Les cartes cadeaux Aurore et les réductions du Beauty Pass peuvent être utilisées en complément.",
        ],
      },
      {
        id: "livraison",
        title: "6. Livraison",
        paragraphs: [
          `Les commandes sont livrées en France métropolitaine, en Corse et en outre-mer par nos transporteurs partenaires : ${CARRIERS.join(", ")}. Les délais ci-dessous courent à compter de la validation du paiement, en jours ouvrés.`,
          {
            table: {
              caption: "Zones, délais et frais de livraison",
              columns: ["Zone", "Délai", "Frais"],
              rows: [
                [CHECKOUT_MESSAGES.mainlandFrance, METROPOLITAN_DELAY, fee],
                ["Corse", CORSICA_DELAY, fee],
                [
                  "Outre-mer",
                  OVERSEAS_DELAY,
                  `${formatEuros(OVERSEAS_SHIPPING_FEE_CENTS)} ; restrictions pour les produits contenant de l'alcool`,
                ],
                [
                  CHECKOUT_MESSAGES.pickupPoint,
                  "Délai de la zone de livraison",
                  `${formatEuros(RELAY_POINT_DISCOUNT_CENTS)} de réduction sur les frais de livraison`,
                ],
              ],
            },
          },
          "Les parfums et les produits contenant de l'alcool sont soumis à des restrictions de transport aérien : certains ne peuvent pas être expédiés en outre-mer. Vous en êtes informé avant la validation de la commande.",
          "Tous les colis sont assurés et suivis ; un lien de suivi vous est envoyé à l'expédition. En cas de retard, vous pouvez, après nous avoir demandé de livrer dans un délai supplémentaire raisonnable, résoudre le contrat dans les conditions des articles L216-6 et suivants du Code de la consommation. Les risques de perte ou d'endommagement vous sont transférés à la réception du colis.",
          "À la réception, vérifiez l'état du colis et signalez toute anomalie (colis abîmé, produit manquant) au service client dans les meilleurs délais.",
        ],
      },
      {
        id: "retractation",
        title: "7. Droit de rétractation de 14 jours",
        paragraphs: [
          `Conformément aux articles L221-18 et suivants du Code de la consommation, vous disposez d'un délai de ${WITHDRAWAL_DAYS} jours pour vous rétracter, sans avoir à justifier de motif ni à payer de pénalité. Ce délai court à compter du lendemain du jour de la réception du produit par vous-même ou par un tiers que vous avez désigné ; pour une commande livrée en plusieurs fois, à compter du lendemain de la réception du dernier produit. Le délai qui expire un samedi, un dimanche ou un jour férié est prolongé jusqu'au premier jour ouvrable suivant.`,
          `Pour exercer ce droit, informez-nous de votre décision avant l'expiration du délai, par une déclaration dénuée d'ambiguïté envoyée par e-mail à [${seller.email}](mailto:${seller.email}) ou par courrier à ${seller.address}, ou au moyen du [modèle de formulaire de rétractation](#formulaire-retractation) figurant en annexe. Nous vous adressons sans délai un accusé de réception.`,
          `Renvoyez ensuite les produits au plus tard ${WITHDRAWAL_DAYS} jours après nous avoir communiqué votre décision, avec l'étiquette de retour prépayée fournie : les frais de retour sont à notre charge.`,
          `Nous vous remboursons la totalité des sommes versées, frais de livraison initiaux inclus (sur la base du mode de livraison standard), au plus tard ${WITHDRAWAL_DAYS} jours après avoir été informés de votre décision, avec le même moyen de paiement que celui utilisé pour la commande. Ce remboursement peut être différé jusqu'à la récupération des produits ou jusqu'à la preuve de leur expédition. Votre responsabilité n'est engagée qu'en cas de dépréciation des produits résultant de manipulations autres que celles nécessaires pour établir leur nature, leurs caractéristiques et leur bon fonctionnement.`,
          "Conformément à l'article L221-28 du Code de la consommation, le droit de rétractation ne peut pas être exercé pour :",
          {
            list: [
              "les produits cosmétiques et d'hygiène (parfums, soins, maquillage…) qui ont été descellés après la livraison et qui ne peuvent être renvoyés pour des raisons d'hygiène ou de protection de la santé ;",
              "les produits confectionnés selon vos spécifications ou nettement personnalisés (gravure, coffret composé sur mesure…).",
            ],
          },
        ],
      },
      {
        id: "retours",
        title: `8. Retours gratuits sous ${RETURNS_DAYS} jours`,
        paragraphs: [
          `Au-delà du droit légal de rétractation, Aurore vous permet de retourner gratuitement vos produits pendant ${RETURNS_DAYS} jours après leur réception. Les produits doivent être neufs, non ouverts, dans leur emballage d'origine et accompagnés de la facture.`,
          "Pour retourner un produit : déclarez le retour depuis votre espace client (Mes commandes, puis « Retourner des articles »), imprimez l'étiquette prépayée, remballez les produits avec la facture et déposez le colis dans un point relais.",
          `Le remboursement intervient sous ${RETURN_REFUND_MIN_DAYS} à ${RETURN_REFUND_MAX_DAYS} jours après la réception du retour, sur le moyen de paiement utilisé pour la commande. Sont exclus de cette politique commerciale les articles personnalisés, les parfums et cosmétiques ouverts, ainsi que les sous-vêtements et maillots de bain.`,
          "Cette politique de retour s'ajoute à vos droits légaux (droit de rétractation et garanties légales), qu'elle ne limite pas. Voir aussi la page [Livraison et retours](/livraison-retours).",
        ],
      },
      {
        id: "garanties",
        title: "9. Garanties légales",
        paragraphs: [
          "Tous les produits bénéficient de la garantie légale de conformité (articles L217-3 et suivants du Code de la consommation) et de la garantie des vices cachés (articles 1641 et suivants du Code civil), indépendamment de toute garantie commerciale.",
          "Vous disposez d'un délai de deux ans à compter de la délivrance du bien pour obtenir la mise en œuvre de la garantie légale de conformité en cas d'apparition d'un défaut de conformité. Durant ce délai, vous n'êtes tenu d'établir que l'existence du défaut de conformité et non la date de son apparition.",
          "La garantie légale de conformité vous donne droit à la réparation ou au remplacement du bien dans un délai de trente jours suivant votre demande, sans frais et sans inconvénient majeur pour vous. Vous pouvez obtenir une réduction du prix en conservant le bien, ou mettre fin au contrat en étant remboursé intégralement contre restitution du bien, si le vendeur refuse de réparer ou de remplacer le bien, si la réparation ou le remplacement intervient après trente jours ou occasionne un inconvénient majeur, ou si la non-conformité persiste malgré la tentative de mise en conformité. Vous y avez également droit immédiatement lorsque le défaut est si grave qu'il le justifie. La résolution n'est pas possible si le défaut de conformité est mineur.",
          "Toute période d'immobilisation du bien en vue de sa réparation ou de son remplacement suspend la garantie qui restait à courir jusqu'à la délivrance du bien remis en état. Le vendeur qui fait obstacle de mauvaise foi à la mise en œuvre de la garantie légale de conformité encourt une amende civile d'un montant maximal de 300 000 euros, qui peut être porté jusqu'à 10 % du chiffre d'affaires moyen annuel (article L241-5 du Code de la consommation).",
          "Vous bénéficiez également de la garantie légale des vices cachés (articles 1641 à 1649 du Code civil) pendant deux ans à compter de la découverte du défaut. Elle donne droit à une réduction du prix si le bien est conservé, ou à un remboursement intégral contre restitution du bien.",
          `Pour mettre en œuvre une garantie, contactez le service client à [${seller.email}](mailto:${seller.email}) ou au ${seller.phone}.`,
        ],
      },
      {
        id: "beauty-pass",
        title: "10. Programme de fidélité Beauty Pass",
        paragraphs: [
          "Le Beauty Pass est le programme de fidélité gratuit réservé aux clients titulaires d'un compte. En résumé :",
          {
            list: [
              `1 € dépensé = ${BEAUTY_PASS_POINTS_PER_EURO} point, crédité lorsque la commande est livrée ;`,
              `${BEAUTY_PASS_REDEEM_STEP_POINTS} points = ${formatEuros(BEAUTY_PASS_REDEEM_STEP_CENTS)} de réduction, utilisables par tranches de ${BEAUTY_PASS_REDEEM_STEP_POINTS} points ;`,
              `les points sont valables ${BEAUTY_PASS_POINTS_VALIDITY_MONTHS} mois après leur attribution ; un rappel est envoyé ${BEAUTY_PASS_EXPIRY_REMINDER_DAYS} jours avant leur expiration ;`,
              `trois niveaux : Beauty Lover (moins de ${BEAUTY_PASS_EXPERT_MIN_POINTS} points), Beauty Expert (de ${BEAUTY_PASS_EXPERT_MIN_POINTS} à ${BEAUTY_PASS_VIP_MIN_POINTS - 1} points) et Beauty VIP (${BEAUTY_PASS_VIP_MIN_POINTS} points et plus) ;`,
              "les réductions Beauty Pass ne se cumulent pas avec les codes promotionnels, et la part d'une commande payée avec des points ne rapporte pas de nouveaux points.",
            ],
          },
          "Les points n'ont pas de valeur monétaire et ne peuvent pas être échangés contre des espèces. Le détail du programme figure sur la page [Beauty Pass](/beauty-pass).",
        ],
      },
      {
        id: "cartes-cadeaux",
        title: "11. Cartes cadeaux",
        paragraphs: [
          `Les cartes cadeaux Aurore sont proposées d'un montant de ${formatEuros(GIFT_CARD_MIN_CENTS)} à ${formatEuros(GIFT_CARD_MAX_CENTS)}, envoyées par e-mail ou sous forme de carte physique premium (${formatEuros(PHYSICAL_GIFT_CARD_FEE_CENTS)} de plus, livrée en 2 à 3 jours).`,
          {
            list: [
              `Une carte cadeau est valable ${GIFT_CARD_VALIDITY_YEARS} ans à compter de son achat ; un rappel est envoyé ${GIFT_CARD_EXPIRY_REMINDER_MONTHS} mois avant son expiration.`,
              "Elle peut être utilisée en une ou plusieurs commandes, jusqu'à épuisement de son solde.",
              "Si le montant de la commande dépasse le solde, le complément est réglé avec un autre moyen de paiement.",
              "L'achat d'une carte cadeau rapporte des points Beauty Pass.",
              "Une carte cadeau ne peut être ni remboursée ni échangée contre des espèces.",
            ],
          },
          "Composez la vôtre sur la page [Carte cadeau](/carte-cadeau).",
        ],
      },
      {
        id: "donnees-personnelles",
        title: "12. Données personnelles",
        paragraphs: [
          `Les données collectées lors de votre commande sont traitées par ${seller.companyName} pour la gestion de votre compte, de vos commandes, de la livraison, du paiement et du service client. Leur utilisation, leur durée de conservation et vos droits sont décrits dans la [politique de confidentialité](/politique-confidentialite) ; les traceurs dans la [politique cookies](/politique-cookies).`,
        ],
      },
      {
        id: "mediation",
        title: "13. Réclamations et médiation",
        paragraphs: [
          `Pour toute question ou réclamation, contactez le service client par e-mail à [${seller.email}](mailto:${seller.email}), par téléphone au ${seller.phone} ou depuis la page [Service client](/service-client).`,
          `Si aucune solution amiable n'est trouvée après une réclamation écrite, vous pouvez recourir gratuitement au médiateur de la consommation dont relève le vendeur, conformément aux articles L611-1 et suivants du Code de la consommation : ${seller.mediator}. La saisine du médiateur doit intervenir dans un délai d'un an à compter de votre réclamation écrite.`,
          "La plateforme européenne de règlement en ligne des litiges (RLL) mise en place par la Commission européenne a été fermée le 20 juillet 2025, en application du règlement (UE) 2024/3228. Pour un litige transfrontalier, vous pouvez vous adresser au [Centre européen des consommateurs France](https://www.europe-consommateurs.eu).",
        ],
      },
      {
        id: "droit-applicable",
        title: "14. Droit applicable",
        paragraphs: [
          "Les présentes conditions générales sont soumises au droit français. En cas de litige, et à défaut de solution amiable, vous pouvez saisir à votre choix la juridiction du lieu où vous demeuriez au moment de la conclusion du contrat ou de la survenance du fait dommageable, ou toute autre juridiction compétente (article R631-3 du Code de la consommation).",
          "Si l'une des clauses des présentes conditions était déclarée nulle, les autres clauses resteraient en vigueur.",
        ],
      },
      {
        id: "formulaire-retractation",
        title: "Annexe : formulaire de rétractation",
        paragraphs: [
          "Vous pouvez copier ce modèle, le compléter et nous l'envoyer par e-mail ou par courrier. Son utilisation n'est pas obligatoire.",
          { form: { title: "Modèle de formulaire de rétractation", lines: withdrawalFormLines(seller) } },
        ],
      },
    ],
  };
}
