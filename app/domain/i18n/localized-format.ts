/**
 * Dates and prices written in the page's language (decision 044): French keeps the shop's own
 * formatters (fr-FR, ~/lib/paris-time and ~/lib/money) word for word; English writes them the
 * en-GB way. Prices stay in euros in both. Isomorphic: no React, no server import.
 */
import type { Language } from "./languages";
import { formatDeliveryDate } from "~/domain/delivery/delivery-dates";
import { formatPrice } from "~/lib/money";
import { SHOP_TIME_ZONE, formatDate, formatDateTime, formatLongDateTime, formatShortDate } from "~/lib/paris-time";

type DateInput = Date | string;

const ENGLISH_OPTIONS = {
  date: { dateStyle: "long" },
  shortDate: { day: "2-digit", month: "2-digit", year: "numeric" },
  dateTime: { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" },
  longDateTime: { dateStyle: "long", timeStyle: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof ENGLISH_OPTIONS;

const FRENCH: Record<Style, (value: DateInput, timeZone: string) => string> = {
  date: formatDate,
  shortDate: formatShortDate,
  dateTime: formatDateTime,
  longDateTime: formatLongDateTime,
};

/** One English formatter per style and zone, made on first use. */
const englishFormatters = new Map<string, Intl.DateTimeFormat>();
const englishEuro = new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR" });

function formatEnglish(style: Style, value: DateInput, timeZone: string): string {
  const key = `${style} ${timeZone}`;
  let format = englishFormatters.get(key);
  if (!format) englishFormatters.set(key, (format = new Intl.DateTimeFormat("en-GB", { ...ENGLISH_OPTIONS[style], timeZone })));
  return format.format(typeof value === "string" ? new Date(value) : value);
}

export type LocalizedFormat = Record<Style, (value: DateInput) => string> & {
  price: (cents: number) => string;
  /** A calendar day "2026-12-01" with its weekday: "mardi 1 décembre", "Tuesday 1 December". */
  weekday: (day: string) => string;
};

const englishWeekday = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

/** The formatters of one language and time zone (the zone chosen in Préférences, decision 043). */
export function localizedFormat(language: Language, timeZone: string = SHOP_TIME_ZONE): LocalizedFormat {
  const style = (name: Style) => (value: DateInput) =>
    language === "fr" ? FRENCH[name](value, timeZone) : formatEnglish(name, value, timeZone);
  return {
    date: style("date"),
    shortDate: style("shortDate"),
    dateTime: style("dateTime"),
    longDateTime: style("longDateTime"),
    price: (cents) => (language === "fr" ? formatPrice(cents) : englishEuro.format(cents / 100)),
    weekday: (day) => (language === "fr" ? formatDeliveryDate(day) : englishWeekday.format(new Date(`${day}T12:00:00Z`))),
  };
}
