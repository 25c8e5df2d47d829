/**
 * The VAT of one order line (docs/decisions/063-vat-by-destination.md): its regime, the country
 * whose VAT it carries and its rate, from the destination, the product's tax class, the buyer
 * (a business with a valid EU VAT number or a consumer) and the shop's settings. Isomorphic and
 * pure: the checkout shows what the server will charge, the server decides again.
 *
 * Catalogue prices are VAT-inclusive for France. A line taxed otherwise is charged its price
 * without French VAT, plus the VAT it does carry (none for an export).
 */
import { htOf } from "~/domain/invoices/invoice-totals";
import type { TaxDestination } from "./destinations";
import { rateOn, type TaxRate, type VatCountry } from "./rates";
import type { TaxClass } from "./tax-classes";

/**
 * - `domestic`: French VAT, inside the French VAT territory (or to a business without an EU number);
 * - `distance_fr`: a distance sale to a consumer in another member state, under the EU-wide
 *   €10,000 threshold: French VAT;
 * - `oss`: a distance sale over the threshold (or under the option for destination VAT): the
 *   destination's VAT, declared through the One-Stop Shop;
 * - `intra_eu_b2b`: a supply to a business with a valid VAT number of another member state: exempt,
 *   the buyer reverse-charges it (article 262 ter I CGI);
 * - `export`: out of the EU (Switzerland, overseas territories): exempt (article 262 I CGI);
 * - `overseas`: to an overseas department: exempt as an export (articles 262 I and 294 CGI);
 * - `out_of_scope`: a gift card sold (multi-purpose voucher, article 256 ter CGI): no VAT until used.
 */
export const TAX_REGIMES = ["domestic", "distance_fr", "oss", "intra_eu_b2b", "export", "overseas", "out_of_scope"] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

/** EN 16931 VAT category codes (UNCL5305) the regimes map to, for Factur-X and the ledger. */
export type VatCategory = "S" | "K" | "G" | "O";
export const VAT_CATEGORY_OF: Record<TaxRegime, VatCategory> = {
  domestic: "S",
  distance_fr: "S",
  oss: "S",
  intra_eu_b2b: "K",
  export: "G",
  overseas: "G",
  out_of_scope: "O",
};

/** The EU-wide threshold of distance sales, excluding VAT, over which destination VAT is due. */
export const EU_DISTANCE_SALES_THRESHOLD_CENTS = 1_000_000;

/** What the shop declares in Paramètres (Fiscalité). */
export type TaxSettings = {
  /** Registered with the One-Stop Shop (guichet unique OSS). */
  oss_registered: boolean;
  /** Last calendar year's EU distance sales went over the threshold: destination VAT all year. */
  previous_year_over_threshold: boolean;
  /** The option of article 259 D CGI: destination VAT from the first euro. */
  destination_vat_option: boolean;
  /** EU distance sales of this year made before the shop ran Aurore, excluding VAT, in cents. */
  opening_distance_sales_cents: number;
  /** The calendar year the opening figure is for; another year counts from zero. */
  opening_year: number;
  /** Delivered duty paid: the shop pays import duties and local taxes outside the EU. */
  ddp: boolean;
};

export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  oss_registered: false,
  previous_year_over_threshold: false,
  destination_vat_option: false,
  opening_distance_sales_cents: 0,
  opening_year: 2026,
  ddp: false,
};

/** A business buyer as the order keeps it; `vat_country` is the member state of its valid VAT number. */
export type TaxBuyer = { kind: "consumer" } | { kind: "business"; vat_country: string | null };

export type TaxDecision = {
  regime: TaxRegime;
  /** The member state whose VAT the line carries; null when it carries none. */
  vat_country: VatCountry | null;
  /** Percent; 0 for an exempt line, null outside the scope of VAT (gift cards). */
  rate_percent: number | null;
  category: VatCategory;
};

