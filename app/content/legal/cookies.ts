import { COOKIE_CONSENT_AT_KEY } from "~/components/layout/cookie-banner";
import { CART_STORAGE_KEY } from "~/features/cart/public/cart-store";
import { COOKIE_CONSENT_KEY } from "~/lib/shop-rules";
import { CHAT_COOKIE, CHAT_VISITOR_RETENTION_DAYS } from "~/domain/chat/chat-cookie";
import type { LegalDocument } from "./types";

export const COOKIES_UPDATED_AT = "2026-11-26";

/** Name of the session cookie (prefixed `__Secure-` when the shop is served over HTTPS). */
export const SESSION_COOKIE_NAME = "better-auth.session_token";
export const TWO_FACTOR_COOKIE_NAME = "better-auth.two_factor";

/**
 * Politique cookies (/politique-cookies): everything the shop stores in the browser. Keep the
 * table in step with the code: the auth library's cookies, the chat's, the banner's keys, the cart's key.
 */
export function buildCookiePolicy(): LegalDocument {
  return {
    updatedAt: COOKIES_UPDATED_AT,
    intro: [
      "Un cookie est un petit fichier déposé dans votre navigateur ; le stockage local (localStorage) est un espace comparable, propre à chaque site. Cette page liste tout ce que la boutique Aurore enregistre sur votre appareil, et pourquoi.",
    ],
    sections: [
      {
        id: "ce-que-nous-stockons",
        title: "1. Ce que nous stockons",
        paragraphs: [
          {
            table: {
              caption: "Cookies et stockage local utilisés par la boutique",
              columns: ["Nom", "Type", "Finalité", "Catégorie", "Durée"],
              rows: [
                [
                  `\`${SESSION_COOKIE_NAME}\``,
                  "Cookie HttpOnly (inaccessible aux scripts)",
                  "Vous garder connecté à votre compte de page en page",
                  "Strictement nécessaire",
                  "30 jours, ou jusqu'à la déconnexion",
                ],
                [
                  `\`${TWO_FACTOR_COOKIE_NAME}\``,
                  "Cookie HttpOnly",
                  "Relier le code de double authentification à la connexion en cours ; déposé seulement si vous avez activé la double authentification",
                  "Strictement nécessaire",
                  "10 minutes, le temps de la connexion",
                ],
                [
                  `\`${CHAT_COOKIE}\``,
                  "Cookie HttpOnly",
                  `Vous relier à votre conversation du chat en direct (page Service client) ; déposé seulement si vous ouvrez une conversation. Sans compte, la conversation est supprimée ${CHAT_VISITOR_RETENTION_DAYS} jours après son dernier message`,
                  "Strictement nécessaire",
                  "24 heures",
                ],
                [
                  `\`${COOKIE_CONSENT_KEY}\``,
                  "Stockage local",
                  "Mémoriser votre choix sur les cookies (accepté ou refusé)",
                  "Votre choix, strictement nécessaire",
                  "6 mois",
                ],
                [
                  `\`${COOKIE_CONSENT_AT_KEY}\``,
                  "Stockage local",
                  "Dater votre choix, pour vous le redemander après 6 mois",
                  "Votre choix, strictement nécessaire",
                  "6 mois",
                ],
                [
                  `\`${CART_STORAGE_KEY}\``,
                  "Stockage local",
                  "Conserver votre panier pendant votre visite",
                  "Strictement nécessaire",
                  "6 heures",
                ],
              ],
            },
          },
          `Lorsque la boutique est servie en HTTPS, les noms des cookies commencent par \`__Secure-\` (par exemple \`__Secure-${SESSION_COOKIE_NAME}\`), ce qui interdit leur envoi sur une connexion non chiffrée.`,
        ],
      },
      {
        id: "aucun-traceur",
        title: "2. Aucun cookie publicitaire ni de mesure d'audience",
        paragraphs: [
          "La boutique ne dépose aucun cookie publicitaire, de mesure d'audience, de réseau social ou de suivi, et n'intègre aucun traceur tiers. Aucun cookie ou stockage non essentiel n'est déposé avant votre consentement : les éléments listés ci-dessus sont tous nécessaires au fonctionnement du site et sont exemptés de consentement, conformément aux recommandations de la CNIL.",
          "Si la boutique venait à utiliser d'autres traceurs, ils seraient ajoutés à cette page et ne seraient déposés qu'après votre accord.",
        ],
      },
      {
        id: "votre-choix",
        title: "3. Votre choix",
        paragraphs: [
          "Lors de votre première visite, un bandeau vous demande votre choix. Refuser est aussi simple qu'accepter : les deux boutons sont présentés de la même façon, côte à côte. Fermer le bandeau avec la croix ne vaut ni acceptation ni refus : il vous sera reproposé à la visite suivante.",
          "Votre choix est conservé 6 mois, puis vous est demandé à nouveau, bien en deçà de la durée maximale de 13 mois recommandée par la CNIL. Vous pouvez le modifier à tout moment avec le bouton ci-dessous ou le lien « Gérer les cookies » en bas de chaque page.",
        ],
      },
      {
        id: "navigateur",
        title: "4. Réglages de votre navigateur",
        paragraphs: [
          "Vous pouvez aussi supprimer les cookies et le stockage local depuis les réglages de votre navigateur. Sans le cookie de session, vous ne pourrez pas rester connecté ; sans le stockage local, votre panier et votre choix ne seront pas conservés.",
          "Pour en savoir plus sur les cookies : [cnil.fr](https://www.cnil.fr/fr/cookies-et-autres-traceurs). Pour vos autres données, consultez la [politique de confidentialité](/politique-confidentialite).",
        ],
      },
    ],
  };
}
