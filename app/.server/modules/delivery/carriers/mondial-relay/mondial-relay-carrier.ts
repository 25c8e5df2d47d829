/**
 * Mondial Relay behind the shop's CarrierClient (decision 062), through its SOAP web services v1
 * (https://api.mondialrelay.com/Web_Services.asmx). The shapes come from:
 * - Mondial Relay, "Web Service Solution" technical documentation V-5.x (2015–2020): methods,
 *   parameter formats, the MD5 security key, the STAT return codes, the modes of collection and
 *   delivery;
 * - the service's WSDL (Web_Services.asmx?WSDL), for each method's parameter order and answer;
 * - established clients, for the conventions the documentation leaves implicit: PrestaShop's
 *   "mondialrelay" module (label URL at www.mondialrelay.com, `format=A4` swapped for
 *   `format=10x15`), sylogix/mondial_relay (Ruby), akretion/mondialrelay_pyt (Python),
 *   dansmaculotte/mondialrelay-php, and the WooCommerce "CDI" plugin (return labels).
 *
 * Methods used:
 * - WSI4_PointRelais_Recherche: relay points near a postal code (searchPoints), or one point by its
 *   number (getPoint);
 * - WSI2_CreationEtiquette: books an expedition and answers its number and label URL; the PDF is
 *   then downloaded from www.mondialrelay.com;
 * - WSI2_TracingColisDetaille: a parcel's state (STAT 80–83) and its steps.
 *
 * Returns: the shopper drops the parcel at any Point Relais® (ModeCol "REL" with COL_Rel "AUTO",
 * COL_Rel_Pays "XX": the documented "any relay" collection, as the CDI plugin and roulier send it)
 * and it is delivered to the shop's returns address (ModeLiv "LCC", "livraison client chargeur").
 *
 * Mondial Relay does no customs clearance here: a parcel to (or, for a return, from) a place
 * outside the EU's customs territory is refused before anything is booked.
 */
import {
  CarrierError,
  needsCustoms,
  type CarrierAddress,
  type CarrierClient,
  type CarrierLabel,
  type CarrierPoint,
  type LabelFormat,
  type LabelRequest,
  type PointSearch,
  type ReturnLabelRequest,
  type Tracking,
  type TrackingEvent,
  type TrackingEventKind,
} from "~/domain/delivery/carrier";
import { addressText, cityText, emailText, languageOf, phoneText, postalCodeText, referenceText, weightText } from "./format";
import { LABEL_PARAMS, SEARCH_PARAMS, TRACING_PARAMS, signedParams, type LabelParams, type SearchParams } from "./security";
import { callSoap, childOf, childrenOf, fetchPdf, textOf, unavailable, type XmlElement } from "./soap";
import { statError, TRACING_STATS, type StatContext } from "./stat-codes";

export type MondialRelayConfig = {
  /** The 8-character "code enseigne" Mondial Relay gives the shop ("BDTEST13" for its test account). */
  enseigne: string;
  /** The private key that signs every call (never sent, never shown). */
  privateKey: string;
  /** The SOAP endpoint; Mondial Relay's by default. */
  url?: string;
  /** Where the label URLs the service answers are downloaded from. */
  labelBaseUrl?: string;
  timeoutMs?: number;
};

export const MONDIAL_RELAY_URL = "https://api.mondialrelay.com/Web_Services.asmx";
export const MONDIAL_RELAY_LABEL_BASE_URL = "https://www.mondialrelay.com";

/** Mondial Relay's products (ModeLiv codes) the shop uses, with their French names. */
export const MONDIAL_RELAY_PRODUCTS = {
  "24R": "Mondial Relay Point Relais®",
  HOM: "Mondial Relay Domicile",
  LD1: "Mondial Relay Domicile (livraison 1 personne, rez-de-chaussée)",
  LCC: "Mondial Relay Retour (dépôt en Point Relais®, livraison à la boutique)",
} as const;
export type MondialRelayProduct = keyof typeof MONDIAL_RELAY_PRODUCTS;

/**
 * The heaviest parcel of each product. 24R: 30 kg, Mondial Relay's published Point Relais® limit.
 * HOM: 25 kg, its current home-delivery offer (mondialrelay.fr, "Livraison à domicile"). LD1: 70
 * kg, as the Man4x Magento module configures it (Mondial Relay publishes no current figure).
 * LCC: the return is dropped at a Point Relais®, so the relay limit.
 */
const MAX_WEIGHT_GRAMS: Record<MondialRelayProduct, number> = { "24R": 30_000, HOM: 25_000, LD1: 70_000, LCC: 30_000 };

