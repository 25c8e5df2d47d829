/**
 * The legal mentions an invoice prints for its VAT (docs/decisions/063-vat-by-destination.md).
 * Invoices are French documents: these stay French in every language of the shop.
 */
import type { OrderTax } from "./order-tax";

export const EXPORT_MENTION = "Exonération de TVA : exportation hors de l'Union européenne (article 262 I du CGI).";
export const OVERSEAS_MENTION =
  "Exonération de TVA : livraison vers un département d'outre-mer, assimilée à une exportation (articles 262 I et 294 du CGI). TVA et octroi de mer dus à l'importation.";
export const INTRA_EU_B2B_MENTION =
  "Exonération de TVA, article 262 ter I du CGI : livraison intracommunautaire. Autoliquidation par le preneur (article 196 de la directive 2006/112/CE).";
export const OSS_MENTION = "TVA du pays de destination ({country}), déclarée par le guichet unique OSS (article 298 sexdecies F du CGI).";
export const DUTIES_RECIPIENT_MENTION = "Droits et taxes locales à la charge du destinataire.";
export const DUTIES_PAID_MENTION = "Droits et taxes à l'importation acquittés par le vendeur (rendu droits acquittés, DDP).";
/** The category of operation the 2026 reform asks for (article 242 nonies A CGI as amended). */
export const OPERATION_CATEGORY_GOODS = "Catégorie de l'opération : livraison de biens.";

/** The mentions of an order's VAT, in print order. */
export function taxMentions(tax: OrderTax | null): string[] {
  if (!tax) return [];
  switch (tax.regime) {
    case "export":
      return [EXPORT_MENTION, tax.ddp ? DUTIES_PAID_MENTION : DUTIES_RECIPIENT_MENTION];
    case "overseas":
      return [OVERSEAS_MENTION, tax.ddp ? DUTIES_PAID_MENTION : DUTIES_RECIPIENT_MENTION];
    case "intra_eu_b2b":
      return [INTRA_EU_B2B_MENTION];
    case "oss":
      return [OSS_MENTION.replace("{country}", tax.vat_country ?? tax.destination.country_code)];
    default:
      return [];
  }
}
