/**
 * The chart of accounts the accountant's export posts to (docs/decisions/065-accounting-export.md),
 * set in Paramètres. Isomorphic: the form checks in the browser with the schema the server applies
 * again.
 */
import { z } from "zod";

export type ChartOfAccounts = {
  /** Merchandise sold (products, their discounts and goodwill gestures). */
  sales: string;
  /** Delivery fees and a physical gift card's postage. */
  shipping: string;
  /** French VAT collected: the prefix of one account per rate (445712000 for 20 %). */
  vat_collected: string;
  /** VAT of another member state declared through the One-Stop Shop: prefix of one account per state and rate. */
  vat_oss: string;
  customers: string;
  /** What the payment provider owes for card payments, until it pays out. */
  payment_provider: string;
  /** Gift cards sold and not yet spent (multi-purpose vouchers, a debt to their holder). */
  gift_cards: string;
};

export const CHART_OF_ACCOUNTS_FIELDS = [
  "sales",
  "shipping",
  "vat_collected",
  "vat_oss",
  "customers",
  "payment_provider",
  "gift_cards",
] as const satisfies readonly (keyof ChartOfAccounts)[];
export type ChartOfAccountsField = (typeof CHART_OF_ACCOUNTS_FIELDS)[number];

/**
 * 707 rather than 706: the shop sells goods (Plan comptable général, 707 "Ventes de marchandises";
 * 706 is for services). 511 because card payments reach the bank days later, through the provider.
 */
export const DEFAULT_CHART_OF_ACCOUNTS: ChartOfAccounts = {
  sales: "707000",
  shipping: "708500",
  vat_collected: "44571",
  vat_oss: "44572",
  customers: "411000",
  payment_provider: "511000",
  gift_cards: "419100",
};

/** The form's labels, and the accounts' labels in the FEC (CompteLib). */
export const CHART_OF_ACCOUNTS_LABELS: Record<ChartOfAccountsField, string> = {
  sales: "Ventes de marchandises",
  shipping: "Ports et frais accessoires facturés",
  vat_collected: "TVA collectée (préfixe, un compte par taux)",
  vat_oss: "TVA OSS d'un autre État membre (préfixe, un compte par État et par taux)",
  customers: "Clients",
  payment_provider: "Prestataire de paiement (cartes)",
  gift_cards: "Cartes cadeaux en circulation",
};

/** The class each account must belong to, and the French message when it does not. */
const ACCOUNT_CLASS: Record<ChartOfAccountsField, { prefix: string; message: string }> = {
  sales: { prefix: "70", message: "Un compte de ventes commence par 70" },
  shipping: { prefix: "70", message: "Un compte de ports facturés commence par 70" },
  vat_collected: { prefix: "4457", message: "Un compte de TVA collectée commence par 4457" },
  vat_oss: { prefix: "4457", message: "Un compte de TVA OSS commence par 4457" },
  customers: { prefix: "411", message: "Un compte clients commence par 411" },
  payment_provider: { prefix: "5", message: "Un compte de trésorerie commence par 5" },
  gift_cards: { prefix: "4", message: "Un compte de cartes cadeaux est un compte de tiers (classe 4)" },
};

export const ACCOUNT_NUMBER_MESSAGE = "Numéro de compte invalide : 3 à 10 chiffres";
export const VAT_PREFIX_MESSAGE = "Préfixe invalide : 4 à 6 chiffres (le taux y est ajouté)";
export const ACCOUNTS_DISTINCT_MESSAGE = "Ce compte est déjà utilisé par une autre rubrique";

const PREFIXES: readonly ChartOfAccountsField[] = ["vat_collected", "vat_oss"];

function accountField(field: ChartOfAccountsField) {
  const isPrefix = PREFIXES.includes(field);
  const { prefix, message } = ACCOUNT_CLASS[field];
  return z
    .string({ error: isPrefix ? VAT_PREFIX_MESSAGE : ACCOUNT_NUMBER_MESSAGE })
    .trim()
    .regex(isPrefix ? /^\d{4,6}$/ : /^\d{3,10}$/, { error: isPrefix ? VAT_PREFIX_MESSAGE : ACCOUNT_NUMBER_MESSAGE, abort: true })
    .refine((v) => v.startsWith(prefix), { error: message });
}

/**
 * Every account once: two headings on one account would merge what the accountant must see apart.
 * A VAT prefix may not begin another account either, or its per-rate accounts would fall into it.
 */
export const ChartOfAccountsSchema = z
  .object(Object.fromEntries(CHART_OF_ACCOUNTS_FIELDS.map((f) => [f, accountField(f)])) as Record<ChartOfAccountsField, z.ZodString>)
  .superRefine((chart, ctx) => {
    CHART_OF_ACCOUNTS_FIELDS.forEach((field, i) => {
      const clash = CHART_OF_ACCOUNTS_FIELDS.slice(0, i).some((other) => {
        const [a, b] = [chart[other], chart[field]];
        return a === b || (PREFIXES.includes(other) && b.startsWith(a)) || (PREFIXES.includes(field) && a.startsWith(b));
      });
      if (clash) ctx.addIssue({ code: "custom", path: [field], message: ACCOUNTS_DISTINCT_MESSAGE });
    });
  });

/** The form's fields as the schema reads them. */
export function chartOfAccountsFormValues(form: FormData): Record<ChartOfAccountsField, string> {
  return Object.fromEntries(
    CHART_OF_ACCOUNTS_FIELDS.map((f) => {
      const value = form.get(f);
      return [f, typeof value === "string" ? value : ""];
    }),
  ) as Record<ChartOfAccountsField, string>;
}

/** A rate as account digits: basis points on four digits (20 % -> 2000, 5,5 % -> 0550). */
export const rateDigits = (ratePercent: number): string => String(Math.round(ratePercent * 100)).padStart(4, "0");

/** ISO 3166-1 numeric codes of the member states whose VAT an OSS sale may carry (decision 063). */
const COUNTRY_DIGITS: Record<string, string> = { BE: "056", LU: "442", FR: "250" };

/**
 * The VAT account of a rate: the French prefix and the rate (445712000), or for an OSS sale the
 * OSS prefix, the member state's numeric code and the rate (445720562100 for Belgium at 21 %).
 */
export function vatAccountOf(chart: ChartOfAccounts, ratePercent: number, vatCountry: string | null): string {
  if (!vatCountry || vatCountry === "FR") return `${chart.vat_collected}${rateDigits(ratePercent)}`;
  return `${chart.vat_oss}${COUNTRY_DIGITS[vatCountry] ?? "000"}${rateDigits(ratePercent)}`;
}

const percent = (rate: number) => `${String(rate).replace(".", ",")} %`;

export function vatAccountLabel(ratePercent: number, vatCountry: string | null): string {
  return !vatCountry || vatCountry === "FR" ? `TVA collectée ${percent(ratePercent)}` : `TVA OSS ${vatCountry} ${percent(ratePercent)}`;
}
