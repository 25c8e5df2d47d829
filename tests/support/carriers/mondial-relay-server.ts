/**
 * A small Mondial Relay web service for tests (decision 062): the three methods of
 * https://api.mondialrelay.com/Web_Services.asmx the shop's client calls, spoken as Mondial Relay
 * documents them ("Web Service Solution" technical documentation V-5.x, and the service's WSDL),
 * so the client is tested without reaching Mondial Relay (these machines cannot).
 *
 * - SOAP 1.1, document/literal, namespace http://www.mondialrelay.fr/webservice/: the SOAPAction
 *   header must name the body's method (else a SOAP fault, as ASMX answers), the parameters come
 *   in the WSDL's order, unknown or repeated ones are a fault ("Server was unable to read request").
 * - Security: the server recomputes the MD5 of the values in the method's documented order plus
 *   the private key, upper-case hex (WSI2_CreationEtiquette's Texte left out) and answers STAT 97
 *   when it differs; an empty or unknown enseigne is STAT 2, a malformed one STAT 1.
 * - Parameters are checked against the documented regular expressions and answered with the
 *   documented STAT codes (30–34 address lines, 35 city, 36 postal code, 20 weight, 14 relay...).
 * - WSI4_PointRelais_Recherche: a fixed directory (75011, 69002, 20000), nearest first, fields
 *   padded with blanks to their width as the real service pads them; an unknown postal code is
 *   STAT 9, a malformed one STAT 36; a country Mondial Relay does not serve, no point.
 * - WSI2_CreationEtiquette: 8-digit expedition numbers, and a URL_Etiquette path
 *   (/ww2/PDF/StickerMaker2.aspx?ens=…&expedition=…&lg=FR&format=A4&crc=…) served by this server
 *   as a small PDF in A4, A5 or 10x15 (the crc is this server's own: an MD5 of the brand, the
 *   expedition and the key, in the shape of Mondial Relay's permalinks; its real algorithm is not
 *   public).
 * - WSI2_TracingColisDetaille: STAT 80 for a booked parcel until tests push steps
 *   (`state.pushEvent`) and statuses (80 registered, 81 in process, 82 delivered, 83 anomaly); the
 *   step list ends with an empty entry as the real list is padded; 24 for a malformed number, 94
 *   for an unknown one.
 * - `state.down` ("fault": HTTP 500 with a SOAP fault; "http": HTTP 503 page) and `state.delayMs`
 *   (every answer waits) simulate an outage and a slow service; `state.requests` records all calls.
 * State lives in memory, per server.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import PDFDocument from "pdfkit";

const NAMESPACE = "http://www.mondialrelay.fr/webservice/";
const SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";

/** The WSDL's parameter sequences (Security last; Texte after it, outside the key). */
const METHODS = {
  WSI4_PointRelais_Recherche: [
    "Enseigne",
    "Pays",
    "NumPointRelais",
    "Ville",
    "CP",
    "Latitude",
    "Longitude",
    "Taille",
    "Poids",
    "Action",
    "DelaiEnvoi",
    "RayonRecherche",
    "TypeActivite",
    "NACE",
    "NombreResultats",
  ],
  WSI2_CreationEtiquette: [
    "Enseigne",
    "ModeCol",
    "ModeLiv",
    "NDossier",
    "NClient",
    "Expe_Langage",
    "Expe_Ad1",
    "Expe_Ad2",
    "Expe_Ad3",
    "Expe_Ad4",
    "Expe_Ville",
    "Expe_CP",
    "Expe_Pays",
    "Expe_Tel1",
    "Expe_Tel2",
    "Expe_Mail",
    "Dest_Langage",
    "Dest_Ad1",
    "Dest_Ad2",
    "Dest_Ad3",
    "Dest_Ad4",
    "Dest_Ville",
    "Dest_CP",
    "Dest_Pays",
    "Dest_Tel1",
    "Dest_Tel2",
    "Dest_Mail",
    "Poids",
    "Longueur",
    "Taille",
    "NbColis",
    "CRT_Valeur",
    "CRT_Devise",
    "Exp_Valeur",
    "Exp_Devise",
    "COL_Rel_Pays",
    "COL_Rel",
    "LIV_Rel_Pays",
    "LIV_Rel",
    "TAvisage",
    "TReprise",
    "Montage",
    "TRDV",
    "Assurance",
    "Instructions",
  ],
  WSI2_TracingColisDetaille: ["Enseigne", "Expedition", "Langue"],
} as const satisfies Record<string, readonly string[]>;
type Method = keyof typeof METHODS;