/** The products a shop parcel leaves with (LCC only brings a return back). */
const OUTBOUND: ReadonlySet<string> = new Set(["24R", "HOM", "LD1"]);

const DAYS = [
  ["Horaires_Lundi", "Lun."],
  ["Horaires_Mardi", "Mar."],
  ["Horaires_Mercredi", "Mer."],
  ["Horaires_Jeudi", "Jeu."],
  ["Horaires_Vendredi", "Ven."],
  ["Horaires_Samedi", "Sam."],
  ["Horaires_Dimanche", "Dim."],
] as const;

const hhmm = (value: string) => `${value.slice(0, 2)}h${value.slice(2)}`;

/**
 * "Lun. 09h00-12h00, 14h00-19h00 ; Mar. …": each day's `string` items are opening/closing pairs
 * ("0900", "1200", "1400", "1900"), "0000"-"0000" for none; closed days are left out.
 */
export function openingHoursText(point: XmlElement): string {
  const days: string[] = [];
  for (const [element, label] of DAYS) {
    const times = childrenOf(childOf(point, element), "string").map((s) => s.text.trim());
    const ranges: string[] = [];
    for (let i = 0; i + 1 < times.length; i += 2) {
      const [from, to] = [times[i], times[i + 1]];
      if (!/^\d{4}$/.test(from) || !/^\d{4}$/.test(to) || (from === "0000" && to === "0000")) continue;
      ranges.push(`${hhmm(from)}-${hhmm(to)}`);
    }
    if (ranges.length) days.push(`${label} ${ranges.join(", ")}`);
  }
  return days.length ? days.join(" ; ") : "Horaires non communiqués";
}

const joined = (...parts: string[]) => parts.filter(Boolean).join(" ");

function pointOf(element: XmlElement, withDistance: boolean): CarrierPoint {
  const metres = Number(textOf(element, "Distance"));
  const hasDistance = withDistance && textOf(element, "Distance") !== "" && Number.isFinite(metres);
  return {
    carrier: "mondialrelay",
    carrierPointId: textOf(element, "Num"),
    name: joined(textOf(element, "LgAdr1"), textOf(element, "LgAdr2")),
    street: joined(textOf(element, "LgAdr3"), textOf(element, "LgAdr4")),
    postalCode: textOf(element, "CP"),
    city: textOf(element, "Ville"),
    countryCode: textOf(element, "Pays"),
    openingHours: openingHoursText(element),
    // Mondial Relay gives metres; the shop shows kilometres to one decimal.
    distanceKm: hasDistance ? Math.round(metres / 100) / 10 : null,
    productCode: "24R",
  };
}

/** "066974", "66974" or "FR-066974": Mondial Relay's six-digit point number. */
function pointNumber(id: string): string {
  const bare = id.trim().replace(/^[A-Z]{2}-/i, "");
  return /^\d{1,6}$/.test(bare) ? bare.padStart(6, "0") : bare;
}

const todayInParis = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());

/** DelaiEnvoi: days until the parcel leaves, so points closed that day (holidays) are left out. */
function daysUntil(date: string): string {
  const days = Math.round((Date.parse(date) - Date.parse(todayInParis())) / 86_400_000);
  return String(Number.isFinite(days) ? Math.min(Math.max(days, 0), 99) : 0);
}

function invalid(message: string): CarrierError {
  return new CarrierError("mondialrelay", "invalid_request", message);
}

function customsRefusal(place: CarrierAddress, direction: "to" | "from"): CarrierError {
  const where = `${place.postalCode} ${place.city} (${place.countryCode})`.replace(/\s+/g, " ");
  return invalid(
    `Mondial Relay ne prend pas en charge le dédouanement : un colis ${direction === "to" ? "vers" : "depuis"} ${where}, hors du territoire douanier de l'Union européenne, ne peut pas voyager avec Mondial Relay. Choisissez un autre transporteur pour cette destination.`,
  );
}

function checkWeight(grams: number): void {
  if (!Number.isInteger(grams) || grams <= 0) throw invalid("Le poids du colis doit être un nombre entier de grammes, supérieur à zéro.");
}

/** Ad1/Ad2: a person's name, or the company then the contact for the shop's own address. */
function nameLines(address: CarrierAddress, companyFirst: boolean): [string, string] {
  const person = addressText(`${address.firstName} ${address.lastName}`);
  const company = addressText(address.company);
  const [first, second] = companyFirst && company ? [company, person] : [person || company, person ? company : ""];
  // Ad2 takes 2 to 32 characters when given.
  return [first, second.length >= 2 && second !== first ? second : ""];
}

