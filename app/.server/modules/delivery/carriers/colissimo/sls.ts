/**
 * Labels from Colissimo's Simple Label Solution (SLS), REST `generateLabel`: a JSON request
 * (contract, output format, the `letter` with its service, parcel, sender, addressee and
 * customs blocks) answered by a multipart body, the JSON `jsonInfos` part and the PDF parts
 * `label` and `cn23`. A refusal comes back in the same JSON part (`messages[]`, id "0" meaning
 * success), sometimes with HTTP 200: the messages decide, not the status.
 */
import type {
  CarrierAddress,
  CarrierLabel,
  CustomsDeclaration,
  LabelFormat,
  LabelRequest,
  ReturnLabelRequest,
} from "~/domain/delivery/carrier";
import { needsCustoms } from "~/domain/delivery/carrier";
import { carrierError, isRecord, parseJson, send, text, tidy, unavailable, type HttpAnswer } from "./http";
import { boundaryOf, MultipartError, parseMultipart, type MultipartPart } from "./multipart";
import { isPointProduct } from "./products";

export type SlsContext = {
  url: string;
  contractNumber: string;
  password: string;
  timeoutMs: number;
  redact: (text: string) => string;
};

const PRINTING_TYPES: Record<LabelFormat, string> = { "10x15": "PDF_10x15_300dpi", A4: "PDF_A4_300dpi" };

/** Nature of the shipment on the CN23 (contents.category.value): 1 gift, 2 sample, 3 sale, 4 documents, 5 other, 6 returned goods. */
const CUSTOMS_CATEGORY: Record<CustomsDeclaration["category"], number> = { gift: 1, sale: 3, return: 6 };

/** The specification's field lengths: most address lines take 35 characters, a first name 29. */
const LINE = 35;

/** At most `max` characters (code points, so an emoji or an accent is never cut in half), without trailing spaces. */
export function fit(value: string | null | undefined, max: number): string | undefined {
  const flat = (value ?? "").replace(/\s+/g, " ").trim();
  if (!flat) return undefined;
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  return chars.slice(0, max).join("").trimEnd();
}

/**
 * Street and complement on the label's line 2 (number and street, required) and line 3 (other
 * mention). A street longer than a line is cut at a word and its end moves to line 3, ahead of
 * the complement, so no part of it is lost before line 3 itself is full.
 */
export function addressLines(line1: string, line2?: string | null): { line2: string | undefined; line3: string | undefined } {
  const street = (line1 ?? "").replace(/\s+/g, " ").trim();
  const extra = (line2 ?? "").replace(/\s+/g, " ").trim();
  const chars = Array.from(street);
  if (chars.length <= LINE) return { line2: fit(street, LINE), line3: fit(extra, LINE) };
  // The last space among the first 36 characters ends a prefix of at most 35; without one, a hard cut.
  const window = chars.slice(0, LINE + 1).join("");
  const space = window.lastIndexOf(" ");
  const first = space > 0 ? window.slice(0, space) : chars.slice(0, LINE).join("");
  const rest = street.slice(first.length).trim();
  return { line2: fit(first, LINE), line3: fit([rest, extra].filter(Boolean).join(", "), LINE) };
}

function normalizePhone(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? "").replace(/[\s.\-()/]/g, "");
  return digits || undefined;
}

/**
 * Numbers the service can text delivery notices to: French mobiles (06 and 07, which also
 * cover the overseas departments' 0639 and 069x), and any number given with a foreign prefix,
 * which the shop cannot tell apart from a landline and which the specification wants in
 * `mobileNumber` abroad.
 */
function isMobile(phone: string): boolean {
  if (/^(?:\+33|0033|0)[67]\d{8}$/.test(phone)) return true;
  return /^(?:\+|00)/.test(phone) && !/^(?:\+|00)33/.test(phone);
}

/**
 * An address block. Delivery to a point needs a mobile number (the service texts the pick-up
 * code): for those the address's number goes in `mobileNumber` whatever it looks like, since it
 * is the only one the shop has.
 */