export type TaxQuestion = {
  destination: TaxDestination;
  /** `gift_card`: the face value of a card sold; `shipping` follows the goods' regime at the standard class. */
  kind: "goods" | "shipping" | "gift_card";
  taxClass: TaxClass;
  buyer: TaxBuyer;
  settings: TaxSettings;
  /** Whether this year's EU distance sales, this order's included, are over the threshold. */
  overThreshold: boolean;
  rates: readonly TaxRate[];
  /** YYYY-MM-DD in Paris: the day the rate is read for. */
  day: string;
};

export class MissingRateError extends Error {
  constructor(country: VatCountry, taxClass: TaxClass, day: string) {
    super(`no ${country} VAT rate for tax class ${taxClass} on ${day}`);
  }
}

function rate(q: TaxQuestion, country: VatCountry): number {
  const found = rateOn(q.rates, country, q.taxClass, q.day);
  if (found === null) throw new MissingRateError(country, q.taxClass, q.day);
  return found;
}

const taxedIn = (regime: TaxRegime, country: VatCountry, rate_percent: number): TaxDecision => ({
  regime,
  vat_country: country,
  rate_percent,
  category: VAT_CATEGORY_OF[regime],
});
const exempt = (regime: TaxRegime): TaxDecision => ({ regime, vat_country: null, rate_percent: 0, category: VAT_CATEGORY_OF[regime] });

/** Whether destination VAT is due on an EU consumer sale. */
export function owesDestinationVat(settings: TaxSettings, overThreshold: boolean): boolean {
  return settings.destination_vat_option || settings.previous_year_over_threshold || overThreshold;
}

export function decideTax(q: TaxQuestion): TaxDecision {
  if (q.kind === "gift_card") return { regime: "out_of_scope", vat_country: null, rate_percent: null, category: "O" };
  const d = q.destination;
  switch (d.territory) {
    case "mainland":
    case "corsica":
    case "monaco":
      return taxedIn("domestic", "FR", rate(q, "FR"));
    case "switzerland":
    case "overseas_territory":
      return exempt("export");
    case "overseas_department":
      return exempt("overseas");
    case "eu": {
      const country = d.vat_country;
      if (!country) return taxedIn("domestic", "FR", rate(q, "FR"));
      if (q.buyer.kind === "business") {
        // Exempt only to a buyer identified for VAT in another member state (article 262 ter I).
        if (q.buyer.vat_country && q.buyer.vat_country !== "FR") return exempt("intra_eu_b2b");
        return taxedIn("domestic", "FR", rate(q, "FR"));
      }
      if (owesDestinationVat(q.settings, q.overThreshold)) return taxedIn("oss", country, rate(q, country));
      return taxedIn("distance_fr", "FR", rate(q, "FR"));
    }
  }
}

/**
 * What a line is charged, per unit, from its catalogue price (VAT-inclusive at the French rate of
 * its class): the same price under French VAT; otherwise its price without French VAT, plus the
 * VAT it carries, rounded to the cent.
 */
export function chargedUnitCents(catalogTtcCents: number, frenchRatePercent: number, decision: TaxDecision): number {
  if (decision.rate_percent === null) return catalogTtcCents;
  if (decision.vat_country === "FR" && decision.rate_percent === frenchRatePercent) return catalogTtcCents;
  const net = htOf(catalogTtcCents, frenchRatePercent);
  if (decision.rate_percent === 0) return net;
  const bp = Math.round(decision.rate_percent * 100);
  return Math.floor((net * (10_000 + bp) * 2 + 10_000) / 20_000);
}

/** The regimes as the back-office names them. */
export const TAX_REGIME_LABELS: Record<TaxRegime, string> = {
  domestic: "TVA française",
  distance_fr: "Vente à distance UE, TVA française (sous le seuil)",
  oss: "Vente à distance UE, TVA du pays de destination (OSS)",
  intra_eu_b2b: "Livraison intracommunautaire exonérée (autoliquidation)",
  export: "Exportation hors UE, exonérée (art. 262 I du CGI)",
  overseas: "Outre-mer, exonérée (art. 262 I et 294 du CGI)",
  out_of_scope: "Hors du champ de la TVA",
};
