/** What the accounting exports answer (docs/decisions/065-accounting-export.md), shared by the server and the page. */
import type { TaxRegime } from "~/domain/tax/tax-rules";
import type { AccountingPeriod } from "./period";

export type LedgerRow = {
  vat_rate: number | null;
  /** The member state whose VAT it is (FR unless OSS). */
  vat_country: string;
  /** ISO code of the country delivered to (FR for the DOM and Corsica too). */
  destination: string;
  regime: TaxRegime;
  invoiced_ht_cents: number;
  invoiced_vat_cents: number;
  /** What credit notes gave back, as positive amounts. */
  credited_ht_cents: number;
  credited_vat_cents: number;
  net_ht_cents: number;
  net_vat_cents: number;
  net_ttc_cents: number;
};

export type RateTotal = Omit<LedgerRow, "destination" | "regime">;

export type OssRow = { member_state: string; vat_rate: number; taxable_ht_cents: number; vat_cents: number };

export type UnsealedOrders = { count: number; orders: { id: string; number: string }[] };

export type AccountingPreview = {
  period: AccountingPeriod;
  invoices: number;
  credit_notes: number;
  entries: number;
  debit_cents: number;
  credit_cents: number;
  per_rate: RateTotal[];
  unsealed: UnsealedOrders;
};

/** A rate as the page and the files write it: "20 %", "5,5 %", "hors champ". */
export const rateLabel = (rate: number | null): string => (rate === null ? "hors champ" : `${String(rate).replace(".", ",")} %`);