function slsAddress(address: CarrierAddress, options: { mobileRequired: boolean; companyRequired?: boolean }): Record<string, unknown> {
  const phone = normalizePhone(address.phone);
  const person = `${address.firstName} ${address.lastName}`.trim();
  const lines = addressLines(address.line1, address.line2);
  return {
    companyName: fit(address.company, LINE) ?? (options.companyRequired ? fit(person, LINE) : undefined),
    lastName: fit(address.lastName, LINE),
    firstName: fit(address.firstName, 29),
    line2: lines.line2,
    line3: lines.line3,
    countryCode: address.countryCode.trim().toUpperCase(),
    city: fit(address.city, LINE),
    zipCode: address.postalCode.replace(/\s+/g, ""),
    phoneNumber: phone && !isMobile(phone) && !options.mobileRequired ? fit(phone, 15) : undefined,
    mobileNumber: phone && (isMobile(phone) || options.mobileRequired) ? fit(phone, 15) : undefined,
    email: fit(address.email, 80),
    language: "FR",
  };
}

/**
 * Grams to the kilograms the service takes, rounded up to its two decimals (never declared
 * lighter than it is). No weight stays 0, for the service to refuse rather than print a label
 * for a parcel that was never weighed.
 */
export function kilograms(grams: number): number {
  if (!(grams > 0)) return 0;
  return Math.max(0.01, Math.ceil(Math.round(grams) / 10) / 100);
}

function customsBlock(customs: CustomsDeclaration): Record<string, unknown> {
  const category = CUSTOMS_CATEGORY[customs.category];
  return {
    includeCustomsDeclarations: true,
    invoiceNumber: fit(customs.invoiceNumber, LINE),
    contents: {
      article: customs.articles.map((article) => ({
        description: fit(article.description, 64),
        quantity: article.quantity,
        // Unit net weight and unit value, as the CN23 lists them.
        weight: kilograms(article.weightGrams),
        value: Math.round(article.valueCents) / 100,
        hsCode: article.hsCode.replace(/\D/g, ""),
        originCountry: article.originCountry.trim().toUpperCase(),
        currency: customs.currency,
      })),
      category: { value: category },
      // The specification asks for an explanation with "returned goods" (and "other").
      explanations: category === 6 ? "Retour de marchandise" : undefined,
    },
  };
}

export function outboundRequest(ctx: SlsContext, request: LabelRequest): Record<string, unknown> {
  const toPoint = isPointProduct(request.productCode);
  const commercialName = fit(request.sender.company, LINE) ?? fit(`${request.sender.firstName} ${request.sender.lastName}`, LINE);
  const shipping = request.customs ? request.customs.shippingCents : undefined;
  return {
    contractNumber: ctx.contractNumber,
    password: ctx.password,
    outputFormat: { x: 0, y: 0, outputPrintingType: PRINTING_TYPES[request.format] },
    letter: {
      service: {
        productCode: request.productCode,
        depositDate: request.depositDate,
        orderNumber: fit(request.reference, 30),
        commercialName,
        // Shipping charged to the buyer, in cents: the CN23's "frais de port".
        totalAmount: shipping,
        transportationAmount: shipping,
      },
      parcel: {
        weight: kilograms(request.weightGrams),
        pickupLocationId: toPoint && request.pointId ? request.pointId.trim() : undefined,
      },
      customsDeclarations: request.customs ? customsBlock(request.customs) : undefined,
      sender: { senderParcelRef: fit(request.reference, 17), address: slsAddress(request.sender, { mobileRequired: false }) },
      addressee: { addresseeParcelRef: fit(request.reference, 15), address: slsAddress(request.recipient, { mobileRequired: toPoint }) },
    },
  };
}

/**
 * Colissimo Retour: CORE from mainland France and Monaco; CORI from elsewhere in the EU. A return
 * from a place that needs a customs declaration cannot be printed: the request has no articles
 * to declare (see the report on ReturnLabelRequest).
 */
export function returnProductOf(sender: CarrierAddress): string | null {
  const country = sender.countryCode.trim().toUpperCase();
  if (needsCustoms(country, sender.postalCode)) return null;
  return country === "FR" || country === "MC" ? "CORE" : "CORI";
}

export function returnRequest(ctx: SlsContext, request: ReturnLabelRequest, productCode: string): Record<string, unknown> {
  return {
    contractNumber: ctx.contractNumber,
    password: ctx.password,
    outputFormat: { x: 0, y: 0, outputPrintingType: PRINTING_TYPES[request.format] },
    letter: {
      service: { productCode, depositDate: request.depositDate, orderNumber: fit(request.reference, 30) },
      parcel: { weight: kilograms(request.weightGrams) },
      // The shopper sends the parcel back; the shop receives it, and its company name is required.
      sender: { senderParcelRef: fit(request.reference, 17), address: slsAddress(request.sender, { mobileRequired: false }) },
      addressee: {
        addresseeParcelRef: fit(request.reference, 15),
        address: slsAddress(request.recipient, { mobileRequired: false, companyRequired: true }),
      },
    },
  };
}

