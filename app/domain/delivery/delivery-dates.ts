/**
 * Estimated delivery dates: working days of the Paris calendar (Monday to Friday, French public
 * holidays excluded), a cut-off hour after which an order leaves the next working day. Pure and
 * isomorphic: the product page's "Livré à partir du …" is computed on the server at render time.
 */
import { addParisDays, parisDay, parisHour } from "~/lib/paris-time";
import { DELIVERY_CUTOFF_HOUR } from "~/lib/shop-rules";

const pad2 = (n: number) => String(n).padStart(2, "0");
const isoDay = (year: number, month: number, day: number) => `${year}-${pad2(month)}-${pad2(day)}`;

/** Easter Sunday of a Gregorian year (anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(year, month, day);
}

/**
 * The eleven public holidays of metropolitan France (Code du travail L3133-1), sorted: fixed
 * dates and the three that follow Easter (Easter Monday, Ascension, Whit Monday).
 */
export function frenchPublicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  return [
    isoDay(year, 1, 1),
    addParisDays(easter, 1),
    isoDay(year, 5, 1),
    isoDay(year, 5, 8),
    addParisDays(easter, 39),
    addParisDays(easter, 50),
    isoDay(year, 7, 14),
    isoDay(year, 8, 15),
    isoDay(year, 11, 1),
    isoDay(year, 11, 11),
    isoDay(year, 12, 25),
  ].sort();
}

const holidayCache = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(frenchPublicHolidays(year));
    holidayCache.set(year, set);
  }
  return set;
}

/** Monday to Friday and not a public holiday ("YYYY-MM-DD"). */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(Number(day.slice(0, 4))).has(day);
}

/** The first working day strictly after `day`. */
export function nextWorkingDay(day: string): string {
  let next = addParisDays(day, 1);
  while (!isWorkingDay(next)) next = addParisDays(next, 1);
  return next;
}

/**
 * The earliest delivery day of an order placed at `now`: it leaves today if today is a working
 * day and the cut-off has not passed, otherwise the next working day; it arrives `workingDays`
 * working days after it leaves.
 */
export function estimateDeliveryDate({
  now,
  workingDays,
  cutoffHour = DELIVERY_CUTOFF_HOUR,
}: {
  now: Date;
  workingDays: number;
  cutoffHour?: number;
}): string {
  const today = parisDay(now);
  let leaves = isWorkingDay(today) && parisHour(now) < cutoffHour ? today : nextWorkingDay(today);
  for (let i = 0; i < workingDays; i++) leaves = nextWorkingDay(leaves);
  return leaves;
}

const longDays = new Map<string, Intl.DateTimeFormat>();

/** "2026-12-01" -> "mardi 1 décembre" ("Tuesday 1 December" with en-GB, for an English e-mail). */
export function formatDeliveryDate(day: string, locale = "fr-FR"): string {
  let longDay = longDays.get(locale);
  if (!longDay) {
    longDays.set(locale, (longDay = new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" })));
  }
  return longDay.format(new Date(`${day}T12:00:00Z`));
}
