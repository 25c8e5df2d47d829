/**
 * Relay points and post offices from Colissimo's Point Retrait web service (REST v2, JSON):
 * `findRDVPointRetraitAcheminement` lists the points around an address that are open from the
 * shipping date and take the parcel's weight; `findPointRetraitAcheminementByID` reads one.
 * Both answer `errorCode` 0 when all is well, and say otherwise with the same field.
 */
import type { CarrierPoint, PointSearch } from "~/domain/delivery/carrier";
import { communesOfPostalCode } from "~/.server/postal-codes/postal-codes";
import { carrierError, frenchDate, isRecord, parisDay, parseJson, send, text, tidy, unavailable } from "./http";
import { RELAY_MAX_GRAMS } from "./products";

export type PointsContext = {
  url: string;
  accountNumber: string;
  password: string;
  timeoutMs: number;
  redact: (text: string) => string;
};

/** Identification refused: account or password missing (101, 102), wrong (201), or not allowed this service (202). */
const CREDENTIAL_ERRORS = new Set([101, 102, 201, 202]);
/** Postal code missing (104) or not one the service knows (125). */
const POSTAL_CODE_ERRORS = new Set([104, 125]);
/** No point for the place or the id (the carrier's shop plug-ins read 300, 301 and 203 as "no point"). */
const NO_POINT_ERRORS = new Set([203, 300, 301]);
/** An unknown or malformed point id (107 missing, 124 incorrect). */
const UNKNOWN_ID_ERRORS = new Set([107, 124]);
/** The service's own failure. */
const TECHNICAL_ERRORS = new Set([999]);

const DAYS: ReadonlyArray<[field: string, short: string]> = [
  ["Lundi", "Lun."],
  ["Mardi", "Mar."],
  ["Mercredi", "Mer."],
  ["Jeudi", "Jeu."],
  ["Vendredi", "Ven."],
  ["Samedi", "Sam."],
  ["Dimanche", "Dim."],
];

/**
 * "Lun. 09h00-12h00, 14h00-19h00 ; Mar. …" from the service's "09:00-12:00 14:00-19:00" per day.
 * A range "00:00-00:00" (or any empty one) is the service's way of saying closed: such days are left out.
 */
export function openingHoursOf(raw: Record<string, unknown>): string {
  const days: string[] = [];
  for (const [field, short] of DAYS) {
    const ranges = text(raw[`horairesOuverture${field}`])
      .split(/\s+/)
      .map((range) => /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(range))
      .filter((m): m is RegExpExecArray => !!m && `${m[1]}${m[2]}` !== `${m[3]}${m[4]}`)
      .map((m) => `${m[1]}h${m[2]}-${m[3]}h${m[4]}`);
    if (ranges.length > 0) days.push(`${short} ${ranges.join(", ")}`);
  }
  return days.join(" ; ");
}

