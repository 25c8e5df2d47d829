/**
 * The shop's identity as Paramètres keeps it (legal notice values, contact details, the customer
 * service's opening hours, the security contact), its form schema and the opening-hours rules the
 * storefront and the chat share. Isomorphic: no React, no server import.
 */
import { z } from "zod";
import { SHOP_TIME_ZONE } from "~/lib/paris-time";

/** ISO weekdays: 1 = Monday ... 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  1: "Lundi",
  2: "Mardi",
  3: "Mercredi",
  4: "Jeudi",
  5: "Vendredi",
  6: "Samedi",
  7: "Dimanche",
};

/** One day's opening, in Paris time ("09:00" to "19:00"); a day without a slot is closed. */
export type OpeningSlot = { weekday: Weekday; opens: string; closes: string };

export type ShopIdentity = {
  companyName: string;
  legalForm: string;
  address: string;
  rcs: string;
  siren: string;
  shareCapital: string;
  vatNumber: string;
  publicationDirector: string;
  host: string;
  mediator: string;
  /** Shown to shoppers (footer, Service client, legal notice) and used as the reply address. */
  contactEmail: string;
  contactPhone: string;
  /** The customer service's hours (telephone and live chat). */
  openingHours: OpeningSlot[];
  /** Receives the security reports (account Sécurité tab). */
  securityContactEmail: string;
};

/** Monday to Friday 9:00-19:00, Saturday 10:00-18:00: the hours the Service client page published. */
export const DEFAULT_OPENING_HOURS: OpeningSlot[] = [
  { weekday: 1, opens: "09:00", closes: "19:00" },
  { weekday: 2, opens: "09:00", closes: "19:00" },
  { weekday: 3, opens: "09:00", closes: "19:00" },
  { weekday: 4, opens: "09:00", closes: "19:00" },
  { weekday: 5, opens: "09:00", closes: "19:00" },
  { weekday: 6, opens: "10:00", closes: "18:00" },
];

export const SHOP_IDENTITY_LIMITS = { text: 300, longText: 500 } as const;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_MESSAGE = "Indiquez une heure au format HH:MM (par exemple 09:00)";

const required = (message: string, max: number = SHOP_IDENTITY_LIMITS.text) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${max} caractères au plus`)
    .refine((value) => !value.includes("\u0000"), "Ce texte contient un caractère invalide");

const email = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(254, "Adresse e-mail trop longue").pipe(z.email("Adresse e-mail invalide"));

export const OpeningSlotSchema = z
  .object({
    weekday: z.coerce
      .number()
      .int()
      .refine((d): d is Weekday => (WEEKDAYS as readonly number[]).includes(d), "Jour invalide"),
    opens: z.string().regex(TIME_PATTERN, TIME_MESSAGE),
    closes: z.string().regex(TIME_PATTERN, TIME_MESSAGE),
  })
  .refine((slot) => slot.opens < slot.closes, { message: "L'heure de fermeture doit suivre l'heure d'ouverture", path: ["closes"] });

export const ShopIdentitySchema = z.object({
  companyName: required("Indiquez la raison sociale"),
  legalForm: required("Indiquez la forme juridique"),
  address: required("Indiquez l'adresse du siège", SHOP_IDENTITY_LIMITS.longText),
  rcs: required("Indiquez l'immatriculation au RCS"),
  siren: required("Indiquez le numéro SIREN"),
  shareCapital: required("Indiquez le capital social"),
  vatNumber: required("Indiquez le numéro de TVA intracommunautaire"),
  publicationDirector: required("Indiquez le directeur de la publication"),
  host: required("Indiquez l'hébergeur", SHOP_IDENTITY_LIMITS.longText),
  mediator: required("Indiquez le médiateur de la consommation", SHOP_IDENTITY_LIMITS.longText),
  contactEmail: email("Indiquez l'e-mail de contact"),
  contactPhone: z
    .string({ error: "Indiquez le téléphone du service client" })
    .trim()
    .regex(/^\+?[0-9 .]{6,20}$/, "Numéro de téléphone invalide"),
  openingHours: z
    .array(OpeningSlotSchema)
    .max(7, "Un créneau par jour au plus")
    .refine((slots) => new Set(slots.map((s) => s.weekday)).size === slots.length, "Un créneau par jour au plus"),
  securityContactEmail: email("Indiquez l'e-mail du contact sécurité"),
});

/** `tel:` link for a French number as shoppers type it ("01 23 45 67 89" -> "tel:+33123456789"). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  if (digits.startsWith("0")) return `tel:+33${digits.slice(1)}`;
  return `tel:${digits}`;
}

const weekdayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const WEEKDAY_BY_SHORT: Record<string, Weekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The Paris weekday and "HH:MM" of an instant. */
export function parisWeekdayAndTime(at: Date): { weekday: Weekday; time: string } {
  const parts = weekdayFormat.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { weekday: WEEKDAY_BY_SHORT[get("weekday")] ?? 1, time: `${get("hour")}:${get("minute")}` };
}

/** Whether the customer service is open at an instant (Paris time; the closing minute is closed). */
export function isOpenAt(hours: readonly OpeningSlot[], at: Date): boolean {
  const { weekday, time } = parisWeekdayAndTime(at);
  return hours.some((slot) => slot.weekday === weekday && slot.opens <= time && time < slot.closes);
}

/** Consecutive days with the same hours, as one line of the published hours. */
export type OpeningHoursGroup = { from: Weekday; to: Weekday; opens: string; closes: string };

/**
 * The hours as the pages print them: consecutive days with the same hours grouped (Monday to
 * Friday 09:00-19:00, Saturday 10:00-18:00). The page words them in its language.
 */
export function groupOpeningHours(hours: readonly OpeningSlot[]): OpeningHoursGroup[] {
  const sorted = [...hours].sort((a, b) => a.weekday - b.weekday);
  const groups: OpeningSlot[][] = [];
  for (const slot of sorted) {
    const last = groups.at(-1);
    const prev = last?.at(-1);
    if (last && prev && prev.weekday + 1 === slot.weekday && prev.opens === slot.opens && prev.closes === slot.closes) last.push(slot);
    else groups.push([slot]);
  }
  return groups.map((group) => ({
    from: group[0].weekday,
    to: group[group.length - 1].weekday,
    opens: group[0].opens,
    closes: group[0].closes,
  }));
}
