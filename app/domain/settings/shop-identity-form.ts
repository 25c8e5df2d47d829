/**
 * The Paramètres form of the shop identity (decision 046): its fields, labels and the reading of
 * the submitted form into the shape ShopIdentitySchema checks. Isomorphic.
 */
import { WEEKDAYS, type OpeningSlot, type ShopIdentity, type Weekday } from "~/domain/settings/shop-identity";

export type ShopIdentityTextField = Exclude<keyof ShopIdentity, "openingHours">;

export const SHOP_IDENTITY_FIELDS: { name: ShopIdentityTextField; label: string; type?: "email" | "tel"; long?: boolean }[] = [
  { name: "companyName", label: "Raison sociale" },
  { name: "legalForm", label: "Forme juridique" },
  { name: "address", label: "Adresse du siège", long: true },
  { name: "rcs", label: "Immatriculation RCS" },
  { name: "siren", label: "SIREN" },
  { name: "shareCapital", label: "Capital social" },
  { name: "vatNumber", label: "N° de TVA intracommunautaire" },
  { name: "publicationDirector", label: "Directeur de la publication" },
  { name: "host", label: "Hébergeur", long: true },
  { name: "mediator", label: "Médiateur de la consommation", long: true },
  { name: "contactEmail", label: "E-mail du service client", type: "email" },
  { name: "contactPhone", label: "Téléphone du service client", type: "tel" },
  { name: "securityContactEmail", label: "E-mail du contact sécurité", type: "email" },
];

/** Form names of one weekday's hours. */
export const dayFieldName = (weekday: Weekday, part: "open" | "opens" | "closes") => `day-${weekday}-${part}`;

/** The error key of one weekday's field, as the section shows it. */
export const dayErrorKey = (weekday: Weekday, part: "opens" | "closes" | "weekday") => `openingHours.day${weekday}.${part}`;

/**
 * The submitted form as ShopIdentitySchema reads it: a slot for each weekday ticked "Ouvert".
 * `weekdays[i]` is the weekday of `openingHours[i]`, to put the schema's messages next to their day.
 */
export function shopIdentityFromForm(form: FormData): { values: Record<string, unknown>; weekdays: Weekday[] } {
  const values: Record<string, unknown> = {};
  for (const { name } of SHOP_IDENTITY_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  const slots: OpeningSlot[] = [];
  const weekdays: Weekday[] = [];
  for (const weekday of WEEKDAYS) {
    if (form.get(dayFieldName(weekday, "open")) !== "on") continue;
    const opens = form.get(dayFieldName(weekday, "opens"));
    const closes = form.get(dayFieldName(weekday, "closes"));
    slots.push({ weekday, opens: typeof opens === "string" ? opens : "", closes: typeof closes === "string" ? closes : "" });
    weekdays.push(weekday);
  }
  values.openingHours = slots;
  return { values, weekdays };
}

/** "openingHours.2.closes" -> "openingHours.day6.closes" (the third ticked day); other keys unchanged. */
export function remapIdentityErrors(errors: Record<string, string>, weekdays: readonly Weekday[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^openingHours\.(\d+)\.(opens|closes|weekday)$/.exec(key);
    const weekday = match ? weekdays[Number(match[1])] : undefined;
    out[match && weekday ? dayErrorKey(weekday, match[2] as "opens" | "closes" | "weekday") : key] ??= message;
  }
  return out;
}
