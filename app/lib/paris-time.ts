/**
 * The shop's clock: it trades in Paris, so its days, months, years and printed dates are those of
 * Europe/Paris whatever the server's or the browser's zone (a fixed zone also keeps the server HTML
 * and the hydrated text identical). Isomorphic: no React, no server import.
 *
 * Days are written "YYYY-MM-DD" and months "YYYY-MM": plain calendar values, comparable as strings.
 */

export const SHOP_TIME_ZONE = "Europe/Paris";

type DateInput = Date | string;

const toDate = (value: DateInput): Date => (typeof value === "string" ? new Date(value) : value);

/* -------------------------------------------------------------------------------------------- */
/* Formatting (fr-FR, Paris time)                                                                */
/* -------------------------------------------------------------------------------------------- */

const FORMAT_OPTIONS = {
  longDate: { dateStyle: "long" },
  shortDate: { day: "2-digit", month: "2-digit", year: "numeric" },
  longDateTime: { dateStyle: "long", timeStyle: "short" },
  clockTime: { hour: "2-digit", minute: "2-digit", second: "2-digit" },
  dateTime: { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type FormatName = keyof typeof FORMAT_OPTIONS;

/** One formatter per style and zone, made on first use (the shop's zone and the few a user may choose). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(name: FormatName, timeZone: string, locale = "fr-FR"): Intl.DateTimeFormat {
  const key = `${name} ${timeZone} ${locale}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, { ...FORMAT_OPTIONS[name], timeZone })));
  return format;
}

/*
 * Every formatter takes an optional zone: the shop's by default; the account area and the
 * e-mails to a shopper pass the zone chosen in Préférences (docs/decisions/043). Dates are
 * formatted on the server or with a fixed zone, so the browser's own zone never makes the
 * hydrated text differ.
 */

/** "12 mai 2025" ("12 May 2025" with the en-GB locale of an English e-mail, decision 044). */
export function formatDate(value: DateInput, timeZone: string = SHOP_TIME_ZONE, locale = "fr-FR"): string {
  return formatterFor("longDate", timeZone, locale).format(toDate(value));
}

/** "12/05/2025". */
export function formatShortDate(value: DateInput, timeZone: string = SHOP_TIME_ZONE, locale = "fr-FR"): string {
  return formatterFor("shortDate", timeZone, locale).format(toDate(value));
}

/** "12/05/2025 14:03", in the shop's zone or the one a user chose in their preferences. */
export function formatDateTime(value: DateInput, timeZone: string = SHOP_TIME_ZONE): string {
  return formatterFor("dateTime", timeZone).format(toDate(value));
}

/** "12 mai 2025 à 14:03". */
export function formatLongDateTime(value: DateInput, timeZone: string = SHOP_TIME_ZONE): string {
  return formatterFor("longDateTime", timeZone).format(toDate(value));
}

/** "14:03:27". */
export function formatTime(value: DateInput, timeZone: string = SHOP_TIME_ZONE): string {
  return formatterFor("clockTime", timeZone).format(toDate(value));
}

/* -------------------------------------------------------------------------------------------- */
/* Calendar: days, months and years of Paris                                                     */
/* -------------------------------------------------------------------------------------------- */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** Year, month (1-12), day and UTC offset of an instant as seen on a clock in Paris. */
function parisParts(instant: Date): { year: number; month: number; day: number; offsetMs: number } {
  const parts = wallClock.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  const offsetMs = wall - Math.floor(instant.getTime() / 1000) * 1000;
  return { year: get("year"), month: get("month"), day: get("day"), offsetMs };
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Calendar arithmetic in UTC, where every day has 24 hours; month and day may overflow. */
const utcDay = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

function parseDay(day: string): [number, number, number] {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** The Paris calendar day of an instant: 22:30 UTC on 31 March 2031 is "2031-04-01". */
export function parisDay(instant: DateInput): string {
  const { year, month, day } = parisParts(toDate(instant));
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** The hour (0-23) on a clock in Paris at an instant. */
export function parisHour(instant: DateInput): number {
  const date = toDate(instant);
  const { offsetMs } = parisParts(date);
  return new Date(date.getTime() + offsetMs).getUTCHours();
}

/** The Paris calendar year of an instant (23:30 UTC on 31 December is already next year). */
export function parisYear(instant: DateInput): number {
  return parisParts(toDate(instant)).year;
}

/** "2025-03-01" -> the instant that day starts in Paris (00:00, summer or winter time). */
export function parisDayStart(day: string): Date {
  const [year, month, date] = parseDay(day);
  const utcMidnight = Date.UTC(year, month - 1, date);
  // The offset to take off is the one in force at Paris midnight, not at UTC midnight: a second
  // pass settles the days a DST change falls near (Paris never changes its clocks at midnight).
  let instant = utcMidnight - parisParts(new Date(utcMidnight)).offsetMs;
  instant = utcMidnight - parisParts(new Date(instant)).offsetMs;
  return new Date(instant);
}

/** "2025-03-30" plus `count` calendar days (negative goes back), as "YYYY-MM-DD". */
export function addParisDays(day: string, count: number): string {
  const [year, month, date] = parseDay(day);
  return utcDay(year, month, date + count);
}

/** Start of the Paris month containing `now`, shifted by `offset` months (-1: last month). */
export function parisMonthStart(now: Date, offset = 0): Date {
  const { year, month } = parisParts(now);
  return parisDayStart(utcDay(year, month + offset, 1));
}

/** The last `count` Paris days ending today, oldest first, as "YYYY-MM-DD". */
export function lastParisDays(now: Date, count: number): string[] {
  const today = parisDay(now);
  return Array.from({ length: count }, (_, i) => addParisDays(today, i - (count - 1)));
}

/** The last `count` Paris months ending with the current one, oldest first, as "YYYY-MM". */
export function lastParisMonths(now: Date, count: number): string[] {
  const { year, month } = parisParts(now);
  return Array.from({ length: count }, (_, i) => utcDay(year, month - (count - 1) + i, 1).slice(0, 7));
}