export type TracingStat = "80" | "81" | "82" | "83";

export type TracingStep = {
  libelle: string;
  /** "dd/MM/yy", as the service writes it. */
  date: string;
  /** "HH:mm" */
  heure: string;
  emplacement?: string;
  relaisNum?: string;
  relaisPays?: string;
};

export type MondialRelayExpedition = {
  number: string;
  /** The WSI2_CreationEtiquette parameters it was booked with. */
  params: Record<string, string>;
  stat: TracingStat;
  steps: TracingStep[];
  crc: string;
};

export type RecordedSoapCall = {
  kind: "soap";
  method: string;
  soapAction: string | undefined;
  params: Record<string, string>;
  /** The parameters in the order they came. */
  order: string[];
  /** What the server answered (null for a fault). */
  stat: string | null;
};
export type RecordedLabelDownload = { kind: "label"; url: string; expedition: string | null; format: string | null; status: number };
export type RecordedRequest = RecordedSoapCall | RecordedLabelDownload;

export type MondialRelayState = {
  /** "fault": HTTP 500 with a SOAP fault; "http": HTTP 503 with an HTML page; false: up. */
  down: false | "fault" | "http";
  /** Every answer waits this long first. */
  delayMs: number;
  requests: RecordedRequest[];
  expeditions: Map<string, MondialRelayExpedition>;
  /** A step of a booked parcel; `stat` also sets the parcel's tracing status. */
  pushEvent(expedition: string, step: TracingStep & { stat?: TracingStat }): void;
  setStatus(expedition: string, stat: TracingStat): void;
  /** The recorded SOAP calls, of one method when named. */
  soapCalls(method?: string): RecordedSoapCall[];
};

export type MondialRelayServerOptions = {
  enseigne?: string;
  privateKey?: string;
  /** The two-digit brand code Mondial Relay appends to the enseigne in its links ("BDTEST1311"). */
  brandCode?: string;
  /** The first expedition number handed out. */
  firstExpedition?: number;
};

export type MondialRelayServer = {
  /** http://127.0.0.1:port */
  url: string;
  /** The SOAP endpoint (`MondialRelayConfig.url`). */
  soapUrl: string;
  /** Where label paths are downloaded from (`MondialRelayConfig.labelBaseUrl`). */
  labelBaseUrl: string;
  state: MondialRelayState;
  close(): Promise<void>;
};

type Hours = [string, string, string, string];
type DirectoryPoint = {
  num: string;
  lines: [string, string, string, string];
  cp: string;
  ville: string;
  pays: string;
  latitude: string;
  longitude: string;
  typeActivite: string;
  /** Monday first. */
  hours: [Hours, Hours, Hours, Hours, Hours, Hours, Hours];
  /** From the centre of its postal code, in metres. */
  distance: number;
  /** The heaviest parcel it takes, in grams. */
  maxWeight: number;
};

const CLOSED: Hours = ["0000", "0000", "0000", "0000"];
const SHOP_HOURS: Hours = ["0900", "1200", "1400", "1900"];
const ALL_DAY: Hours = ["0700", "2100", "0000", "0000"];

