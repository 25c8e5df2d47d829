/**
 * Mondial Relay's answer codes (the STAT every web service method returns) and what the shop
 * makes of them. The list is the "Codes retour" table of Mondial Relay's "Web Service Solution"
 * technical documentation (V-5.x, 2015–2020), as reproduced in the established open-source clients
 * (akretion/mondialrelay_pyt in French, sylogix/mondial_relay and frontBOI/mondial-relay in
 * English); the French wording follows the documentation's French table.
 *
 * Note: 30–34 are the address lines (L1–L4), 35 the city and 36 the postal code; 80–83 are not
 * errors but the tracing answer of WSI2_TracingColisDetaille.
 */
import { CarrierError, type CarrierErrorReason } from "~/domain/delivery/carrier";

export const STAT_WORDING: Readonly<Record<string, string>> = {
  "0": "Opération effectuée avec succès",
  "1": "Enseigne invalide",
  "2": "Numéro d'enseigne vide ou inexistant",
  "3": "Numéro de compte enseigne invalide",
  "5": "Numéro de dossier enseigne invalide",
  "7": "Numéro de client enseigne invalide",
  "8": "Mot de passe ou hachage invalide",
  "9": "Ville non reconnue ou non unique",
  "10": "Type de collecte invalide",
  "11": "Numéro de Point Relais de collecte invalide",
  "12": "Pays du Point Relais de collecte invalide",
  "13": "Type de livraison invalide",
  "14": "Numéro de Point Relais de livraison invalide",
  "15": "Pays du Point Relais de livraison invalide",
  "20": "Poids du colis invalide",
  "21": "Taille (longueur + hauteur) du colis invalide",
  "22": "Taille du colis invalide",
  "24": "Numéro d'expédition ou de suivi invalide",
  "25": "Solde du compte insuffisant pour enregistrer l'expédition",
  "26": "Temps de montage invalide",
  "27": "Mode de collecte ou de livraison invalide",
  "28": "Mode de collecte invalide",
  "29": "Mode de livraison invalide",
  "30": "Adresse (L1) invalide",
  "31": "Adresse (L2) invalide",
  "33": "Adresse (L3) invalide",
  "34": "Adresse (L4) invalide",
  "35": "Ville invalide",
  "36": "Code postal invalide",
  "37": "Pays invalide",
  "38": "Numéro de téléphone invalide",
  "39": "Adresse e-mail invalide",
  "40": "Paramètres manquants",
  "42": "Montant CRT invalide",
  "43": "Devise CRT invalide",
  "44": "Valeur du colis invalide",
  "45": "Devise de la valeur du colis invalide",
  "46": "Plage de numéros d'expédition épuisée",
  "47": "Nombre de colis invalide",
  "48": "Multi-colis interdit en Point Relais",
  "49": "Action invalide",
  "60": "Champ texte libre invalide",
  "61": "Top avisage invalide",
  "62": "Instruction de livraison invalide",
  "63": "Assurance invalide",
  "64": "Temps de montage invalide",
  "65": "Top rendez-vous invalide",
  "66": "Top reprise invalide",
  "67": "Latitude invalide",
  "68": "Longitude invalide",
  "69": "Code enseigne invalide",
  "70": "Numéro de Point Relais invalide",
  "71": "Nature de point de vente non valide",
  "74": "Langue invalide",
  "78": "Pays de collecte invalide",
  "79": "Pays de livraison invalide",
  "80": "Colis enregistré",
  "81": "Colis en traitement chez Mondial Relay",
  "82": "Colis livré",
  "83": "Anomalie",
  "92": "Le pays du Point Relais et celui du destinataire sont différents",
  "93": "Aucun élément retourné par le plan de tri",
  "94": "Colis inexistant",
  "95": "Compte enseigne non activé",
  "96": "Type d'enseigne incorrect",
  "97": "Clé de sécurité invalide",
  "98": "Erreur générique (paramètres invalides)",
  "99": "Erreur générique du service",
};

/** The tracing answers of WSI2_TracingColisDetaille: the parcel's state, not an error. */
export const TRACING_STATS = ["80", "81", "82", "83"] as const;

/** The account itself is refused: the enseigne, its key or its activation. */
const CREDENTIAL_STATS = new Set(["1", "2", "3", "8", "69", "95", "96", "97"]);
/** The place cannot be found: Mondial Relay geocodes the postal code and city it is given. */
const PLACE_STATS = new Set(["9", "35", "36"]);
/** "Erreur générique du service": the documentation says it may be a technical fault on its side. */
const SERVICE_STATS = new Set(["99"]);

export const UNAVAILABLE_MESSAGE = "Le service Mondial Relay est momentanément indisponible.";

export function statWording(stat: string): string {
  return STAT_WORDING[stat] ?? `code STAT ${stat} non documenté`;
}

export function reasonOfStat(stat: string): CarrierErrorReason {
  if (CREDENTIAL_STATS.has(stat)) return "bad_credentials";
  if (PLACE_STATS.has(stat)) return "unknown_postal_code";
  if (SERVICE_STATS.has(stat)) return "unavailable";
  return "invalid_request";
}

/** What was asked, for the first words of the administrator's message. */
export type StatContext = "search" | "label" | "return_label" | "tracking";

const REFUSED: Record<StatContext, string> = {
  search: "Mondial Relay a refusé la recherche de points relais",
  label: "Mondial Relay a refusé l'étiquette",
  return_label: "Mondial Relay a refusé l'étiquette de retour",
  tracking: "Mondial Relay a refusé la demande de suivi",
};

/** The CarrierError of a STAT that is not an answer. The private key never appears in it. */
export function statError(stat: string, context: StatContext, enseigne: string): CarrierError {
  const reason = reasonOfStat(stat);
  const wording = statWording(stat);
  if (reason === "unavailable") return new CarrierError("mondialrelay", reason, UNAVAILABLE_MESSAGE, stat);
  if (reason === "bad_credentials") {
    return new CarrierError(
      "mondialrelay",
      reason,
      `Mondial Relay refuse les identifiants de la boutique (enseigne « ${enseigne} ») : ${wording}. Vérifiez l'enseigne et la clé privée fournies par Mondial Relay.`,
      stat,
    );
  }
  return new CarrierError("mondialrelay", reason, `${REFUSED[context]} : ${wording}.`, stat);
}