type SlsMessage = { id: string; type: string; messageContent: string };

function messagesOf(json: Record<string, unknown>): SlsMessage[] {
  const raw = Array.isArray(json.messages) ? json.messages : [];
  return raw.filter(isRecord).map((m) => ({ id: text(m.id), type: text(m.type).toUpperCase(), messageContent: text(m.messageContent) }));
}

function isError(message: SlsMessage): boolean {
  if (message.type === "ERROR") return true;
  return message.id !== "0" && message.id !== "" && message.type !== "INFOS" && message.type !== "WARNING";
}

/** Refusals about a postal code: the service's messages name it ("code postal"), whatever their id. */
function isPostalCodeError(message: SlsMessage): boolean {
  return /code postal|zip ?code|postal code/i.test(message.messageContent);
}

function refusal(ctx: SlsContext, errors: SlsMessage[]): Error {
  const first = errors[0];
  if (first.id === "30000") {
    return carrierError("bad_credentials", "Colissimo a refusé les identifiants : numéro de contrat ou mot de passe incorrect.", first.id);
  }
  const detail = tidy(ctx.redact(errors.map((e) => e.messageContent || `erreur ${e.id}`).join(" ; ")));
  if (errors.some(isPostalCodeError)) {
    return carrierError("unknown_postal_code", `Colissimo ne reconnaît pas le code postal : ${detail}`, first.id);
  }
  return carrierError("invalid_request", `Colissimo a refusé l'étiquette : ${detail}`, first.id);
}

function jsonPart(parts: MultipartPart[]): Record<string, unknown> | null {
  const part = parts.find((p) => p.contentId === "jsonInfos") ?? parts.find((p) => /json/i.test(p.headers["content-type"] ?? "")) ?? null;
  if (!part) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part.body).toString("utf8"));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function isPdf(bytes: Uint8Array | undefined): bytes is Uint8Array {
  return !!bytes && bytes.length > 4 && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
}

function parcelNumberOf(json: Record<string, unknown>): string {
  for (const key of ["labelV2Response", "labelV31Response", "labelResponse"]) {
    const block = json[key];
    if (isRecord(block) && text(block.parcelNumber)) return text(block.parcelNumber);
  }
  return text(json.parcelNumber);
}

/** The label (and CN23) of an answer, or the CarrierError it amounts to. */
export function readLabelAnswer(ctx: SlsContext, answer: HttpAnswer, format: LabelFormat): CarrierLabel {
  if (answer.status >= 500) throw unavailable(`HTTP ${answer.status}`);
  let parts: MultipartPart[] = [];
  let json: Record<string, unknown> | null = null;
  const boundary = boundaryOf(answer.contentType);
  if (boundary) {
    try {
      parts = parseMultipart(answer.body, boundary);
    } catch (error) {
      if (error instanceof MultipartError) throw unavailable();
      throw error;
    }
    json = jsonPart(parts);
  } else if (/json/i.test(answer.contentType)) {
    const value = parseJson(answer);
    json = isRecord(value) ? value : null;
  }
  if (json) {
    const errors = messagesOf(json).filter(isError);
    if (errors.length > 0) throw refusal(ctx, errors);
  }
  if (answer.status === 401 || answer.status === 403) {
    throw carrierError(
      "bad_credentials",
      "Colissimo a refusé les identifiants : numéro de contrat ou mot de passe incorrect.",
      `HTTP ${answer.status}`,
    );
  }
  if (answer.status >= 400) {
    throw carrierError("invalid_request", `Colissimo a refusé la demande d'étiquette (HTTP ${answer.status}).`, `HTTP ${answer.status}`);
  }
  if (!json) throw unavailable();
  const trackingNumber = parcelNumberOf(json);
  const label = parts.find((p) => p.contentId === "label")?.body;
  if (!trackingNumber || !isPdf(label)) throw unavailable();
  const cn23 = parts.find((p) => p.contentId === "cn23")?.body;
  return { trackingNumber, pdf: label, format, customsPdf: isPdf(cn23) ? cn23 : null };
}

export async function generateLabel(ctx: SlsContext, body: Record<string, unknown>, format: LabelFormat): Promise<CarrierLabel> {
  const answer = await send(
    `${ctx.url}/generateLabel`,
    {
      method: "POST",
      headers: { "content-type": "application/json", accept: "multipart/mixed, multipart/related, application/json" },
      body: JSON.stringify(body),
    },
    ctx.timeoutMs,
  );
  return readLabelAnswer(ctx, answer, format);
}