/** Listed out of distance order on purpose: the service sorts them. */
const DIRECTORY: Record<string, DirectoryPoint[]> = {
  "FR-75011": [
    {
      num: "066974",
      lines: ["TABAC DE LA ROQUETTE", "", "112 RUE DE LA ROQUETTE", ""],
      cp: "75011",
      ville: "PARIS",
      pays: "FR",
      latitude: "48.8580400",
      longitude: "02.3792500",
      typeActivite: "000",
      hours: [SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, ["0900", "1300", "0000", "0000"], CLOSED],
      distance: 420,
      maxWeight: 30_000,
    },
    {
      num: "020523",
      lines: ["LAVERIE VOLTAIRE", "", "27 BOULEVARD VOLTAIRE", ""],
      cp: "75011",
      ville: "PARIS",
      pays: "FR",
      latitude: "48.8640100",
      longitude: "02.3705600",
      typeActivite: "000",
      hours: [ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY, ALL_DAY],
      distance: 180,
      maxWeight: 30_000,
    },
    {
      num: "075310",
      lines: ["LIBRAIRIE OBERKAMPF", "ESPACE PRESSE", "95 RUE OBERKAMPF", "ANGLE RUE SAINT-MAUR"],
      cp: "75011",
      ville: "PARIS",
      pays: "FR",
      latitude: "48.8654300",
      longitude: "02.3779900",
      typeActivite: "000",
      hours: [CLOSED, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, CLOSED],
      distance: 760,
      maxWeight: 30_000,
    },
    {
      num: "031442",
      lines: ["EPICERIE DU MARCHE", "", "4 RUE DU MARCHE POPINCOURT", ""],
      cp: "75011",
      ville: "PARIS",
      pays: "FR",
      latitude: "48.8620000",
      longitude: "02.3760000",
      typeActivite: "000",
      hours: [SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, ["0930", "1300", "0000", "0000"]],
      distance: 950,
      // A small shop: light parcels only.
      maxWeight: 15_000,
    },
  ],
  "FR-69002": [
    {
      num: "011873",
      lines: ["TABAC DES CELESTINS", "", "8 RUE DES CELESTINS", ""],
      cp: "69002",
      ville: "LYON",
      pays: "FR",
      latitude: "45.7601000",
      longitude: "04.8320000",
      typeActivite: "000",
      hours: [SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, CLOSED],
      distance: 600,
      maxWeight: 30_000,
    },
    {
      num: "004412",
      lines: ["PRESSING BELLECOUR", "", "12 RUE DE LA CHARITE", ""],
      cp: "69002",
      ville: "LYON",
      pays: "FR",
      latitude: "45.7560000",
      longitude: "04.8330000",
      typeActivite: "000",
      hours: [
        ["0830", "1930", "0000", "0000"],
        ["0830", "1930", "0000", "0000"],
        ["0830", "1930", "0000", "0000"],
        ["0830", "1930", "0000", "0000"],
        ["0830", "1930", "0000", "0000"],
        CLOSED,
        CLOSED,
      ],
      distance: 350,
      maxWeight: 30_000,
    },
  ],
  "FR-20000": [
    {
      num: "005871",
      lines: ["BAZAR DU PORT", "", "3 QUAI L'HERMINIER", ""],
      cp: "20000",
      ville: "AJACCIO",
      pays: "FR",
      latitude: "41.9210000",
      longitude: "08.7390000",
      typeActivite: "000",
      hours: [SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, SHOP_HOURS, CLOSED],
      distance: 1200,
      maxWeight: 30_000,
    },
  ],
  // A real place without a relay point near it.
  "FR-05110": [],
};

/** The countries this service delivers to, and their postal codes' shape. */
const POSTAL_CODES: Record<string, RegExp> = {
  FR: /^\d{5}$/,
  BE: /^\d{4}$/,
  LU: /^\d{4}$/,
  AT: /^\d{4}$/,
  DE: /^\d{5}$/,
  ES: /^\d{5}$/,
  IT: /^\d{5}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  PT: /^\d{4}-?\d{3}$/,
};

/** ModeLiv and the heaviest parcel each takes, in grams. */
const DELIVERY_MODES: Record<string, number> = { "24R": 30_000, HOM: 25_000, LD1: 70_000, LDS: 130_000, LCC: 30_000 };
const HOME_MODES = new Set(["HOM", "LD1", "LDS"]);

const ENSEIGNE = /^[0-9A-Z]{2}[0-9A-Z ]{6}$/;
const ADDRESS = (min: number) => new RegExp(`^[0-9A-Z_\\-'., /]{${min},32}$`);
const CITY = /^[A-Z_\-' 0-9]{2,26}$/;
const PHONE = /^((00|\+)[1-9]{2}|0)[0-9][0-9]{7,8}$/;
const EMAIL = /^[\w\-.@]{0,70}$/;

const TRACING_WORDING: Record<TracingStat, string> = {
  "80": "COLIS ENREGISTRE",
  "81": "COLIS EN TRAITEMENT CHEZ MONDIAL RELAY",
  "82": "COLIS LIVRE",
  "83": "ANOMALIE",
};

const md5 = (text: string) => createHash("md5").update(text, "latin1").digest("hex").toUpperCase();

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

class SoapFault extends Error {
  constructor(
    readonly code: "soap:Client" | "soap:Server",
    message: string,
  ) {
    super(message);
  }
}

class Stat extends Error {
  constructor(readonly stat: string) {
    super(`STAT ${stat}`);
  }
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);|&/g, (match, entity: string | undefined) => {
    if (!entity) throw new SoapFault("soap:Client", "Server was unable to read request. There is an error in XML document.");
    if (entity.startsWith("#x")) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
    if (!(entity in named)) throw new SoapFault("soap:Client", "Server was unable to read request. There is an error in XML document.");
    return named[entity];
  });
}