type AddressParams = {
  lang: string;
  ad1: string;
  ad2: string;
  ad3: string;
  ad4: string;
  city: string;
  cp: string;
  country: string;
  tel1: string;
  mail: string;
};

function addressParams(address: CarrierAddress, companyFirst: boolean): AddressParams {
  const [ad1, ad2] = nameLines(address, companyFirst);
  return {
    lang: languageOf(address.countryCode),
    ad1,
    ad2,
    ad3: addressText(address.line1),
    ad4: addressText(address.line2),
    city: cityText(address.city),
    cp: postalCodeText(address.postalCode),
    country: address.countryCode.trim().toUpperCase(),
    tel1: phoneText(address.phone),
    mail: emailText(address.email),
  };
}

type Booking = {
  modeCol: "CCC" | "REL";
  modeLiv: string;
  reference: string;
  weightGrams: number;
  sender: AddressParams;
  recipient: AddressParams;
  collection?: { country: string; point: string };
  delivery?: { country: string; point: string };
};

function labelParams(enseigne: string, b: Booking): LabelParams {
  return {
    Enseigne: enseigne,
    ModeCol: b.modeCol,
    ModeLiv: b.modeLiv,
    NDossier: referenceText(b.reference),
    NClient: "",
    Expe_Langage: "FR",
    Expe_Ad1: b.sender.ad1,
    Expe_Ad2: b.sender.ad2,
    Expe_Ad3: b.sender.ad3,
    Expe_Ad4: b.sender.ad4,
    Expe_Ville: b.sender.city,
    Expe_CP: b.sender.cp,
    Expe_Pays: b.sender.country,
    Expe_Tel1: b.sender.tel1,
    Expe_Tel2: "",
    Expe_Mail: b.sender.mail,
    Dest_Langage: b.recipient.lang,
    Dest_Ad1: b.recipient.ad1,
    Dest_Ad2: b.recipient.ad2,
    Dest_Ad3: b.recipient.ad3,
    Dest_Ad4: b.recipient.ad4,
    Dest_Ville: b.recipient.city,
    Dest_CP: b.recipient.cp,
    Dest_Pays: b.recipient.country,
    Dest_Tel1: b.recipient.tel1,
    Dest_Tel2: "",
    Dest_Mail: b.recipient.mail,
    Poids: weightText(b.weightGrams),
    Longueur: "",
    Taille: "",
    NbColis: "1",
    // No cash on delivery, no declared value: the shop's parcels are paid for at the order.
    CRT_Valeur: "0",
    CRT_Devise: "",
    Exp_Valeur: "",
    Exp_Devise: "",
    COL_Rel_Pays: b.collection?.country ?? "",
    COL_Rel: b.collection?.point ?? "",
    LIV_Rel_Pays: b.delivery?.country ?? "",
    LIV_Rel: b.delivery?.point ?? "",
    TAvisage: "",
    TReprise: "",
    Montage: "",
    TRDV: "",
    Assurance: "",
    Instructions: "",
  };
}

/** The label URL with the asked format: the service answers `format=A4`, `format=10x15` is the same label for thermal printers. */
export function labelUrl(path: string, format: LabelFormat, baseUrl: string): string {
  const pattern = /([?&])format=[^&]*/i;
  const withFormat = pattern.test(path)
    ? path.replace(pattern, `$1format=${format}`)
    : `${path}${path.includes("?") ? "&" : "?"}format=${format}`;
  return new URL(withFormat, baseUrl).href;
}

