/**
 * The countries a product may be made in, for its CN23 (decision 063): the ISO 3166-1 alpha-2
 * code the carriers take, with the French name the back-office shows. A short list on purpose:
 * the houses a French beauty shop buys from, so the select stays readable; a country missing
 * here is added here, and the form, the API and the CSV import accept it at once.
 */
export const ORIGIN_COUNTRY_NAMES = {
  FR: "France",
  IT: "Italie",
  ES: "Espagne",
  DE: "Allemagne",
  BE: "Belgique",
  NL: "Pays-Bas",
  LU: "Luxembourg",
  PT: "Portugal",
  AT: "Autriche",
  IE: "Irlande",
  PL: "Pologne",
  SE: "Suède",
  DK: "Danemark",
  GR: "Grèce",
  MC: "Monaco",
  CH: "Suisse",
  GB: "Royaume-Uni",
  US: "États-Unis",
  CA: "Canada",
  BR: "Brésil",
  JP: "Japon",
  KR: "Corée du Sud",
  CN: "Chine",
  TW: "Taïwan",
  TH: "Thaïlande",
  IN: "Inde",
  AU: "Australie",
  IL: "Israël",
  AE: "Émirats arabes unis",
  TR: "Turquie",
  MA: "Maroc",
  TN: "Tunisie",
} as const;

export type OriginCountry = keyof typeof ORIGIN_COUNTRY_NAMES;

const collator = new Intl.Collator("fr-FR");

/** The select's options: France first (most of the catalogue), then A to Z by French name. */
export const ORIGIN_COUNTRY_OPTIONS: readonly { code: OriginCountry; name: string }[] = (
  Object.entries(ORIGIN_COUNTRY_NAMES) as [OriginCountry, string][]
)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => (a.code === "FR" ? -1 : b.code === "FR" ? 1 : collator.compare(a.name, b.name)));

export const isOriginCountry = (value: unknown): value is OriginCountry =>
  typeof value === "string" && Object.prototype.hasOwnProperty.call(ORIGIN_COUNTRY_NAMES, value);

/** "France (FR)", or the bare code of a country this list no longer has. */
export function originCountryLabel(code: string): string {
  return isOriginCountry(code) ? `${ORIGIN_COUNTRY_NAMES[code]} (${code})` : code;
}