/** The method and its flat parameters, read as the ASMX deserializer would: strictly. */
function readRequest(xml: string): { method: Method; params: Record<string, string>; order: string[] } {
  const unreadable = () => new SoapFault("soap:Client", "Server was unable to read request. There is an error in XML document.");
  if (!new RegExp(`<(?:[\\w-]+:)?Envelope\\b[^>]*xmlns(?::[\\w-]+)?="${SOAP_NS.replace(/[./]/g, "\\$&")}"`).test(xml)) throw unreadable();
  const body = /<(?:[\w-]+:)?Body(?:\s[^>]*)?>([\s\S]*)<\/(?:[\w-]+:)?Body\s*>/.exec(xml);
  if (!body) throw unreadable();
  const call = /^\s*<(?:([\w-]+):)?(\w+)((?:\s[^>]*)?)>([\s\S]*)<\/(?:[\w-]+:)?\2\s*>\s*$/.exec(body[1]);
  if (!call) throw unreadable();
  const [, prefix, name, attributes, inner] = call;
  const declared = prefix
    ? new RegExp(`xmlns:${prefix}="${NAMESPACE.replace(/[./]/g, "\\$&")}"`).test(xml)
    : attributes.includes(`xmlns="${NAMESPACE}"`);
  if (!declared || !(name in METHODS)) throw new SoapFault("soap:Client", `Unable to handle request without a valid action parameter.`);
  const method = name as Method;
  const allowed: readonly string[] = [...METHODS[method], "Security", ...(method === "WSI2_CreationEtiquette" ? ["Texte"] : [])];
  const params: Record<string, string> = {};
  const order: string[] = [];
  const child = /\s*<(?:[\w-]+:)?(\w+)\s*(?:\/>|>([^<]*)<\/(?:[\w-]+:)?\1\s*>)/y;
  let match: RegExpExecArray | null;
  let position = 0;
  let last = -1;
  while ((match = child.exec(inner))) {
    const [, param, raw = ""] = match;
    const place = allowed.indexOf(param);
    // An unknown element, a repeated one or one out of the sequence cannot be read.
    if (place === -1 || param in params || place < last) throw unreadable();
    last = place;
    params[param] = decodeEntities(raw);
    order.push(param);
    position = child.lastIndex;
  }
  if (inner.slice(position).trim()) throw unreadable();
  return { method, params, order };
}

function soapEnvelope(inner: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:soap="${SOAP_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `<soap:Body>${inner}</soap:Body></soap:Envelope>`
  );
}

const el = (name: string, value: string) => (value === "" ? `<${name} />` : `<${name}>${escapeXml(value)}</${name}>`);
/** The service pads its address fields with blanks to their width. */
const padded = (value: string) => value.padEnd(32, " ");