/** What a step's French wording says happened; Mondial Relay's steps carry no code of their own. */
const STEP_KINDS: ReadonlyArray<readonly [RegExp, TrackingEventKind]> = [
  [/RETOUR|RETOURNE|RENVOYE A L'EXPEDITEUR/, "returned_to_sender"],
  [/ANOMALIE|INCIDENT|REFUSE|AVARI|ENDOMMAGE|PERDU|ADRESSE (INCOMPLETE|ERRONEE|INCONNUE)|NON LIVRABLE/, "exception"],
  [/DISPONIBLE|MIS A DISPOSITION|A RETIRER/, "available_for_pickup"],
  [/EN COURS DE LIVRAISON|EN LIVRAISON|EN TOURNEE/, "out_for_delivery"],
  [/\bLIVREE?S?\b|REMIS AU DESTINATAIRE|RECUPERE PAR LE DESTINATAIRE|\bRETIRE\b/, "delivered"],
  [/ENREGISTRE|ANNONCE|ETIQUETTE|EN ATTENTE DE DEPOT|PREPAR/, "label_created"],
];

export function stepKind(wording: string): TrackingEventKind {
  const text = wording.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
  return STEP_KINDS.find(([pattern]) => pattern.test(text))?.[1] ?? "in_transit";
}

/** The documented tracing STAT a kind of step belongs to, as the event's carrier code. */
const STAT_OF_KIND: Record<TrackingEventKind, string> = {
  label_created: "80",
  in_transit: "81",
  out_for_delivery: "81",
  available_for_pickup: "81",
  returned_to_sender: "81",
  delivered: "82",
  exception: "83",
};

function parisOffsetMinutes(instant: number): number {
  const zone = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((p) => p.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(zone ?? "");
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "22/07/26" (or "22/07/2026") and "14:30", French local time, as ISO 8601 with its offset. */
export function parisIso(date: string, time: string): string | null {
  const d = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time.trim() || "00:00");
  if (!d || !t) return null;
  const [day, month, year] = [Number(d[1]), Number(d[2]), d[3].length === 2 ? 2000 + Number(d[3]) : Number(d[3])];
  const [hours, minutes] = [Number(t[1]), Number(t[2])];
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hours > 23 || minutes > 59) return null;
  // The offset at that wall time: a first guess, corrected once across a change of summer time.
  let offset = parisOffsetMinutes(wall);
  offset = parisOffsetMinutes(wall - offset * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hours)}:${pad(minutes)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function trackingOf(trackingNumber: string, result: XmlElement, stat: string): Tracking {
  const steps = childrenOf(childOf(result, "Tracing"), "ret_WSI2_sub_TracingColisDetaille");
  const events: TrackingEvent[] = [];
  steps.forEach((step) => {
    const label = textOf(step, "Libelle");
    const occurredAt = parisIso(textOf(step, "Date"), textOf(step, "Heure"));
    // The service pads its list with empty steps; a step without a wording or a date says nothing.
    if (!label || !occurredAt) return;
    const kind = stepKind(label);
    events.push({ kind, code: STAT_OF_KIND[kind], label, occurredAt, location: textOf(step, "Emplacement") || null });
  });
  events.sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
  // The parcel's STAT is the service's own verdict: when the steps' wording missed it, the latest step carries it.
  const latest = events[events.length - 1];
  if (latest && stat === "82" && !events.some((e) => e.kind === "delivered" || e.kind === "returned_to_sender")) {
    Object.assign(latest, { kind: "delivered", code: "82" });
  } else if (latest && stat === "83" && !events.some((e) => e.kind === "exception")) {
    Object.assign(latest, { kind: "exception", code: "83" });
  }
  return { trackingNumber, events, estimatedDeliveryDate: null };
}

export function createMondialRelayCarrier(config: MondialRelayConfig): CarrierClient {
  const url = config.url ?? MONDIAL_RELAY_URL;
  const labelBaseUrl = config.labelBaseUrl ?? MONDIAL_RELAY_LABEL_BASE_URL;
  const timeoutMs = config.timeoutMs ?? 8000;
  const enseigne = config.enseigne.trim().toUpperCase();

  async function call(method: string, params: Array<[string, string]>, context: StatContext, answers: readonly string[] = ["0"]) {
    const result = await callSoap({ url, timeoutMs, method, params });
    const stat = textOf(result, "STAT");
    if (!/^\d+$/.test(stat)) throw unavailable("unparsable");
    if (!answers.includes(stat)) throw statError(stat, context, enseigne);
    return { result, stat };
  }

  function searchParams(fields: Partial<SearchParams>): Array<[string, string]> {
    const params = Object.fromEntries(SEARCH_PARAMS.map((name) => [name, ""])) as SearchParams;
    return signedParams(SEARCH_PARAMS, { ...params, ...fields, Enseigne: enseigne }, config.privateKey);
  }

  async function points(params: Array<[string, string]>): Promise<XmlElement[]> {
    const { result } = await call("WSI4_PointRelais_Recherche", params, "search");
    return childrenOf(childOf(result, "PointsRelais"), "PointRelais_Details").filter((p) => textOf(p, "Num") !== "");
  }

  async function book(booking: Booking, format: LabelFormat, context: StatContext): Promise<CarrierLabel> {
    const params = signedParams(LABEL_PARAMS, labelParams(enseigne, booking), config.privateKey);
    const { result } = await call("WSI2_CreationEtiquette", params, context);
    const trackingNumber = textOf(result, "ExpeditionNum");
    const path = textOf(result, "URL_Etiquette");
    if (!/^\d{8}$/.test(trackingNumber) || !path) throw unavailable("unparsable");
    const pdf = await fetchPdf(labelUrl(path, format, labelBaseUrl), timeoutMs);
    return { trackingNumber, pdf, format, customsPdf: null };
  }

  return {
    code: "mondialrelay",
    label: "Mondial Relay",

    maxWeightGrams(productCode) {
      return MAX_WEIGHT_GRAMS[productCode as MondialRelayProduct] ?? 0;
    },

    async searchPoints(search: PointSearch) {
      const limit = Math.min(Math.max(Math.floor(search.limit), 1), 30);
      const found = await points(
        searchParams({
          Pays: search.countryCode.trim().toUpperCase(),
          CP: postalCodeText(search.postalCode),
          Poids: search.weightGrams && Number.isInteger(search.weightGrams) && search.weightGrams > 0 ? weightText(search.weightGrams) : "",
          Action: "24R",
          DelaiEnvoi: daysUntil(search.shippingDate),
          NombreResultats: String(limit),
        }),
      );
      return found
        .map((p) => pointOf(p, true))
        .sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity))
        .slice(0, limit);
    },

    async getPoint(carrierPointId, countryCode) {
      const number = pointNumber(carrierPointId);
      let found: XmlElement[];
      try {
        found = await points(searchParams({ Pays: countryCode.trim().toUpperCase(), NumPointRelais: number, NombreResultats: "1" }));
      } catch (error) {
        // An unknown or malformed point number is an answer: "no such point".
        if (error instanceof CarrierError && ["14", "24", "70"].includes(error.carrierCode ?? "")) return null;
        throw error;
      }
      const point = found.find((p) => textOf(p, "Num") === number);
      return point ? pointOf(point, false) : null;
    },

    async createLabel(request: LabelRequest) {
      const product = request.productCode.trim().toUpperCase();
      if (!OUTBOUND.has(product)) {
        throw invalid(`Le produit « ${request.productCode} » n'est pas un produit d'expédition Mondial Relay (24R, HOM ou LD1).`);
      }
      if (needsCustoms(request.recipient.countryCode.trim().toUpperCase(), request.recipient.postalCode)) {
        throw customsRefusal(request.recipient, "to");
      }
      checkWeight(request.weightGrams);
      const recipient = addressParams(request.recipient, false);
      let delivery: Booking["delivery"];
      if (product === "24R") {
        if (!request.pointId?.trim()) throw invalid("Une livraison en Point Relais® Mondial Relay demande le point choisi par le client.");
        delivery = { country: recipient.country, point: pointNumber(request.pointId) };
      }
      return book(
        {
          modeCol: "CCC",
          modeLiv: product,
          reference: request.reference,
          weightGrams: request.weightGrams,
          sender: addressParams(request.sender, true),
          recipient,
          delivery,
        },
        request.format,
        "label",
      );
    },

    async createReturnLabel(request: ReturnLabelRequest) {
      if (needsCustoms(request.sender.countryCode.trim().toUpperCase(), request.sender.postalCode)) {
        throw customsRefusal(request.sender, "from");
      }
      checkWeight(request.weightGrams);
      const sender = addressParams(request.sender, false);
      const shop = addressParams(request.recipient, true);
      // The service requires the sender's phone; a shopper who gave none is reached through the shop.
      if (!sender.tel1) sender.tel1 = shop.tel1;
      return book(
        {
          modeCol: "REL",
          modeLiv: "LCC",
          reference: request.reference,
          weightGrams: request.weightGrams,
          sender,
          recipient: shop,
          collection: { country: "XX", point: "AUTO" },
        },
        request.format,
        "return_label",
      );
    },

    async track(trackingNumber: string) {
      const number = trackingNumber.trim();
      const params = signedParams(TRACING_PARAMS, { Enseigne: enseigne, Expedition: number, Langue: "FR" }, config.privateKey);
      let answer: { result: XmlElement; stat: string };
      try {
        answer = await call("WSI2_TracingColisDetaille", params, "tracking", ["0", ...TRACING_STATS]);
      } catch (error) {
        // 24 "numéro d'expédition invalide" and 94 "colis inexistant": Mondial Relay does not know the parcel.
        if (error instanceof CarrierError && ["24", "94"].includes(error.carrierCode ?? "")) return null;
        throw error;
      }
      return trackingOf(number, answer.result, answer.stat);
    },
  };
}
