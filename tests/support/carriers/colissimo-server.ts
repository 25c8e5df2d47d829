/**
 * A local stand-in for La Poste's three services, for the Colissimo client's tests (these machines
 * cannot reach La Poste). It speaks the requests and answers the carrier documents:
 *
 * - Simple Label Solution, `POST /sls-ws/SlsServiceWSRest/2.0/generateLabel`: the JSON request
 *   (contractNumber, password, outputFormat, letter.service/parcel/customsDeclarations/sender/
 *   addressee), answered in multipart/related with the `<jsonInfos>` JSON part (`messages[]`, id
 *   "0" on success, `labelV2Response.parcelNumber`) and the PDF parts `<label>` and `<cn23>`.
 *   It checks what the service checks: the contract, the product and its destination, the
 *   deposit date, a weight above 0 and at most 30 kg (20 kg in a relay) with two decimals, the
 *   countries and postal codes (French ones against the official list), 35-character address
 *   lines, the point of an out-of-home product, and the CN23 of a parcel leaving the EU's customs
 *   territory. Message ids 0, 30000 (identification), 30002 (deposit date), 50005 (missing field)
 *   and 30519 (HS code) are the service's own; the other ids of this file only follow its
 *   numbering, each with a French text in the service's style.
 * - Point Retrait (REST v2 JSON, and the older `PointRetraitServiceWS/2.0` path, POST or GET):
 *   `findRDVPointRetraitAcheminement` and `findPointRetraitAcheminementByID` over a small fixed
 *   directory (75011 Paris, 69002 Lyon, 20000 Ajaccio), with the service's errorCode values.
 * - Suivi v2, `GET /suivi/v2/idships/{idShip}` with `X-Okapi-Key`: the parcels this server
 *   labelled, whose events a test adds (`state.pushEvent`); 404 for a number it does not know.
 *
 * Switches: `state.down` answers 503 everywhere; `state.delayMs` holds every answer back.
 * `state.requests` records what was sent, body included, so a test can check it.
 */
import { randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import PDFDocument from "pdfkit";
import { isKnownFrenchPostalCode } from "~/.server/postal-codes/postal-codes";

export type ColissimoServerOptions = {
  contractNumber?: string;
  password?: string;
  okapiKey?: string;
};

export type ColissimoService = "sls" | "points" | "tracking";

export type RecordedRequest = {
  service: ColissimoService;
  /** "generateLabel", "findRDVPointRetraitAcheminement", "idships"... */
  operation: string;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The JSON body, or the query's parameters for a GET. */
  body: any;
};

export type TrackingEventInput = { code: string; label?: string; date?: string };

export type ParcelRecord = {
  parcelNumber: string;
  productCode: string;
  arrivalCountry: string;
  /** Oldest first, as pushed. */
  events: Array<{ code: string; label: string; date: string }>;
  /** ISO 8601, as Suivi v2 gives it ("2025-06-14T00:00:00+02:00"), or null. */
  estimDate: string | null;
};

export type ColissimoServerState = {
  down: boolean;
  delayMs: number;
  requests: RecordedRequest[];
  parcels: Map<string, ParcelRecord>;
  lastRequest(service?: ColissimoService, operation?: string): RecordedRequest | undefined;
  pushEvent(parcelNumber: string, event: TrackingEventInput): void;
  setEstimDate(parcelNumber: string, date: string | null): void;
  /** Clears the recorded requests and the switches (the parcels stay). */
  reset(): void;
};

export type ColissimoServer = {
  url: string;
  slsUrl: string;
  pointsUrl: string;
  trackingUrl: string;
  close(): Promise<void>;
  state: ColissimoServerState;
};

// ——— Shared helpers ———

const PARIS_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** An instant as La Poste writes it: Paris local time with its offset ("2025-06-14T10:02:11+02:00"). */
export function parisIso(date: Date): string {
  const parts = Object.fromEntries(PARIS_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  const local = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  const offset = Math.round((local - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  const sign = offset >= 0 ? "+" : "-";
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const mm = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${sign}${hh}:${mm}`;
}

/** Today in Paris, "YYYY-MM-DD". */
export function parisToday(): string {
  return parisIso(new Date()).slice(0, 10);
}

function isRecord(value: unknown): value is Record<string, any> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function digits(count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

async function pdf(title: string, lines: string[], size: [number, number]): Promise<Buffer> {
  const doc = new PDFDocument({ size, margin: 18, info: { Title: title, Author: "Colissimo (serveur de test)" } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(12).text(title);
  doc.font("Helvetica").fontSize(8);
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

// ——— Geography ———

/** The EU's customs territory as Colissimo ships to it (plus Monaco, inside the French customs area). */
const EU_CUSTOMS = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
  "MC",
]);
/** French overseas departments and territories, by their ISO code, with their postal code prefix. */
const OVERSEAS: Record<string, RegExp> = {
  GP: /^971\d{2}$/,
  MQ: /^972\d{2}$/,
  GF: /^973\d{2}$/,
  RE: /^974\d{2}$/,
  PM: /^975\d{2}$/,
  YT: /^976\d{2}$/,
  BL: /^97133$/,
  MF: /^97150$/,
  WF: /^986\d{2}$/,
  PF: /^987\d{2}$/,
  NC: /^988\d{2}$/,
};
const OTHER_COUNTRIES = new Set(["CH", "GB", "NO", "US", "CA", "AD", "IS", "JP", "AU"]);

function knownCountry(code: string): boolean {
  return EU_CUSTOMS.has(code) || code in OVERSEAS || OTHER_COUNTRIES.has(code);
}

function isOverseas(country: string, zip: string): boolean {
  return country in OVERSEAS || (country === "FR" && /^9[78]/.test(zip));
}

function needsCn23(country: string, zip: string): boolean {
  return isOverseas(country, zip) || !EU_CUSTOMS.has(country);
}

function validPostalCode(country: string, zip: string): boolean {
  if (country === "FR" || country === "MC")
    return /^\d{5}$/.test(zip) && (country === "MC" ? zip.startsWith("980") : isKnownFrenchPostalCode(zip));
  if (country in OVERSEAS) return OVERSEAS[country].test(zip) && isKnownFrenchPostalCode(zip);
  if (["CH", "AT", "BE", "LU", "DK", "NO", "HU", "BG", "SI", "CY", "AU"].includes(country)) return /^\d{4}$/.test(zip);
  if (["DE", "IT", "ES", "FI", "EE", "HR", "LT", "GR", "FR"].includes(country)) return /^\d{5}$/.test(zip);
  if (country === "NL") return /^\d{4} ?[A-Z]{2}$/i.test(zip);
  if (country === "PT") return /^\d{4}-?\d{3}$/.test(zip);
  if (country === "GB") return /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i.test(zip);
  if (country === "US") return /^\d{5}(-\d{4})?$/.test(zip);
  return zip.length > 0 && zip.length <= 10;
}

// ——— Point Retrait directory ———

type DirectoryPoint = {
  identifiant: string;
  nom: string;
  adresse1: string;
  adresse2?: string;
  codePostal: string;
  localite: string;
  typeDePoint: "A2P" | "BPR" | "PCS";
  /** kg, as the service gives it. */
  poidsMaxi: number;
  /** Lundi → Dimanche, the service's "HH:MM-HH:MM HH:MM-HH:MM" ("00:00-00:00" closed). */
  horaires: [string, string, string, string, string, string, string];
  latitude: string;
  longitude: string;
  /** From the searched postal code's centre. */
  distanceEnMetre: number;
};

const CLOSED = "00:00-00:00 00:00-00:00";
const SHOP: DirectoryPoint["horaires"] = [
  "09:00-12:00 14:00-19:00",
  "09:00-12:00 14:00-19:00",
  "09:00-12:00 14:00-19:00",
  "09:00-12:00 14:00-19:00",
  "09:00-12:00 14:00-19:00",
  "09:00-12:30 00:00-00:00",
  CLOSED,
];
const POST_OFFICE: DirectoryPoint["horaires"] = [
  "09:00-19:00 00:00-00:00",
  "09:00-19:00 00:00-00:00",
  "09:00-19:00 00:00-00:00",
  "09:00-19:00 00:00-00:00",
  "09:00-19:00 00:00-00:00",
  "09:00-12:30 00:00-00:00",
  CLOSED,
];

/** Kept out of distance order on purpose: the service sorts its answer, and so does this server. */
export const COLISSIMO_TEST_POINTS: readonly DirectoryPoint[] = [
  {
    identifiant: "005210",
    nom: "FLEURS OBERKAMPF",
    adresse1: "112 RUE OBERKAMPF",
    codePostal: "75011",
    localite: "PARIS",
    typeDePoint: "A2P",
    poidsMaxi: 20,
    horaires: [
      CLOSED,
      "10:00-13:00 15:00-20:00",
      "10:00-13:00 15:00-20:00",
      "10:00-13:00 15:00-20:00",
      "10:00-13:00 15:00-20:00",
      "10:00-13:00 15:00-20:00",
      "10:00-13:00 00:00-00:00",
    ],
    latitude: "48.8656",
    longitude: "2.3771",
    distanceEnMetre: 812,
  },
  {
    identifiant: "004567",
    nom: "TABAC DE LA ROQUETTE",
    adresse1: "41 RUE DE LA ROQUETTE",
    adresse2: "ANGLE RUE KELLER",
    codePostal: "75011",
    localite: "PARIS",
    typeDePoint: "A2P",
    poidsMaxi: 20,
    horaires: SHOP,
    latitude: "48.8548",
    longitude: "2.3736",
    distanceEnMetre: 126,
  },
  {
    identifiant: "753770",
    nom: "PICKUP STATION PARMENTIER",
    adresse1: "2 AVENUE PARMENTIER",
    codePostal: "75011",
    localite: "PARIS",
    typeDePoint: "PCS",
    poidsMaxi: 20,
    horaires: [
      "06:00-22:00 00:00-00:00",
      "06:00-22:00 00:00-00:00",
      "06:00-22:00 00:00-00:00",
      "06:00-22:00 00:00-00:00",
      "06:00-22:00 00:00-00:00",
      "06:00-22:00 00:00-00:00",
      "06:00-22:00 00:00-00:00",
    ],
    latitude: "48.8575",
    longitude: "2.3796",
    distanceEnMetre: 1604,
  },
  {
    identifiant: "004912",
    nom: "BUREAU DE POSTE PARIS VOLTAIRE",
    adresse1: "86 BOULEVARD VOLTAIRE",
    codePostal: "75011",
    localite: "PARIS",
    typeDePoint: "BPR",
    poidsMaxi: 30,
    horaires: POST_OFFICE,
    latitude: "48.8604",
    longitude: "2.3776",
    distanceEnMetre: 455,
  },
  {
    identifiant: "690245",
    nom: "BUREAU DE POSTE LYON BELLECOUR",
    adresse1: "10 PLACE ANTONIN PONCET",
    codePostal: "69002",
    localite: "LYON",
    typeDePoint: "BPR",
    poidsMaxi: 30,
    horaires: POST_OFFICE,
    latitude: "45.7569",
    longitude: "4.8335",
    distanceEnMetre: 640,
  },
  {
    identifiant: "690021",
    nom: "PRESSE BELLECOUR",
    adresse1: "8 RUE DE LA REPUBLIQUE",
    codePostal: "69002",
    localite: "LYON",
    typeDePoint: "A2P",
    poidsMaxi: 20,
    horaires: SHOP,
    latitude: "45.7620",
    longitude: "4.8357",
    distanceEnMetre: 298,
  },
  {
    identifiant: "201234",
    nom: "BUREAU DE POSTE AJACCIO PRINCIPAL",
    adresse1: "13 COURS NAPOLEON",
    codePostal: "20000",
    localite: "AJACCIO",
    typeDePoint: "BPR",
    poidsMaxi: 30,
    horaires: POST_OFFICE,
    latitude: "41.9213",
    longitude: "8.7369",
    distanceEnMetre: 910,
  },
  {
    identifiant: "201288",
    nom: "EPICERIE DU PORT",
    adresse1: "2 QUAI L'HERMINIER",
    codePostal: "20000",
    localite: "AJACCIO",
    typeDePoint: "A2P",
    poidsMaxi: 20,
    horaires: SHOP,
    latitude: "41.9187",
    longitude: "8.7392",
    distanceEnMetre: 1480,
  },
];

const DAYS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"];

function pointAnswer(point: DirectoryPoint, distance: number): Record<string, unknown> {
  const hours = Object.fromEntries(DAYS.map((day, i) => [`horairesOuverture${day}`, point.horaires[i]]));
  return {
    accesPersonneMobiliteReduite: point.typeDePoint === "BPR",
    adresse1: point.adresse1,
    adresse2: point.adresse2 ?? "",
    adresse3: "",
    codePostal: point.codePostal,
    congesPartiel: false,
    congesTotal: false,
    coordGeolocalisationLatitude: point.latitude,
    coordGeolocalisationLongitude: point.longitude,
    distanceEnMetre: distance,
    ...hours,
    identifiant: point.identifiant,
    indiceDeLocalisation: "",
    listeConges: [],
    localite: point.localite,
    nom: point.nom,
    periodeActiviteHoraireDeb: "",
    periodeActiviteHoraireFin: "",
    poidsMaxi: point.poidsMaxi,
    typeDePoint: point.typeDePoint,
    codePays: "FR",
    langue: "FR",
    libellePays: "FRANCE",
    loanOfHandlingTool: false,
    parking: point.typeDePoint !== "PCS",
    reseau: point.typeDePoint === "BPR" ? "R03" : "R01",
    distributionSort: "",
    lotAcheminement: "",
    versionPlanTri: "",
  };
}

// ——— SLS ———

const PRINTING_TYPES = new Set(["PDF_10x15_300dpi", "PDF_A4_300dpi", "ZPL_10x15_203dpi", "ZPL_10x15_300dpi", "DPL_10x15_203dpi"]);
/** Where each product delivers: mainland France (and Monaco), overseas France, abroad, or a return to France. */
const PRODUCTS: Record<string, { scope: "mainland" | "overseas" | "international" | "return"; prefix: string; point?: boolean }> = {
  DOM: { scope: "mainland", prefix: "6A" },
  DOS: { scope: "mainland", prefix: "6C" },
  A2P: { scope: "mainland", prefix: "6M", point: true },
  BPR: { scope: "mainland", prefix: "6H", point: true },
  PCS: { scope: "mainland", prefix: "6W", point: true },
  HD: { scope: "mainland", prefix: "6M", point: true },
  COM: { scope: "overseas", prefix: "8Q" },
  CDS: { scope: "overseas", prefix: "7Q" },
  COLI: { scope: "international", prefix: "CP" },
  CORE: { scope: "return", prefix: "8R" },
  CORI: { scope: "return", prefix: "7R" },
};
const CURRENCIES = new Set(["USD", "EUR", "CHF", "GBP", "CNY", "JPY", "CAD", "AUD"]);

class SlsRefusal extends Error {
  constructor(
    readonly id: string,
    message: string,
  ) {
    super(message);
  }
}

function refuse(id: string, message: string): never {
  throw new SlsRefusal(id, message);
}

type Party = "de l'expéditeur" | "du destinataire";

function checkAddress(address: unknown, party: Party, base: number): { country: string; zip: string; address: Record<string, any> } {
  if (!isRecord(address))
    refuse("50005", `le champ letter.${party === "de l'expéditeur" ? "sender" : "addressee"}.address ne peut pas être nul`);
  const country = str(address.countryCode);
  const zip = str(address.zipCode);
  if (!country || !knownCountry(country)) refuse(String(base + 1), `Le code pays ${party} n'est pas valide`);
  if (!zip || !validPostalCode(country, zip)) refuse(String(base), `Le code postal ${party} n'est pas valide`);
  if (!str(address.city).trim()) refuse(String(base + 2), `La ville ${party} n'est pas renseignée`);
  if (!str(address.line2).trim()) refuse(String(base + 3), `La ligne 2 de l'adresse ${party} (numéro et libellé de voie) est obligatoire`);
  if (!str(address.lastName).trim() && !str(address.companyName).trim())
    refuse(String(base + 4), `Le nom ou la raison sociale ${party} est obligatoire`);
  for (const field of ["companyName", "lastName", "line0", "line1", "line2", "line3", "city"]) {
    if (Array.from(str(address[field])).length > 35)
      refuse(String(base + 10), `Le champ ${field} ${party} ne doit pas dépasser 35 caractères`);
  }
  if (Array.from(str(address.firstName)).length > 29)
    refuse(String(base + 10), `Le champ firstName ${party} ne doit pas dépasser 29 caractères`);
  return { country, zip, address };
}

function checkCustoms(letter: Record<string, any>, service: Record<string, any>): { category: number; articles: any[] } {
  const customs = letter.customsDeclarations;
  const articles: unknown = customs?.contents?.article;
  if (!isRecord(customs) || !customs.includeCustomsDeclarations || !Array.isArray(articles) || articles.length === 0) {
    refuse("30500", "La déclaration douanière (CN23) est obligatoire pour cette destination : renseignez les articles du colis");
  }
  const category = Number(customs.contents?.category?.value);
  if (![1, 2, 3, 4, 5, 6].includes(category)) refuse("30501", "La nature de l'envoi (category) de la déclaration douanière est incorrecte");
  if ((category === 5 || category === 6) && !str(customs.contents.explanations).trim()) {
    refuse("30502", "Les explications sont obligatoires pour la nature d'envoi « retour de marchandise » ou « autre »");
  }
  if (articles.length > 100) refuse("30503", "La déclaration douanière ne peut pas compter plus de 100 articles");
  for (const article of articles) {
    if (!isRecord(article) || !str(article.description).trim())
      refuse("30510", "La description d'un article de la déclaration douanière est obligatoire");
    if (Array.from(str(article.description)).length > 64) refuse("30510", "La description d'un article ne doit pas dépasser 64 caractères");
    if (!Number.isInteger(article.quantity) || article.quantity <= 0)
      refuse("30511", "La quantité d'un article de la déclaration douanière est incorrecte");
    if (typeof article.weight !== "number" || article.weight <= 0)
      refuse("30512", "Le poids d'un article de la déclaration douanière est incorrect");
    if (typeof article.value !== "number" || article.value <= 0)
      refuse("30513", "La valeur d'un article de la déclaration douanière est incorrecte");
    if (category === 3 && !str(article.hsCode).trim())
      refuse("30519", "Le code SH (hsCode) de l'article est obligatoire pour un envoi commercial");
    if (category === 3 && !/^(\d{6}|\d{8}|\d{10})$/.test(str(article.hsCode)))
      refuse("30519", "Le code SH (hsCode) de l'article est incorrect : 6, 8 ou 10 chiffres attendus");
    if (category === 3 && !/^[A-Z]{2}$/.test(str(article.originCountry)))
      refuse("30520", "Le pays d'origine de l'article est obligatoire pour un envoi commercial");
    if (article.originCountry !== undefined && !/^[A-Z]{2}$/.test(str(article.originCountry)))
      refuse("30520", "Le pays d'origine de l'article n'est pas un code pays ISO à deux lettres");
    if (article.currency !== undefined && !CURRENCIES.has(str(article.currency)))
      refuse("30521", "La devise de l'article n'est pas acceptée");
  }
  if (customs.invoiceNumber !== undefined && Array.from(str(customs.invoiceNumber)).length > 35)
    refuse("30531", "Le numéro de facture de la déclaration douanière ne doit pas dépasser 35 caractères");
  if (!(Number(service.totalAmount) > 0))
    refuse("30530", "Les frais de port (totalAmount) sont obligatoires pour une déclaration douanière");
  return { category, articles };
}

type LabelOutcome = { parcelNumber: string; label: Buffer; cn23: Buffer | null };

// ——— The server ———

export async function startColissimoServer(options: ColissimoServerOptions = {}): Promise<ColissimoServer> {
  const contractNumber = options.contractNumber ?? "123456";
  const password = options.password ?? "secret";
  const okapiKey = options.okapiKey ?? "okapi-test";

  const requests: RecordedRequest[] = [];
  const parcels = new Map<string, ParcelRecord>();
  const timers = new Set<NodeJS.Timeout>();

  const state: ColissimoServerState = {
    down: false,
    delayMs: 0,
    requests,
    parcels,
    lastRequest(service, operation) {
      for (let i = requests.length - 1; i >= 0; i--) {
        const r = requests[i];
        if ((!service || r.service === service) && (!operation || r.operation === operation)) return r;
      }
      return undefined;
    },
    pushEvent(parcelNumber, event) {
      const parcel = parcels.get(parcelNumber);
      if (!parcel) throw new Error(`colissimo-server: unknown parcel ${parcelNumber}`);
      parcel.events.push({
        code: event.code,
        label: event.label ?? EVENT_LABELS[event.code] ?? event.code,
        date: event.date ?? parisIso(new Date()),
      });
    },
    setEstimDate(parcelNumber, date) {
      const parcel = parcels.get(parcelNumber);
      if (!parcel) throw new Error(`colissimo-server: unknown parcel ${parcelNumber}`);
      parcel.estimDate = date;
    },
    reset() {
      requests.length = 0;
      state.down = false;
      state.delayMs = 0;
    },
  };

  async function generateLabel(body: unknown): Promise<LabelOutcome> {
    if (!isRecord(body)) refuse("50000", "Le JSON en entrée du service est mal formaté");
    if (str(body.contractNumber) !== contractNumber || str(body.password) !== password)
      refuse("30000", "Identifiant ou mot de passe incorrect");
    const printing = str(body.outputFormat?.outputPrintingType);
    if (!PRINTING_TYPES.has(printing)) refuse("30101", "Le format d'impression de l'étiquette (outputPrintingType) n'est pas valide");
    const letter = body.letter;
    if (!isRecord(letter) || !isRecord(letter.service) || !isRecord(letter.parcel)) refuse("50005", "le champ letter ne peut pas être nul");
    const service = letter.service;
    const productCode = str(service.productCode);
    const product = PRODUCTS[productCode];
    if (!product) refuse("30102", `Le code produit ${productCode || "(vide)"} est incorrect`);
    const depositDate = str(service.depositDate);
    if (!depositDate) refuse("50005", "le champ letter.service.depositDate ne peut pas être nul");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(depositDate)) refuse("30001", "La date de dépôt n'est pas au format AAAA-MM-JJ");
    if (depositDate < parisToday()) refuse("30002", "La date de dépôt est antérieure à la date courante");

    const weight = letter.parcel.weight;
    if (typeof weight !== "number" || !(weight > 0)) refuse("30108", "Le poids du colis n'est pas renseigné ou est nul");
    if (Math.round(weight * 100) / 100 !== weight) refuse("30110", "Le poids du colis ne peut comporter que deux décimales");
    if (weight > 30) refuse("30109", "Le poids du colis dépasse le poids maximum autorisé (30 kg)");

    const sender = checkAddress(letter.sender?.address, "de l'expéditeur", 30200);
    const addressee = checkAddress(letter.addressee?.address, "du destinataire", 30220);
    if (Array.from(str(letter.sender?.senderParcelRef)).length > 17)
      refuse("30210", "La référence de l'expéditeur ne doit pas dépasser 17 caractères");
    if (Array.from(str(letter.addressee?.addresseeParcelRef)).length > 15)
      refuse("30230", "La référence du destinataire ne doit pas dépasser 15 caractères");

    const overseas = isOverseas(addressee.country, addressee.zip);
    const mainland = (addressee.country === "FR" || addressee.country === "MC") && !overseas;
    const allowed =
      product.scope === "mainland"
        ? mainland
        : product.scope === "overseas"
          ? overseas
          : product.scope === "international"
            ? !mainland
            : mainland && (productCode === "CORE" ? sender.country === "FR" || sender.country === "MC" : sender.country !== "FR");
    if (!allowed) refuse("30105", `Le produit ${productCode} n'est pas autorisé pour ce pays de destination`);

    const pickupLocationId = str(letter.parcel.pickupLocationId);
    if (product.point) {
      const point = COLISSIMO_TEST_POINTS.find((p) => p.identifiant === pickupLocationId);
      if (!point) refuse("30301", "L'identifiant du point de retrait (pickupLocationId) est incorrect");
      if (!str(service.commercialName).trim())
        refuse("30302", "Le nom commercial de l'expéditeur (commercialName) est obligatoire pour une livraison hors domicile");
      if (!str(addressee.address.mobileNumber).trim())
        refuse("30303", "Le numéro de portable du destinataire est obligatoire pour une livraison hors domicile");
      if (weight > point.poidsMaxi)
        refuse("30109", `Le poids du colis dépasse le poids maximum accepté par le point de retrait (${point.poidsMaxi} kg)`);
    } else if (pickupLocationId) {
      refuse("30304", "L'identifiant du point de retrait ne doit pas être renseigné pour ce produit");
    }
    if (product.scope === "return" && !str(addressee.address.companyName).trim()) {
      refuse("30601", "La raison sociale du destinataire est obligatoire pour un retour");
    }

    const customsNeeded = product.scope === "return" ? needsCn23(sender.country, sender.zip) : needsCn23(addressee.country, addressee.zip);
    const customs = customsNeeded ? checkCustoms(letter, service) : null;

    const parcelNumber = product.prefix === "CP" ? `CP${digits(9)}FR` : `${product.prefix}${digits(11)}`;
    const size: [number, number] = printing.includes("A4") ? [595.28, 841.89] : [283.46, 425.2];
    const label = await pdf(
      `Colissimo ${productCode} ${parcelNumber}`,
      [
        `Expéditeur : ${str(sender.address.companyName) || str(sender.address.lastName)} ${sender.zip} ${str(sender.address.city)}`,
        `Destinataire : ${str(addressee.address.lastName)} ${addressee.zip} ${str(addressee.address.city)} ${addressee.country}`,
        `Poids : ${weight} kg`,
        pickupLocationId ? `Point de retrait : ${pickupLocationId}` : "",
      ],
      size,
    );
    const cn23 =
      customs && letter.customsDeclarations.includeCustomsDeclarations
        ? await pdf(
            `CN23 ${parcelNumber}`,
            customs.articles.map(
              (a: any) => `${a.quantity} x ${a.description} — ${a.value} ${a.currency ?? "EUR"} — ${a.weight} kg — SH ${a.hsCode ?? ""}`,
            ),
            [595.28, 841.89],
          )
        : null;
    parcels.set(parcelNumber, {
      parcelNumber,
      productCode,
      arrivalCountry: addressee.country,
      events: [{ code: "DR1", label: EVENT_LABELS.DR1, date: parisIso(new Date()) }],
      estimDate: null,
    });
    return { parcelNumber, label, cn23 };
  }

  function slsAnswer(res: ServerResponse, status: number, json: Record<string, unknown>, files: Array<[id: string, data: Buffer]>) {
    const boundary = `uuid:${randomUUID()}`;
    const chunks: Buffer[] = [
      Buffer.from(
        `--${boundary}\r\nContent-Type: application/json;charset=UTF-8\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <jsonInfos>\r\n\r\n${JSON.stringify(json)}\r\n`,
        "utf8",
      ),
    ];
    for (const [id, data] of files) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <${id}>\r\n\r\n`,
          "latin1",
        ),
      );
      chunks.push(data, Buffer.from("\r\n", "latin1"));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`, "latin1"));
    const body = Buffer.concat(chunks);
    res.writeHead(status, {
      "content-type": `multipart/related; type="application/json"; boundary="${boundary}"`,
      "content-length": body.length,
    });
    res.end(body);
  }

  async function handleSls(res: ServerResponse, body: unknown) {
    try {
      const outcome = await generateLabel(body);
      const files: Array<[string, Buffer]> = [["label", outcome.label]];
      if (outcome.cn23) files.push(["cn23", outcome.cn23]);
      slsAnswer(
        res,
        200,
        {
          messages: [{ id: "0", type: "INFOS", messageContent: "La requête a été traitée avec succès", replacementValues: [] }],
          labelXmlV2Reponse: null,
          labelV2Response: { parcelNumber: outcome.parcelNumber, parcelNumberPartner: null, pdfUrl: null, fields: null },
        },
        files,
      );
    } catch (error) {
      if (!(error instanceof SlsRefusal)) throw error;
      slsAnswer(
        res,
        400,
        {
          messages: [{ id: error.id, type: "ERROR", messageContent: error.message, replacementValues: [] }],
          labelXmlV2Reponse: null,
          labelV2Response: null,
        },
        [],
      );
    }
  }

  function pointsError(errorCode: number, errorMessage: string) {
    return { errorCode, errorMessage, qualiteReponse: 0, wsRequestId: randomUUID(), listePointRetraitAcheminement: [] };
  }

  function findPoints(input: Record<string, any>): Record<string, unknown> {
    if (!str(input.accountNumber)) return pointsError(101, "Numéro de compte absent");
    if (!str(input.password)) return pointsError(102, "Mot de passe absent");
    if (str(input.accountNumber) !== contractNumber || str(input.password) !== password)
      return pointsError(201, "Identifiant ou mot de passe invalide");
    const zip = str(input.zipCode).trim();
    const country = str(input.countryCode).trim();
    if (!zip) return pointsError(104, "Code postal absent");
    if (!str(input.city).trim()) return pointsError(105, "Ville absente");
    if (!str(input.shippingDate)) return pointsError(106, "Date estimée de l'envoi absente");
    if (!country) return pointsError(117, "Code pays absent");
    const weight = input.weight === undefined || input.weight === "" ? null : str(input.weight);
    if (weight !== null && !/^\d+$/.test(weight)) return pointsError(120, "Le poids n'est pas un entier");
    if (weight !== null && (+weight < 1 || +weight > 99999)) return pointsError(121, "Le poids n'est pas compris entre 1 et 99999");
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(str(input.shippingDate))) return pointsError(122, "La date n'est pas au format JJ/MM/AAAA");
    const filterRelay = input.filterRelay === undefined ? "1" : str(input.filterRelay);
    if (filterRelay !== "0" && filterRelay !== "1") return pointsError(123, "Le filtre relais n'est pas 0 ou 1");
    if (country === "FR" && !(/^\d{5}$/.test(zip) && isKnownFrenchPostalCode(zip))) return pointsError(125, "Code postal incorrect");
    const here = COLISSIMO_TEST_POINTS.filter((p) => p.codePostal === zip && country === "FR");
    if (here.length === 0) return pointsError(301, "Aucun point de retrait n'a été trouvé");
    const grams = weight === null ? 0 : +weight;
    const list = here
      .filter((p) => (filterRelay === "0" ? p.typeDePoint === "BPR" : true) && grams <= p.poidsMaxi * 1000)
      .sort((a, b) => a.distanceEnMetre - b.distanceEnMetre)
      .slice(0, 20)
      .map((p) => pointAnswer(p, p.distanceEnMetre));
    return {
      errorCode: 0,
      errorMessage: "Code retour OK",
      qualiteReponse: 2,
      wsRequestId: str(input.requestId) || randomUUID(),
      listePointRetraitAcheminement: list,
    };
  }

  function findPointById(input: Record<string, any>): Record<string, unknown> {
    const base = { qualiteReponse: 0, wsRequestId: randomUUID() };
    if (!str(input.accountNumber)) return { ...base, errorCode: 101, errorMessage: "Numéro de compte absent" };
    if (!str(input.password)) return { ...base, errorCode: 102, errorMessage: "Mot de passe absent" };
    if (str(input.accountNumber) !== contractNumber || str(input.password) !== password)
      return { ...base, errorCode: 201, errorMessage: "Identifiant ou mot de passe invalide" };
    const id = str(input.id).trim();
    if (!id) return { ...base, errorCode: 107, errorMessage: "Identifiant point de retrait absent" };
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(str(input.date)))
      return { ...base, errorCode: 122, errorMessage: "La date n'est pas au format JJ/MM/AAAA" };
    if (!/^\d{6}$/.test(id)) return { ...base, errorCode: 124, errorMessage: "Identifiant point de retrait incorrect" };
    const point = COLISSIMO_TEST_POINTS.find((p) => p.identifiant === id);
    if (!point) return { ...base, errorCode: 301, errorMessage: "Aucun point de retrait n'a été trouvé" };
    return { errorCode: 0, errorMessage: "Code retour OK", pointRetraitAcheminement: pointAnswer(point, 0) };
  }

  function trackingAnswer(idShip: string, key: string | undefined): { status: number; body: Record<string, unknown> } {
    if (!key) return { status: 401, body: { code: "UNAUTHORIZED", message: "This action requires an authorization" } };
    if (key !== okapiKey) return { status: 401, body: { code: "UNAUTHORIZED", message: "The API key is invalid" } };
    const head = { lang: "fr_FR", scope: "open" };
    if (!/^[A-Z0-9]{11,15}$/i.test(idShip)) {
      return {
        status: 400,
        body: {
          ...head,
          returnCode: 400,
          returnMessage: "Votre requête est incorrecte. Veuillez la ressaisir en respectant le format.",
          idShip,
        },
      };
    }
    const parcel = parcels.get(idShip);
    if (!parcel)
      return { status: 404, body: { ...head, returnCode: 104, returnMessage: "Votre numéro de suivi n'est pas reconnu.", idShip } };
    const last = parcel.events[parcel.events.length - 1];
    const delivered = parcel.events.find((e) => e.code === "DI1" || e.code === "DI2");
    const reached = Math.max(1, ...parcel.events.map((e) => stepOf(e.code)));
    const entry = parcel.events.find((e) => e.code !== "DR1");
    return {
      status: 200,
      body: {
        ...head,
        returnCode: 200,
        shipment: {
          idShip,
          holder: 4,
          product: "colissimo",
          isFinal: !!last && (last.code === "DI1" || last.code === "DI2"),
          ...(entry ? { entryDate: entry.date } : {}),
          ...(delivered ? { deliveryDate: delivered.date } : {}),
          ...(parcel.estimDate ? { estimDate: parcel.estimDate } : {}),
          timeline: TIMELINE.map((shortLabel, i) => ({
            shortLabel: i < reached ? shortLabel : "",
            longLabel: "",
            id: i + 1,
            country: "",
            status: i < reached,
            type: 1,
          })),
          // Newest first, as Suivi v2 lists them; `order` grows with time.
          event: parcel.events.map((e, i) => ({ order: 100 + i, label: e.label, date: e.date, code: e.code })).reverse(),
          contextData: { deliveryChoice: { deliveryChoice: 0 }, originCountry: "FR", arrivalCountry: parcel.arrivalCountry },
          url: `https://www.laposte.fr/outils/suivre-vos-envois?code=${idShip}`,
        },
      },
    };
  }

  function json(res: ServerResponse, status: number, body: unknown) {
    const data = Buffer.from(JSON.stringify(body), "utf8");
    res.writeHead(status, { "content-type": "application/json;charset=UTF-8", "content-length": data.length });
    res.end(data);
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 2_000_000) throw new Error("request too large");
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req);
    let body: any;
    if (req.method === "GET") body = Object.fromEntries(url.searchParams);
    else {
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
    }
    const sls = /^\/sls-ws\/SlsServiceWSRest\/2\.0\/([A-Za-z]+)$/.exec(url.pathname);
    const points = /^\/pointretrait-ws-cxf\/(?:rest\/v2\/pointretrait|PointRetraitServiceWS\/2\.0)\/([A-Za-z]+)$/.exec(url.pathname);
    const tracking = /^\/suivi\/v2\/idships\/([^/]+)$/.exec(url.pathname);
    const service: ColissimoService | null = sls ? "sls" : points ? "points" : tracking ? "tracking" : null;
    if (service) {
      requests.push({
        service,
        operation: sls?.[1] ?? points?.[1] ?? "idships",
        method: req.method ?? "GET",
        path: url.pathname + url.search,
        headers: { ...req.headers },
        body,
      });
    }
    if (state.delayMs > 0) await wait(state.delayMs);
    if (res.destroyed) return;
    if (state.down) {
      if (service === "tracking")
        return json(res, 503, { code: "SERVICE_UNAVAILABLE", message: "The service is currently unavailable (SERVICE_UNAVAILABLE)." });
      res.writeHead(503, { "content-type": "text/html" });
      return res.end("<html><body><h1>503 Service Unavailable</h1></body></html>");
    }
    if (sls && sls[1] === "generateLabel" && req.method === "POST") {
      if (body === undefined) {
        res.writeHead(422, { "content-type": "text/plain" });
        return res.end("Le JSON en entrée du service est mal formaté");
      }
      return handleSls(res, body);
    }
    if (points && isRecord(body)) {
      if (points[1] === "findRDVPointRetraitAcheminement") return json(res, 200, findPoints(body));
      if (points[1] === "findPointRetraitAcheminementByID") return json(res, 200, findPointById(body));
    }
    if (tracking && req.method === "GET") {
      const key = req.headers["x-okapi-key"];
      const answer = trackingAnswer(decodeURIComponent(tracking[1]), Array.isArray(key) ? key[0] : key);
      return json(res, answer.status, answer.body);
    }
    json(res, 404, { code: "NOT_FOUND", message: `No route for ${req.method} ${url.pathname}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      json(res, 500, { code: "INTERNAL_SERVER_ERROR", message: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    slsUrl: `${url}/sls-ws/SlsServiceWSRest/2.0`,
    pointsUrl: `${url}/pointretrait-ws-cxf/rest/v2/pointretrait`,
    trackingUrl: `${url}/suivi/v2`,
    state,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ——— Suivi v2 wording ———

/** La Poste's event codes and their published wording (Suivi v2, "codes événements"). */
export const EVENT_LABELS: Record<string, string> = {
  DR1: "Votre Colissimo va bientôt nous être confié ! Il est en cours de préparation chez votre expéditeur.",
  DR2: "Problème lors de la préparation",
  PC1: "Votre colis est pris en charge par La Poste.",
  PC2: "Pris en charge dans le pays d'expédition",
  ET1: "Votre colis est en transit sur nos plateformes logistiques pour vous être livré le plus rapidement possible.",
  ET2: "En cours de traitement dans le pays d'expédition",
  ET3: "En cours de traitement dans le pays de destination",
  ET4: "En cours de traitement dans un pays de transit",
  EP1: "En attente de présentation",
  DO1: "Entrée en douane",
  DO2: "Sortie de douane",
  DO3: "Retenu en douane",
  PB1: "Problème en cours",
  PB2: "Problème résolu",
  MD2: "Votre colis est en cours de livraison.",
  ND1: "Non distribuable",
  AG1: "Votre colis est disponible dans votre point de retrait.",
  RE1: "Retourné à l'expéditeur",
  DI0: "Distribué en lot",
  DI1: "Votre colis est livré.",
  DI2: "Distribué à l'expéditeur",
  DI3: "Retardé",
};

const TIMELINE = [
  "Votre colis va bientôt nous être confié",
  "Il est pris en charge par La Poste",
  "Il est en cours d'acheminement",
  "Il est prêt à être livré",
  "Il a été livré",
];

function stepOf(code: string): number {
  if (code.startsWith("DR")) return 1;
  if (code.startsWith("PC")) return 2;
  if (code.startsWith("MD") || code.startsWith("AG") || code.startsWith("ND") || code.startsWith("RE")) return 4;
  if (code.startsWith("DI") && code !== "DI3") return 5;
  return 3;
}