function numberOf(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

export function pointOf(raw: unknown): CarrierPoint | null {
  if (!isRecord(raw)) return null;
  const id = text(raw.identifiant).trim();
  if (!id) return null;
  const meters = numberOf(raw.distanceEnMetre);
  return {
    carrier: "colissimo",
    carrierPointId: id,
    name: text(raw.nom).trim(),
    street: [raw.adresse1, raw.adresse2, raw.adresse3]
      .map((line) => text(line).trim())
      .filter(Boolean)
      .join(", "),
    postalCode: text(raw.codePostal).trim(),
    city: text(raw.localite).trim(),
    countryCode: text(raw.codePays).trim().toUpperCase() || "FR",
    openingHours: openingHoursOf(raw),
    distanceKm: meters === null ? null : Math.round(meters / 10) / 100,
    productCode: text(raw.typeDePoint).trim() || null,
  };
}

/**
 * The town the service wants with a postal code, from the official list when the shop gives
 * none. Paris, Lyon and Marseille are listed by arrondissement ("Paris 11e Arrondissement"),
 * which mail is not addressed to: the city's own name is kept.
 */
function townOf(postalCode: string): string {
  const commune = communesOfPostalCode(postalCode)[0] ?? "";
  return commune.replace(/\s+\d+(?:er|e)\s+arrondissement$/i, "");
}

function errorCodeOf(json: Record<string, unknown>): number | null {
  return numberOf(json.errorCode);
}

/** The answer's JSON, or the CarrierError its HTTP status or its errorCode amounts to. */
function readAnswer(
  ctx: PointsContext,
  status: number,
  json: unknown,
  postalCode?: string,
): { json: Record<string, unknown>; code: number } {
  if (status >= 500) throw unavailable(`HTTP ${status}`);
  if (status === 401 || status === 403) {
    throw carrierError(
      "bad_credentials",
      "Colissimo a refusé les identifiants du service Point Retrait (numéro de contrat ou mot de passe).",
      `HTTP ${status}`,
    );
  }
  if (!isRecord(json) || errorCodeOf(json) === null) {
    if (status >= 400)
      throw carrierError("invalid_request", `Colissimo a refusé la recherche de points (HTTP ${status}).`, `HTTP ${status}`);
    throw unavailable();
  }
  const code = errorCodeOf(json) as number;
  const detail = tidy(ctx.redact(text(json.errorMessage)));
  if (CREDENTIAL_ERRORS.has(code)) {
    throw carrierError(
      "bad_credentials",
      "Colissimo a refusé les identifiants du service Point Retrait (numéro de contrat ou mot de passe).",
      String(code),
    );
  }
  if (POSTAL_CODE_ERRORS.has(code)) {
    const which = postalCode ? ` « ${tidy(postalCode, 12)} »` : "";
    throw carrierError(
      "unknown_postal_code",
      `Colissimo ne reconnaît pas le code postal${which}${detail ? ` : ${detail}` : "."}`,
      String(code),
    );
  }
  if (TECHNICAL_ERRORS.has(code)) throw unavailable(String(code));
  return { json, code };
}

function refused(ctx: PointsContext, json: Record<string, unknown>, code: number): Error {
  const detail = tidy(ctx.redact(text(json.errorMessage))) || `erreur ${code}`;
  return carrierError("invalid_request", `Colissimo a refusé la recherche de points : ${detail}`, String(code));
}

async function call(ctx: PointsContext, method: string, body: Record<string, unknown>) {
  const answer = await send(
    `${ctx.url}/${method}`,
    { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) },
    ctx.timeoutMs,
  );
  return { status: answer.status, json: parseJson(answer) };
}

export async function findPoints(ctx: PointsContext, search: PointSearch): Promise<CarrierPoint[]> {
  const countryCode = search.countryCode.trim().toUpperCase();
  const postalCode = search.postalCode.replace(/\s+/g, "");
  const city = search.city?.trim() || (countryCode === "FR" ? townOf(postalCode) : "");
  const weight = search.weightGrams && search.weightGrams > 0 ? Math.round(search.weightGrams) : null;
  const { status, json } = await call(ctx, "findRDVPointRetraitAcheminement", {
    accountNumber: ctx.accountNumber,
    password: ctx.password,
    zipCode: postalCode,
    city,
    countryCode,
    weight: weight === null ? undefined : String(weight),
    shippingDate: frenchDate(search.shippingDate),
    // 1 lists relay shops and post offices, 0 post offices only: the only ones above a relay's 20 kg.
    filterRelay: weight !== null && weight > RELAY_MAX_GRAMS ? "0" : "1",
    lang: "FR",
    optionInter: countryCode === "FR" ? "0" : "1",
  });
  const read = readAnswer(ctx, status, json, postalCode);
  if (NO_POINT_ERRORS.has(read.code)) return [];
  if (read.code !== 0) throw refused(ctx, read.json, read.code);
  const list = Array.isArray(read.json.listePointRetraitAcheminement) ? read.json.listePointRetraitAcheminement : [];
  const points = list.map(pointOf).filter((p): p is CarrierPoint => p !== null);
  // The service lists the nearest first; sorting again keeps that promise if it ever does not.
  points.sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity));
  return points.slice(0, Math.max(0, search.limit));
}

export async function findPointById(ctx: PointsContext, carrierPointId: string, countryCode: string): Promise<CarrierPoint | null> {
  const id = carrierPointId.trim();
  if (!id) return null;
  const { status, json } = await call(ctx, "findPointRetraitAcheminementByID", {
    accountNumber: ctx.accountNumber,
    password: ctx.password,
    id,
    // The point as it is today: the service wants a date.
    date: frenchDate(parisDay(new Date())),
    filterRelay: "1",
    langue: "FR",
  });
  const read = readAnswer(ctx, status, json);
  if (NO_POINT_ERRORS.has(read.code) || UNKNOWN_ID_ERRORS.has(read.code)) return null;
  if (read.code !== 0) throw refused(ctx, read.json, read.code);
  const point = pointOf(read.json.pointRetraitAcheminement);
  if (!point) return null;
  const country = countryCode.trim().toUpperCase();
  return country && point.countryCode !== country ? null : point;
}
