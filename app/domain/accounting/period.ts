/**
 * The period of an accounting export (docs/decisions/065-accounting-export.md): two Paris calendar
 * days, both included, typed as the back-office's date inputs send them (YYYY-MM-DD) or written
 * the French way (JJ/MM/AAAA) in the admin API. Isomorphic.
 */
import { z } from "zod";

export const PERIOD_FROM_MESSAGE = "Date de début invalide : saisissez une date (jj/mm/aaaa)";
export const PERIOD_TO_MESSAGE = "Date de fin invalide : saisissez une date (jj/mm/aaaa)";
export const PERIOD_ORDER_MESSAGE = "La date de fin doit être le même jour que la date de début ou après";
export const PERIOD_TOO_LONG_MESSAGE = "La période ne peut pas dépasser 366 jours : exportez un exercice à la fois";
export const OSS_YEAR_MESSAGE = "Année invalide : saisissez une année sur quatre chiffres (2026)";
export const OSS_QUARTER_MESSAGE = "Trimestre invalide : 1, 2, 3 ou 4";

export const PERIOD_MAX_DAYS = 366;

/** "2026-03-01" or "01/03/2026" as "2026-03-01", or null for anything that is not a real day. */
export function readDay(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const french = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : french ? [french[3], french[2], french[1]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  const day = `${y}-${m}-${d}`;
  return Number(y) >= 2000 && Number(y) <= 2100 && date.toISOString().slice(0, 10) === day ? day : null;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const dayField = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const day = readDay(value);
    if (day === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return day;
  });

export const AccountingPeriodSchema = z
  .object({ from: dayField(PERIOD_FROM_MESSAGE), to: dayField(PERIOD_TO_MESSAGE) })
  .superRefine((p, ctx) => {
    if (p.to < p.from) ctx.addIssue({ code: "custom", path: ["to"], message: PERIOD_ORDER_MESSAGE });
    else if (daysBetween(p.from, p.to) + 1 > PERIOD_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: PERIOD_TOO_LONG_MESSAGE });
  });

export type AccountingPeriod = { from: string; to: string };

export const OssQuarterSchema = z.object({
  year: z.coerce.number({ error: OSS_YEAR_MESSAGE }).int({ error: OSS_YEAR_MESSAGE }).min(2000, { error: OSS_YEAR_MESSAGE }).max(2100, {
    error: OSS_YEAR_MESSAGE,
  }),
  quarter: z.coerce
    .number({ error: OSS_QUARTER_MESSAGE })
    .int({ error: OSS_QUARTER_MESSAGE })
    .min(1, { error: OSS_QUARTER_MESSAGE })
    .max(4, { error: OSS_QUARTER_MESSAGE }),
});

export type OssQuarter = z.output<typeof OssQuarterSchema>;

/** A quarter's first and last days. */
export function quarterPeriod({ year, quarter }: OssQuarter): AccountingPeriod {
  const first = (quarter - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, first + 2, 0)).getUTCDate();
  return { from: `${year}-${String(first).padStart(2, "0")}-01`, to: `${year}-${String(first + 2).padStart(2, "0")}-${last}` };
}

/** The quarter a day falls in. */
export const quarterOf = (day: string): OssQuarter => ({
  year: Number(day.slice(0, 4)),
  quarter: Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1,
});

export const ACCOUNTING_EXPORT_KINDS = ["fec", "ledger", "oss"] as const;
export type AccountingExportKind = (typeof ACCOUNTING_EXPORT_KINDS)[number];
export const EXPORT_KIND_MESSAGE = "Export inconnu : choisissez le FEC, le journal des ventes ou les totaux OSS";

export type AccountingDownload = { kind: "fec" | "ledger"; period: AccountingPeriod } | { kind: "oss"; quarter: OssQuarter };

/** What a download link asks for (`type`, then `from`/`to` or `year`/`quarter`), or the first French refusal. */
export function readAccountingDownload(params: URLSearchParams): { ok: true; value: AccountingDownload } | { ok: false; message: string } {
  const kind = params.get("type");
  if (kind === "oss") {
    const parsed = OssQuarterSchema.safeParse({ year: params.get("year") ?? undefined, quarter: params.get("quarter") ?? undefined });
    return parsed.success ? { ok: true, value: { kind, quarter: parsed.data } } : { ok: false, message: parsed.error.issues[0].message };
  }
  if (kind !== "fec" && kind !== "ledger") return { ok: false, message: EXPORT_KIND_MESSAGE };
  const parsed = AccountingPeriodSchema.safeParse({ from: params.get("from"), to: params.get("to") });
  return parsed.success ? { ok: true, value: { kind, period: parsed.data } } : { ok: false, message: parsed.error.issues[0].message };
}

/** The download address of an export. */
export function accountingDownloadUrl(request: AccountingDownload): string {
  const query: Record<string, string> =
    request.kind === "oss"
      ? { type: "oss", year: String(request.quarter.year), quarter: String(request.quarter.quarter) }
      : { type: request.kind, from: request.period.from, to: request.period.to };
  return `/admin/comptabilite/export?${new URLSearchParams(query).toString()}`;
}
