/**
 * Where an order goes, for VAT (docs/decisions/063-vat-by-destination.md). The shop's address
 * forms name the country in French ("France", "Belgique", "Suisse", "Luxembourg", "Monaco"); the
 * French postal code tells Corsica, the overseas departments and the other overseas territories
 * apart. Isomorphic and pure.
 */
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

const OVERSEAS_DEPARTMENT_PREFIXES = ["971", "972", "973", "974", "976"];

/** The destination of an address, or null for a country the shop does not deliver to. */
export function taxDestinationOf(country: string, postalCode: string): TaxDestination | null {
  const code = postalCode.trim();
  switch (country) {
    case "France":
      if (code.startsWith("20")) return { territory: "corsica", country_code: "FR", vat_country: null };
      if (OVERSEAS_DEPARTMENT_PREFIXES.some((p) => code.startsWith(p))) {
        return { territory: "overseas_department", country_code: "FR", vat_country: null };
      }
      if (code.startsWith("97") || code.startsWith("98")) return { territory: "overseas_territory", country_code: "FR", vat_country: null };
      return { territory: "mainland", country_code: "FR", vat_country: null };
    case "Monaco":
      return { territory: "monaco", country_code: "MC", vat_country: null };
    case "Belgique":
      return { territory: "eu", country_code: "BE", vat_country: "BE" };
    case "Luxembourg":
      return { territory: "eu", country_code: "LU", vat_country: "LU" };
    case "Suisse":
      return { territory: "switzerland", country_code: "CH", vat_country: null };
    default:
      return null;
  }
}

/** Whether French VAT can apply at all: the parcel stays in the French VAT territory or the EU. */
export const insideEuVatTerritory = (d: TaxDestination): boolean =>
  d.territory === "mainland" || d.territory === "corsica" || d.territory === "monaco" || d.territory === "eu";

/** Whether the parcel leaves the EU's customs and VAT territory (a CN23 goes with it). */
export const isExportDestination = (d: TaxDestination): boolean => !insideEuVatTerritory(d);

const COUNTRY_CODES: Record<string, string> = { France: "FR", Belgique: "BE", Suisse: "CH", Luxembourg: "LU", Monaco: "MC" };

/** ISO 3166-1 alpha-2 of an address country as the forms name it; FR when unknown or empty (the shop's own). */
export const countryCodeOf = (country: string | null | undefined): string => COUNTRY_CODES[country ?? ""] ?? "FR";
