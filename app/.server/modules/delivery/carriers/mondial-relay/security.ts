/**
 * The `Security` parameter of Mondial Relay's web services: the MD5 of every parameter's value,
 * one after the other in the method's documented order (Enseigne first), followed by the private
 * key, written in upper-case hexadecimal ("MD5 Hash" chapter of Mondial Relay's "Web Service
 * Solution" technical documentation, V-5.x). WSI2_CreationEtiquette's `Texte` is left out of it,
 * as the documentation and its clients (sylogix/mondial_relay, PrestaShop's module) say.
 *
 * The orders are the WSDL's sequences (api.mondialrelay.com/Web_Services.asmx?WSDL): the service
 * recomputes the key from its own order, so a value sent in another place fails with STAT 97.
 */
import { createHash } from "node:crypto";

export const SEARCH_PARAMS = [
  "Enseigne",
  "Pays",
  "NumPointRelais",
  "Ville",
  "CP",
  "Latitude",
  "Longitude",
  "Taille",
  "Poids",
  "Action",
  "DelaiEnvoi",
  "RayonRecherche",
  "TypeActivite",
  "NACE",
  "NombreResultats",
] as const;

export const LABEL_PARAMS = [
  "Enseigne",
  "ModeCol",
  "ModeLiv",
  "NDossier",
  "NClient",
  "Expe_Langage",
  "Expe_Ad1",
  "Expe_Ad2",
  "Expe_Ad3",
  "Expe_Ad4",
  "Expe_Ville",
  "Expe_CP",
  "Expe_Pays",
  "Expe_Tel1",
  "Expe_Tel2",
  "Expe_Mail",
  "Dest_Langage",
  "Dest_Ad1",
  "Dest_Ad2",
  "Dest_Ad3",
  "Dest_Ad4",
  "Dest_Ville",
  "Dest_CP",
  "Dest_Pays",
  "Dest_Tel1",
  "Dest_Tel2",
  "Dest_Mail",
  "Poids",
  "Longueur",
  "Taille",
  "NbColis",
  "CRT_Valeur",
  "CRT_Devise",
  "Exp_Valeur",
  "Exp_Devise",
  "COL_Rel_Pays",
  "COL_Rel",
  "LIV_Rel_Pays",
  "LIV_Rel",
  "TAvisage",
  "TReprise",
  "Montage",
  "TRDV",
  "Assurance",
  "Instructions",
] as const;

export const TRACING_PARAMS = ["Enseigne", "Expedition", "Langue"] as const;

export type SearchParams = Record<(typeof SEARCH_PARAMS)[number], string>;
export type LabelParams = Record<(typeof LABEL_PARAMS)[number], string>;
export type TracingParams = Record<(typeof TRACING_PARAMS)[number], string>;

/**
 * The key of values already in the method's order. The text is hashed as Latin-1 bytes, the
 * Windows code page the service reads (sylogix/mondial_relay encodes to windows-1252); the shop
 * sends plain ASCII anyway (see format.ts), where every encoding agrees.
 */
export function securityKey(values: readonly string[], privateKey: string): string {
  return createHash("md5")
    .update(values.join("") + privateKey, "latin1")
    .digest("hex")
    .toUpperCase();
}

/** The parameters in the method's order, Security last (and nothing after it that counts). */
export function signedParams<const K extends string>(
  order: readonly K[],
  params: Record<K, string>,
  privateKey: string,
): Array<[string, string]> {
  const entries: Array<[string, string]> = order.map((name) => [name, params[name]]);
  entries.push([
    "Security",
    securityKey(
      entries.map(([, value]) => value),
      privateKey,
    ),
  ]);
  return entries;
}