function labelPdf(expedition: MondialRelayExpedition, format: string): Promise<Buffer> {
  const size: [number, number] = format === "A4" ? [595.28, 841.89] : format === "A5" ? [419.53, 595.28] : [283.46, 425.2];
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size, margin: 20, info: { Title: `Mondial Relay ${expedition.number}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const p = expedition.params;
    doc.fontSize(14).text("MONDIAL RELAY (serveur de test)");
    doc.fontSize(22).text(expedition.number);
    doc.fontSize(10).text(`${p.ModeCol} / ${p.ModeLiv}${p.LIV_Rel ? ` - Point Relais ${p.LIV_Rel_Pays}-${p.LIV_Rel}` : ""}`);
    doc
      .moveDown()
      .text([p.Dest_Ad1, p.Dest_Ad2, p.Dest_Ad3, p.Dest_Ad4, `${p.Dest_CP} ${p.Dest_Ville}`, p.Dest_Pays].filter(Boolean).join("\n"));
    doc.end();
  });
}

export async function startMondialRelayServer(options: MondialRelayServerOptions = {}): Promise<MondialRelayServer> {
  const enseigne = options.enseigne ?? "BDTEST13";
  const privateKey = options.privateKey ?? "PrivateK";
  const brandCode = options.brandCode ?? "11";
  let nextExpedition = options.firstExpedition ?? 31_232_000;

  const state: MondialRelayState = {
    down: false,
    delayMs: 0,
    requests: [],
    expeditions: new Map(),
    pushEvent(number, { stat, ...step }) {
      const expedition = state.expeditions.get(number);
      if (!expedition) throw new Error(`No expedition ${number} on the Mondial Relay test server`);
      expedition.steps.push(step);
      if (stat) expedition.stat = stat;
    },
    setStatus(number, stat) {
      const expedition = state.expeditions.get(number);
      if (!expedition) throw new Error(`No expedition ${number} on the Mondial Relay test server`);
      expedition.stat = stat;
    },
    soapCalls(method) {
      return state.requests.filter((r): r is RecordedSoapCall => r.kind === "soap" && (!method || r.method === method));
    },
  };

  const allPoints = () => Object.values(DIRECTORY).flat();

  /** Enseigne and Security, checked first as the real service does. */
  function authenticate(method: Method, params: Record<string, string>): void {
    const given = params.Enseigne ?? "";
    if (!given.trim()) throw new Stat("2");
    if (!ENSEIGNE.test(given)) throw new Stat("1");
    if (given !== enseigne) throw new Stat("2");
    const expected = md5(METHODS[method].map((name) => params[name] ?? "").join("") + privateKey);
    if ((params.Security ?? "") !== expected) throw new Stat("97");
  }

  const check = (ok: boolean, stat: string) => {
    if (!ok) throw new Stat(stat);
  };

  function pointXml(point: DirectoryPoint, distance: number): string {
    const days = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"];
    const crc = md5(`<${enseigne}${brandCode}>${point.num}<${privateKey}>`);
    return (
      "<PointRelais_Details>" +
      el("STAT", "") +
      el("Num", point.num) +
      point.lines.map((line, i) => `<LgAdr${i + 1}>${escapeXml(padded(line))}</LgAdr${i + 1}>`).join("") +
      el("CP", point.cp) +
      el("Ville", padded(point.ville)) +
      el("Pays", point.pays) +
      el("Localisation1", "") +
      el("Localisation2", "") +
      el("Latitude", point.latitude) +
      el("Longitude", point.longitude) +
      el("TypeActivite", point.typeActivite) +
      el("NACE", "") +
      el("Information", "") +
      days.map((day, i) => `<Horaires_${day}>${point.hours[i].map((t) => `<string>${t}</string>`).join("")}</Horaires_${day}>`).join("") +
      "<Informations_Dispo />" +
      el(
        "URL_Photo",
        `https://ww2.mondialrelay.com/public/permanent/photo_relais.aspx?ens=${enseigne}${brandCode}&num=${point.num}&pays=${point.pays}&crc=${crc}`,
      ) +
      el(
        "URL_Plan",
        `https://ww2.mondialrelay.com/public/permanent/plan_relais.aspx?ens=${enseigne}${brandCode}&num=${point.num}&pays=${point.pays}&crc=${crc}`,
      ) +
      el("Distance", String(distance)) +
      "</PointRelais_Details>"
    );
  }

  function searchPoints(p: Record<string, string>): string {
    const country = p.Pays ?? "";
    check(/^[A-Z]{2}$/.test(country), "37");
    check(/^(|[0-9]{3,7})$/.test(p.Poids ?? ""), "20");
    check(/^(|XS|S|M|L|XL|XXL|3XL)$/.test(p.Taille ?? ""), "22");
    check(/^(|REL|24R|24L|DRI)$/.test(p.Action ?? ""), "49");
    check(/^(|-?[0-9]{1,2})$/.test(p.DelaiEnvoi ?? ""), "98");
    check(/^(|[0-9]{1,4})$/.test(p.RayonRecherche ?? ""), "98");
    check(/^(|-?[0-9]{1,2}\.[0-9]{1,7})$/.test(p.Latitude ?? ""), "67");
    check(/^(|-?[0-9]{1,3}\.[0-9]{1,7})$/.test(p.Longitude ?? ""), "68");
    const wanted = p.NombreResultats ? Number(p.NombreResultats) : 10;
    check(Number.isInteger(wanted) && wanted >= 1 && wanted <= 30, "98");
    const weight = p.Poids ? Number(p.Poids) : 0;

    let found: Array<{ point: DirectoryPoint; distance: number }>;
    if (p.NumPointRelais) {
      check(/^[0-9]{6}$/.test(p.NumPointRelais), "70");
      found = allPoints()
        .filter((point) => point.num === p.NumPointRelais && point.pays === country)
        .map((point) => ({ point, distance: 0 }));
    } else {
      check(Boolean(p.CP || p.Ville || (p.Latitude && p.Longitude)), "40");
      if (!POSTAL_CODES[country]) return "<PointsRelais />";
      check(POSTAL_CODES[country].test(p.CP ?? ""), "36");
      const area = DIRECTORY[`${country}-${p.CP}`];
      check(area !== undefined, "9");
      found = area.map((point) => ({ point, distance: point.distance }));
    }
    const points = found
      .filter(({ point }) => !weight || weight <= point.maxWeight)
      .sort((a, b) => a.distance - b.distance)
      .slice(0, wanted);
    return `<PointsRelais>${points.map(({ point, distance }) => pointXml(point, distance)).join("")}</PointsRelais>`;
  }

  function checkAddress(p: Record<string, string>, side: "Expe" | "Dest", modeLiv: string): void {
    check(/^[A-Z]{2}$/.test(p[`${side}_Langage`] ?? ""), "74");
    check(ADDRESS(2).test(p[`${side}_Ad1`] ?? ""), "30");
    check(/^(|[0-9A-Z_\-'., /]{2,32})$/.test(p[`${side}_Ad2`] ?? ""), "31");
    check(ADDRESS(2).test(p[`${side}_Ad3`] ?? ""), "33");
    check(ADDRESS(0).test(p[`${side}_Ad4`] ?? ""), "34");
    check(CITY.test(p[`${side}_Ville`] ?? ""), "35");
    const country = p[`${side}_Pays`] ?? "";
    check(/^[A-Z]{2}$/.test(country), "37");
    check(Boolean(POSTAL_CODES[country]), side === "Expe" ? "78" : "79");
    check(POSTAL_CODES[country].test(p[`${side}_CP`] ?? ""), "36");
    // The sender's phone is required; the recipient's for a delivery at home.
    const phoneRequired = side === "Expe" || HOME_MODES.has(modeLiv);
    check((!phoneRequired && !p[`${side}_Tel1`]) || PHONE.test(p[`${side}_Tel1`] ?? ""), "38");
    check(!p[`${side}_Tel2`] || PHONE.test(p[`${side}_Tel2`]), "38");
    check(EMAIL.test(p[`${side}_Mail`] ?? ""), "39");
  }

  function createLabel(p: Record<string, string>): string {
    const modeCol = p.ModeCol ?? "";
    const modeLiv = p.ModeLiv ?? "";
    check(/^(CCC|CDR|CDS|REL)$/.test(modeCol), "10");
    check(modeLiv in DELIVERY_MODES, "13");
    check(/^(|[0-9A-Z_ -]{0,15})$/.test(p.NDossier ?? ""), "5");
    check(/^(|[0-9A-Z]{0,9})$/.test(p.NClient ?? ""), "7");
    checkAddress(p, "Expe", modeLiv);
    checkAddress(p, "Dest", modeLiv);
    const weight = /^[0-9]{3,7}$/.test(p.Poids ?? "") ? Number(p.Poids) : NaN;
    check(weight >= 1 && weight <= DELIVERY_MODES[modeLiv] && (modeCol !== "REL" || weight <= 30_000), "20");
    check(/^(|[0-9]{0,3})$/.test(p.Longueur ?? ""), "21");
    check(/^(|XS|S|M|L|XL|XXL|3XL)$/.test(p.Taille ?? ""), "22");
    check(/^[0-9]{1,2}$/.test(p.NbColis ?? "") && Number(p.NbColis) >= 1, "47");
    check(!(modeLiv === "24R" && Number(p.NbColis) > 1), "48");
    check(/^[0-9]{1,7}$/.test(p.CRT_Valeur ?? ""), "42");
    check(/^(|EUR)$/.test(p.CRT_Devise ?? ""), "43");
    check(/^(|[0-9]{0,7})$/.test(p.Exp_Valeur ?? ""), "44");
    check(/^(|EUR)$/.test(p.Exp_Devise ?? ""), "45");
    if (modeCol === "REL") {
      // "AUTO": the sender may drop the parcel at any Point Relais ("XX": in any country).
      check(/^(AUTO|[0-9]{6})$/.test(p.COL_Rel ?? ""), "11");
      check(/^[A-Z]{2}$/.test(p.COL_Rel_Pays ?? "") && (p.COL_Rel_Pays !== "XX" || p.COL_Rel === "AUTO"), "12");
      check(p.COL_Rel === "AUTO" || allPoints().some((point) => point.num === p.COL_Rel && point.pays === p.COL_Rel_Pays), "11");
    }
    if (modeLiv === "24R") {
      check(/^[0-9]{6}$/.test(p.LIV_Rel ?? ""), "14");
      check(/^[A-Z]{2}$/.test(p.LIV_Rel_Pays ?? ""), "15");
      const point = allPoints().find((candidate) => candidate.num === p.LIV_Rel && candidate.pays === p.LIV_Rel_Pays);
      check(point !== undefined, "14");
      check(point!.pays === p.Dest_Pays, "92");
      check(weight <= point!.maxWeight, "20");
    }
    check(/^(|O|N)$/.test(p.TAvisage ?? ""), "61");
    check(/^(|O|N)$/.test(p.TReprise ?? ""), "66");
    check(/^(|[0-9]{1,3})$/.test(p.Montage ?? ""), "64");
    check(/^(|O|N)$/.test(p.TRDV ?? ""), "65");
    check(/^(|[0-9A-Z])$/.test(p.Assurance ?? ""), "63");
    check(/^[0-9A-Z_\-'., /]{0,31}$/.test(p.Instructions ?? ""), "62");

    const number = String(nextExpedition++).padStart(8, "0");
    const crc = md5(`<${enseigne}${brandCode}>${number}<${privateKey}>`);
    state.expeditions.set(number, { number, params: { ...p }, stat: "80", steps: [], crc });
    const path = `/ww2/PDF/StickerMaker2.aspx?ens=${enseigne}${brandCode}&expedition=${number}&lg=FR&format=A4&crc=${crc}`;
    return el("ExpeditionNum", number) + el("URL_Etiquette", path);
  }

  function trace(p: Record<string, string>): { stat: string; xml: string } {
    check(/^[A-Z]{2}$/.test(p.Langue ?? ""), "74");
    check(/^[0-9]{8}$/.test(p.Expedition ?? ""), "24");
    const expedition = state.expeditions.get(p.Expedition);
    check(expedition !== undefined, "94");
    const { stat, steps, params } = expedition!;
    const relay = params.ModeLiv === "24R" ? allPoints().find((point) => point.num === params.LIV_Rel) : undefined;
    const step = (s: TracingStep) =>
      "<ret_WSI2_sub_TracingColisDetaille>" +
      el("Libelle", s.libelle) +
      el("Date", s.date) +
      el("Heure", s.heure) +
      el("Emplacement", s.emplacement ?? "") +
      el("Relais_Num", s.relaisNum ?? "") +
      el("Relais_Pays", s.relaisPays ?? "") +
      "</ret_WSI2_sub_TracingColisDetaille>";
    const xml =
      el("Libelle01", steps.length ? steps[steps.length - 1].libelle : TRACING_WORDING[stat]) +
      el("Relais_Libelle", relay ? relay.lines[0] : "") +
      el("Relais_Num", relay ? relay.num : "") +
      el("Libelle02", "") +
      (steps.length ? `<Tracing>${steps.map(step).join("")}${step({ libelle: "", date: "", heure: "" })}</Tracing>` : "<Tracing />");
    return { stat, xml };
  }

  function answer(method: Method, params: Record<string, string>): { stat: string; xml: string } {
    try {
      authenticate(method, params);
      if (method === "WSI4_PointRelais_Recherche") return { stat: "0", xml: searchPoints(params) };
      if (method === "WSI2_CreationEtiquette") return { stat: "0", xml: createLabel(params) };
      return trace(params);
    } catch (error) {
      if (error instanceof Stat) return { stat: error.stat, xml: "" };
      throw error;
    }
  }

  function sendFault(res: ServerResponse, fault: SoapFault): void {
    res.writeHead(500, { "Content-Type": "text/xml; charset=utf-8" });
    res.end(
      soapEnvelope(
        `<soap:Fault><faultcode>${fault.code}</faultcode><faultstring>${escapeXml(fault.message)}</faultstring><detail /></soap:Fault>`,
      ),
    );
  }

  async function handleSoap(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const soapAction = req.headers.soapaction as string | undefined;
    let request: ReturnType<typeof readRequest>;
    try {
      if (!/^text\/xml\b/.test(req.headers["content-type"] ?? "")) {
        res.writeHead(415, { "Content-Type": "text/plain" });
        res.end("Unsupported Media Type");
        return;
      }
      request = readRequest(body);
    } catch (error) {
      if (error instanceof SoapFault) return sendFault(res, error);
      throw error;
    }
    const recorded: RecordedSoapCall = {
      kind: "soap",
      method: request.method,
      soapAction,
      params: request.params,
      order: request.order,
      stat: null,
    };
    state.requests.push(recorded);
    if (state.down === "fault")
      return sendFault(res, new SoapFault("soap:Server", "Server was unable to process request. ---> Service indisponible"));
    if (state.down === "http") {
      res.writeHead(503, { "Content-Type": "text/html" });
      res.end("<html><body><h1>Service Unavailable</h1></body></html>");
      return;
    }
    if ((soapAction ?? "").replace(/^"|"$/g, "") !== `${NAMESPACE}${request.method}`) {
      return sendFault(
        res,
        new SoapFault("soap:Client", `Server did not recognize the value of HTTP Header SOAPAction: ${soapAction ?? ""}.`),
      );
    }
    const { stat, xml } = answer(request.method, request.params);
    recorded.stat = stat;
    res.writeHead(200, { "Content-Type": "text/xml; charset=utf-8" });
    res.end(
      soapEnvelope(
        `<${request.method}Response xmlns="${NAMESPACE}"><${request.method}Result>${el("STAT", stat)}${xml}</${request.method}Result></${request.method}Response>`,
      ),
    );
  }

  async function handleLabel(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const expeditionNumber = url.searchParams.get("expedition");
    const format = url.searchParams.get("format");
    const recorded: RecordedLabelDownload = {
      kind: "label",
      url: url.pathname + url.search,
      expedition: expeditionNumber,
      format,
      status: 0,
    };
    state.requests.push(recorded);
    const expedition = expeditionNumber ? state.expeditions.get(expeditionNumber) : undefined;
    const valid =
      state.down === false &&
      expedition !== undefined &&
      url.searchParams.get("ens") === `${enseigne}${brandCode}` &&
      url.searchParams.get("crc") === expedition.crc &&
      (format === "A4" || format === "A5" || format === "10x15");
    if (!valid) {
      recorded.status = state.down ? 503 : 404;
      res.writeHead(recorded.status, { "Content-Type": "text/html; charset=utf-8" });
      res.end("<html><body>Étiquette introuvable</body></html>");
      return;
    }
    const pdf = await labelPdf(expedition, format);
    recorded.status = 200;
    res.writeHead(200, { "Content-Type": "application/pdf", "Content-Length": pdf.length });
    res.end(pdf);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        try {
          if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
          if (res.destroyed) return;
          const url = new URL(req.url ?? "/", "http://127.0.0.1");
          if (req.method === "POST" && url.pathname === "/Web_Services.asmx") {
            await handleSoap(req, res, Buffer.concat(chunks).toString("utf8"));
          } else if (req.method === "GET" && url.pathname === "/ww2/PDF/StickerMaker2.aspx") {
            await handleLabel(req, res, url);
          } else {
            res.writeHead(404, { "Content-Type": "text/plain" });
            res.end("Not Found");
          }
        } catch (error) {
          if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
          res.end(String(error));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    soapUrl: `${base}/Web_Services.asmx`,
    labelBaseUrl: base,
    state,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
