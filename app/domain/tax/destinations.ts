/**
 * Where an order goes, for VAT (docs/decisions/063-vat-by-destination.md). The shop's address
 * forms name the country in French ("France", "Belgique", "Suisse", "Luxembourg", "Monaco"); the
 * French postal code tells Corsica, the overseas departments and the other overseas territories
 * apart. Isomorphic and pure.
 */
import { countryCodeOf, isoCountryOf } from "~/domain/delivery/parcel";
import type { VatCountry } from "./rates";

/**
 * - `mainland`, `corsica`, `monaco`: the French VAT territory (Monaco is in it by the 1963 treaty);
 * - `eu`: another member state (Belgium, Luxembourg): distance sales;
 * - `switzerland`: outside the EU, an export;
 * - `overseas_department`: Guadeloupe, Martinique, Guyane, La Réunion, Mayotte: exports for VAT
 *   (articles 262 I and 294 CGI), local VAT and octroi de mer due at import;
 * - `overseas_territory`: Saint-Pierre-et-Miquelon, Saint-Barthélemy, Saint-Martin, Polynésie,
 *   Nouvelle-Calédonie, Wallis-et-Futuna, TAAF: outside the EU's VAT territory, exports.
 */
export const TAX_TERRITORIES = ["mainland", "corsica", "monaco", "eu", "switzerland", "overseas_department", "overseas_territory"] as const;
export type TaxTerritory = (typeof TAX_TERRITORIES)[number];

export type TaxDestination = {
  territory: TaxTerritory;
  /** ISO 3166-1 alpha-2 of the country as customs and OSS know it (FR for Corsica and the DOM, MC, BE, LU, CH). */
  country_code: string;
  /** The member state whose VAT a distance sale may owe, for `eu`. */
  vat_country: VatCountry | null;
};

/** The overseas departments, by the ISO codes carriers give them (the other overseas codes are collectivities). */
const OVERSEAS_DEPARTMENTS: ReadonlySet<string> = new Set(["GP", "MQ", "GF", "RE", "YT"]);

const inFrance = (territory: TaxTerritory): TaxDestination => ({ territory, country_code: "FR", vat_country: null });

/** The destination of an address, or null for a country the shop does not deliver to. */
export function taxDestinationOf(country: string, postalCode: string): TaxDestination | null {
  const iso = isoCountryOf(country);
  switch (iso) {
    case "FR": {
      const code = postalCode.trim();
      const local = countryCodeOf(country, code);
      if (local && OVERSEAS_DEPARTMENTS.has(local)) return inFrance("overseas_department");
      // Saint-Pierre, Saint-Barthélemy, Saint-Martin by their codes; the Pacific (98x) by its postal codes.
      if (local !== "FR" || /^9[78]/.test(code)) return inFrance("overseas_territory");
      return inFrance(code.startsWith("20") ? "corsica" : "mainland");
    }
    case "MC":
      return { territory: "monaco", country_code: "MC", vat_country: null };
    case "BE":
    case "LU":
      return { territory: "eu", country_code: iso, vat_country: iso };
    case "CH":
      return { territory: "switzerland", country_code: "CH", vat_country: null };
    default:
      return null;
  }
}

/** ISO 3166-1 alpha-2 of an address country as the forms name it; FR when unknown or empty (the shop's own). */
export const addressCountryCode = (country: string | null | undefined): string => isoCountryOf(country ?? "") ?? "FR";
