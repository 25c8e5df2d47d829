import { CARRIERS } from "~/content/delivery";
import type { LegalDocument, SellerIdentity } from "./types";
import { CHAT_VISITOR_RETENTION_DAYS } from "~/domain/chat/chat-cookie";

export const PRIVACY_UPDATED_AT = "2026-11-26";

/** Politique de confidentialité (/politique-confidentialite), GDPR articles 13 and 14. */
export function buildPrivacyPolicy(seller: SellerIdentity): LegalDocument {
  const mail = `[${seller.email}](mailto:${seller.email})`;
  return {
    updatedAt: PRIVACY_UPDATED_AT,
    intro: [
      "Cette politique explique quelles données personnelles la boutique Aurore collecte, pourquoi, combien de temps elles sont conservées, à qui elles sont transmises et comment exercer vos droits, conformément au règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.",
    ],
    sections: [
      {
        id: "responsable",
        title: "1. Responsable du traitement",
        paragraphs: [
          `Le responsable du traitement est ${seller.companyName}, ${seller.legalForm}, dont le siège est situé ${seller.address} (${seller.rcs}).`,
          `Pour toute question sur vos données : ${mail}, ou par courrier à l'adresse du siège, à l'attention du « Service données personnelles ».`,
        ],
      },
      {
        id: "donnees-collectees",
        title: "2. Données collectées",
        paragraphs: [
          "Nous ne collectons que les données nécessaires aux services que vous utilisez :",
          {
            list: [
              "Compte : prénom, nom, adresse e-mail, mot de passe (stocké uniquement sous forme chiffrée irréversible), téléphone, date de naissance et genre si vous les renseignez.",
              "Commandes : produits achetés, montants, statut, historique et communications liées à la commande.",
              "Adresses : adresses de livraison et de facturation enregistrées (nom, adresse, code postal, ville, pays, téléphone).",
              "Paiement : les données complètes de la carte sont traitées par notre prestataire de paiement et ne sont jamais stockées par la boutique. Pour une carte enregistrée, nous ne conservons que sa marque, ses 4 derniers chiffres, le nom du titulaire et sa date d'expiration.",
              "Historique de connexion et sécurité : date et heure, succès ou échec, adresse IP, type d'appareil, navigateur, système d'exploitation et localisation approximative (ville, pays) de chaque connexion ; événements de sécurité du compte (changement de mot de passe, activation de la double authentification).",
              "Préférences : choix de notifications, langue, devise, fuseau horaire, thème d'affichage et paramètres de confidentialité.",
              "Newsletter : adresse e-mail, date d'inscription et de confirmation, date de désinscription.",
              "Fidélité et service client : points Beauty Pass, favoris, notifications, demandes d'assistance et signalements de sécurité.",
            ],
          },
        ],
      },
      {
        id: "finalites",
        title: "3. Finalités et bases légales",
        paragraphs: [
          {
            table: {
              caption: "Pourquoi nous traitons vos données, et sur quelle base",
              columns: ["Finalité", "Base légale"],
              rows: [
                ["Créer et gérer votre compte client", "Exécution du contrat (conditions générales)"],
                ["Traiter vos commandes : paiement, préparation, livraison, retours, remboursements", "Exécution du contrat"],
                ["Gérer le programme Beauty Pass et les cartes cadeaux", "Exécution du contrat"],
                ["Répondre à vos demandes auprès du service client", "Exécution du contrat et intérêt légitime"],
                [
                  "Sécuriser votre compte et prévenir la fraude (historique de connexion, blocage après des tentatives répétées)",
                  "Intérêt légitime à protéger les comptes et la boutique",
                ],
                [
                  "Vous envoyer des offres pour des produits analogues à ceux achetés",
                  "Intérêt légitime ; vous pouvez vous y opposer à tout moment depuis vos préférences ou le lien de désinscription",
                ],
                ["Vous envoyer la newsletter", "Consentement, confirmé par e-mail (double validation)"],
                ["Tenir la comptabilité et conserver les factures", "Obligation légale"],
              ],
            },
          },
        ],
      },
      {
        id: "conservation",
        title: "4. Durées de conservation",
        paragraphs: [
          {
            table: {
              caption: "Combien de temps vos données sont conservées",
              columns: ["Données", "Durée"],
              rows: [
                ["Compte client", "Tant que le compte est actif, puis suppression après 3 ans sans connexion ni commande"],
                ["Adresses, préférences, favoris, notifications", "Jusqu'à leur suppression par vous ou celle du compte"],
                ["Cartes enregistrées (marque et 4 derniers chiffres)", "Jusqu'à leur suppression par vous ou celle du compte"],
                [
                  "Commandes et factures",
                  "10 ans à compter de la clôture de l'exercice, au titre des obligations comptables (article L123-22 du Code de commerce) ; anonymisées si le compte est supprimé",
                ],
                ["Historique de connexion et événements de sécurité (dont l'adresse IP)", "12 mois"],
                ["Demandes au service client et signalements", "3 ans après leur clôture"],
                [
                  "Conversations du chat en direct",
                  `Sans compte : ${CHAT_VISITOR_RETENTION_DAYS} jours après le dernier message (une conversation devenue demande au service client suit la ligne précédente) ; avec un compte : jusqu'à la suppression du compte`,
                ],
                ["Newsletter", "Jusqu'à votre désinscription, ou 3 ans après notre dernier contact sans réponse"],
                ["Choix relatif aux cookies", "6 mois, dans votre navigateur (voir la [politique cookies](/politique-cookies))"],
              ],
            },
          },
        ],
      },
      {
        id: "destinataires",
        title: "5. Destinataires",
        paragraphs: [
          "Vos données sont destinées aux seules équipes habilitées de la boutique (service client, préparation des commandes, comptabilité). Elles ne sont jamais vendues ni louées. Elles sont transmises, pour ce qui est strictement nécessaire, à :",
          {
            list: [
              `nos transporteurs (${CARRIERS.join(", ")}) : nom, adresse de livraison, téléphone et e-mail, pour livrer et suivre votre colis ;`,
              "notre prestataire de paiement par carte : montant et données de paiement, pour encaisser la commande et lutter contre la fraude ;",
              "notre hébergeur, qui stocke les données pour notre compte (voir les [mentions légales](/mentions-legales)) ;",
              "les autorités administratives ou judiciaires, uniquement lorsque la loi l'impose.",
            ],
          },
          "Ces prestataires agissent sur nos instructions et sont tenus à la confidentialité et à la sécurité des données.",
        ],
      },
      {
        id: "transferts",
        title: "6. Pas de transfert hors de l'Union européenne",
        paragraphs: [
          "Vos données sont hébergées et traitées dans l'Union européenne. Elles ne font l'objet d'aucun transfert en dehors de l'Union européenne.",
        ],
      },
      {
        id: "droits",
        title: "7. Vos droits",
        paragraphs: [
          "Vous disposez des droits suivants sur vos données :",
          {
            list: [
              "droit d'accès : obtenir une copie de vos données ;",
              "droit de rectification : corriger des données inexactes ou incomplètes ;",
              "droit à l'effacement : demander la suppression de vos données ;",
              "droit à la portabilité : recevoir vos données dans un format structuré et lisible par machine ;",
              "droit d'opposition : vous opposer à un traitement fondé sur l'intérêt légitime, et à tout moment à la prospection commerciale ;",
              "droit à la limitation : demander le gel temporaire de l'utilisation de vos données ;",
              "droit de retirer votre consentement à tout moment (newsletter) et de définir des directives sur le sort de vos données après votre décès.",
            ],
          },
          "Votre espace client (onglet « Profil », rubrique « Mes données personnelles ») vous permet de télécharger une copie de vos données au format JSON et de supprimer votre compte. À la suppression, vos données personnelles sont effacées ou anonymisées ; vos commandes sont conservées sous forme anonymisée pour nos obligations comptables.",
          `Vous pouvez aussi exercer tous vos droits en écrivant à ${mail} ou par courrier au siège. Nous répondons dans un délai d'un mois, qui peut être prolongé de deux mois pour une demande complexe ; nous pouvons vous demander de justifier de votre identité en cas de doute raisonnable.`,
          "Si vous estimez que vos droits ne sont pas respectés, vous pouvez introduire une réclamation auprès de la CNIL (Commission nationale de l'informatique et des libertés), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur [cnil.fr](https://www.cnil.fr/fr/plaintes).",
        ],
      },
      {
        id: "securite",
        title: "8. Sécurité",
        paragraphs: [
          "Nous protégeons vos données par des mesures techniques et organisationnelles adaptées :",
          {
            list: [
              "mots de passe stockés uniquement sous forme hachée, jamais en clair ;",
              "double authentification (application d'authentification et codes de secours) activable depuis votre espace client ;",
              "connexion chiffrée (HTTPS) et cookie de session inaccessible aux scripts (HttpOnly) ;",
              "blocage temporaire du compte après des tentatives de connexion échouées répétées ;",
              "historique de vos connexions consultable dans votre espace client, pour repérer une activité inhabituelle ;",
              "accès aux données limité aux personnes habilitées.",
            ],
          },
        ],
      },
      {
        id: "cookies",
        title: "9. Cookies",
        paragraphs: [
          "La boutique n'utilise que des cookies et un stockage local strictement nécessaires à son fonctionnement, sans publicité ni mesure d'audience. Le détail figure dans la [politique cookies](/politique-cookies).",
        ],
      },
    ],
  };
}
