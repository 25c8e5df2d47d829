/**
 * French postal codes checked against the official list of codes and communes (La Poste's base
 * officielle des codes postaux, shipped as the `codes-postaux` package), so "99999 Paris" is no
 * longer taken for a mainland address. The list (~40k entries) is parsed on first use, not at
 * start-up, and kept for the life of the process: it only changes with a package upgrade.
 * Reference data, not a module's table: the addresses module checks addresses against it and the
 * delivery module finds relay points by commune, without either importing the other.
 */
import { createRequire } from "node:module";
import { invalid } from "~/domain/errors";
import { UNKNOWN_POSTAL_CODE_MESSAGE } from "~/domain/addresses/address.schema";

type PostalEntry = { codePostal: string; nomCommune: string; libelleAcheminement: string };

export { UNKNOWN_POSTAL_CODE_MESSAGE };

/**
 * Overseas collectivities (Saint-Barthélemy, Saint-Martin, Wallis-et-Futuna, French Polynesia,
 * New Caledonia) have La Poste codes but are not communes of the official list the package
 * carries, so their codes are recognised by their published ranges.
 */
const OVERSEAS_COLLECTIVITY_CODE = /^(97133|97150|986[0-9]{2}|987[0-9]{2}|988[0-9]{2})$/;

let communesByCode: Map<string, string[]> | null = null;

/** "SAINT-DENIS" or "Saint-Denis" as the list gives it, one name per commune. */
function loadCommunes(): Map<string, string[]> {
  if (communesByCode) return communesByCode;
  const require = createRequire(import.meta.url);
  const entries = require("codes-postaux/codes-postaux.json") as PostalEntry[];
  const map = new Map<string, string[]>();
  for (const entry of entries) {
    const names = map.get(entry.codePostal) ?? [];
    if (!names.includes(entry.nomCommune)) names.push(entry.nomCommune);
    map.set(entry.codePostal, names);
  }
  for (const names of map.values()) names.sort((a, b) => a.localeCompare(b, "fr"));
  communesByCode = map;
  return map;
}

/** The communes served by a French postal code, sorted; empty for an unknown code. */
export function communesOfPostalCode(code: string): string[] {
  const trimmed = code.trim();
  if (!/^[0-9]{5}$/.test(trimmed)) return [];
  return loadCommunes().get(trimmed) ?? [];
}

export function isKnownFrenchPostalCode(code: string): boolean {
  const trimmed = code.trim();
  return OVERSEAS_COLLECTIVITY_CODE.test(trimmed) || communesOfPostalCode(trimmed).length > 0;
}

/**
 * Refuses an address in France whose postal code is not in the official list. Other countries
 * keep the format check of the address schema only (we ship no list of theirs).
 */
export function assertKnownPostalCode(country: string, postalCode: string): void {
  if (country !== "France") return;
  if (!isKnownFrenchPostalCode(postalCode)) {
    throw invalid("unknown_postal_code", UNKNOWN_POSTAL_CODE_MESSAGE, {
      field: "postal_code",
      fieldErrors: { postal_code: UNKNOWN_POSTAL_CODE_MESSAGE },
    });
  }
}

let sortedCodes: string[] | null = null;

/** Every code of the official list, sorted: neighbouring codes are close in it (same département first). */
export function knownPostalCodes(): readonly string[] {
  sortedCodes ??= [...loadCommunes().keys()].sort();
  return sortedCodes;
}
