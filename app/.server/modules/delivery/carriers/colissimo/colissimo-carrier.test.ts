import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CarrierError, needsCustoms, type CarrierAddress, type CarrierClient, type LabelRequest } from "~/domain/delivery/carrier";
import {
  parisIso,
  parisToday,
  startColissimoServer,
  type ColissimoServer,
} from "../../../../../../tests/support/carriers/colissimo-server";
import { COLISSIMO_PRODUCTS, createColissimoCarrier, type ColissimoConfig } from "./colissimo-carrier";
import { parseMultipart } from "./multipart";
import { addressLines } from "./sls";

const SHOP: CarrierAddress = {
  firstName: "Service",
  lastName: "Expéditions",
  company: "Aurore Parfums",
  line1: "18 rue de la Paix",
  postalCode: "75002",
  city: "Paris",
  countryCode: "FR",
  phone: "01 42 60 00 00",
  email: "expeditions@aurore.test",
};

const SHOPPER: CarrierAddress = {
  firstName: "Camille",
  lastName: "Martin",
  line1: "41 rue de la Roquette",
  line2: "Bâtiment B, 3e étage",
  postalCode: "75011",
  city: "Paris",
  countryCode: "FR",
  phone: "06 12 34 56 78",
  email: "camille@exemple.fr",
};

const GENEVA: CarrierAddress = {
  firstName: "Léa",
  lastName: "Favre",
  line1: "12 rue du Rhône",
  postalCode: "1204",
  city: "Genève",
  countryCode: "CH",
  phone: "+41 79 123 45 67",
  email: "lea@exemple.ch",
};

const REUNION: CarrierAddress = {
  firstName: "Noé",
  lastName: "Hoarau",
  line1: "5 rue de Paris",
  postalCode: "97400",
  city: "Saint-Denis",
  countryCode: "RE",
  phone: "0692 12 34 56",
  email: "noe@exemple.re",
};

const PERFUME = {
  description: "Eau de parfum 50 ml",
  quantity: 2,
  weightGrams: 180,
  valueCents: 6450,
  hsCode: "330300",
  originCountry: "FR",
};
const CREAM = {
  description: "Crème pour les mains 75 ml",
  quantity: 1,
  weightGrams: 95,
  valueCents: 1890,
  hsCode: "330499",
  originCountry: "FR",
};

let server: ColissimoServer;
let colissimo: CarrierClient;

function carrier(overrides: Partial<ColissimoConfig> = {}): CarrierClient {
  return createColissimoCarrier({
    contractNumber: "123456",
    password: "secret",
    trackingApiKey: "okapi-test",
    slsUrl: server.slsUrl,
    pointsUrl: server.pointsUrl,
    trackingUrl: server.trackingUrl,
    timeoutMs: 3000,
    ...overrides,
  });
}

function label(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    reference: "CMD-2025-000123",
    productCode: "DOM",
    weightGrams: 1250,
    format: "10x15",
    sender: SHOP,
    recipient: SHOPPER,
    depositDate: parisToday(),
    ...overrides,
  };
}

/** The CarrierError a call throws (fails the test when it does not throw one). */
async function failure(promise: Promise<unknown>): Promise<CarrierError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CarrierError);
    return error as CarrierError;
  }
  throw new Error("expected a CarrierError, the call succeeded");
}

const startsWithPdf = (bytes: Uint8Array | null | undefined) => !!bytes && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
const inHours = (hours: number) => parisIso(new Date(Date.now() + hours * 3_600_000));

beforeAll(async () => {
  server = await startColissimoServer();
  colissimo = carrier();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.state.reset();
});

describe("Colissimo: identity and products", () => {
  it("names itself and caps each product's weight", () => {
    expect(colissimo.code).toBe("colissimo");
    expect(colissimo.label).toBe("Colissimo");
    expect(colissimo.maxWeightGrams("DOM")).toBe(30_000);
    expect(colissimo.maxWeightGrams("DOS")).toBe(30_000);
    expect(colissimo.maxWeightGrams("CORE")).toBe(30_000);
    expect(colissimo.maxWeightGrams("A2P")).toBe(20_000);
    expect(colissimo.maxWeightGrams("PCS")).toBe(20_000);
    expect(colissimo.maxWeightGrams("BPR")).toBe(30_000);
  });

  it("suggests its products with French labels", () => {
    expect(COLISSIMO_PRODUCTS).toMatchObject({
      DOM: "Colissimo Domicile sans signature",
      DOS: "Colissimo Domicile avec signature",
      A2P: "Colissimo Point Retrait (relais)",
      BPR: "Colissimo Bureau de poste",
      COLI: "Colissimo Expert international",
      CORE: "Colissimo Retour France",
    });
  });
});

describe("Colissimo: relay points", () => {
  it("lists the points around a postal code, nearest first, with their hours and distance", async () => {
    const points = await colissimo.searchPoints({
      postalCode: "75011",
      countryCode: "FR",
      weightGrams: 1200,
      shippingDate: "2030-06-14",
      limit: 3,
    });

    expect(points.map((p) => p.carrierPointId)).toEqual(["004567", "004912", "005210"]);
    expect(points[0]).toEqual({
      carrier: "colissimo",
      carrierPointId: "004567",
      name: "TABAC DE LA ROQUETTE",
      street: "41 RUE DE LA ROQUETTE, ANGLE RUE KELLER",
      postalCode: "75011",
      city: "PARIS",
      countryCode: "FR",
      openingHours:
        "Lun. 09h00-12h00, 14h00-19h00 ; Mar. 09h00-12h00, 14h00-19h00 ; Mer. 09h00-12h00, 14h00-19h00 ; " +
        "Jeu. 09h00-12h00, 14h00-19h00 ; Ven. 09h00-12h00, 14h00-19h00 ; Sam. 09h00-12h30",
      distanceKm: 0.13,
      productCode: "A2P",
    });
    expect(points[1]).toMatchObject({ productCode: "BPR", distanceKm: 0.46 });
    // Closed on Monday: the day is left out rather than shown as 00h00-00h00.
    expect(points[2].openingHours.startsWith("Mar. 10h00-13h00, 15h00-20h00 ;")).toBe(true);
    expect(points[2].openingHours).toContain("Sam. 10h00-13h00");

    const sent = server.state.lastRequest("points", "findRDVPointRetraitAcheminement")!;
    expect(sent.method).toBe("POST");
    expect(sent.body).toMatchObject({
      accountNumber: "123456",
      zipCode: "75011",
      countryCode: "FR",
      weight: "1200",
      shippingDate: "14/06/2030",
      filterRelay: "1",
      optionInter: "0",
      lang: "FR",
    });
    // No town given: the official list's name for the code is sent, as the service requires one.
    expect(sent.body.city).toBe("Paris");
  });

  it("applies the limit and lists only post offices for a parcel above a relay's 20 kg", async () => {
    const all = await colissimo.searchPoints({
      postalCode: "75011",
      city: "Paris",
      countryCode: "FR",
      shippingDate: "2030-06-14",
      limit: 10,
    });
    expect(all.map((p) => p.carrierPointId)).toEqual(["004567", "004912", "005210", "753770"]);
    expect(all.map((p) => p.distanceKm)).toEqual([0.13, 0.46, 0.81, 1.6]);

    const one = await colissimo.searchPoints({
      postalCode: "69002",
      city: "Lyon",
      countryCode: "FR",
      shippingDate: "2030-06-14",
      limit: 1,
    });
    expect(one.map((p) => p.carrierPointId)).toEqual(["690021"]);

    const heavy = await colissimo.searchPoints({
      postalCode: "20000",
      countryCode: "FR",
      weightGrams: 25_000,
      shippingDate: "2030-06-14",
      limit: 5,
    });
    expect(heavy.map((p) => [p.carrierPointId, p.productCode])).toEqual([["201234", "BPR"]]);
    expect(server.state.lastRequest("points")!.body.filterRelay).toBe("0");
  });

  it("returns no point for a place the service does not serve", async () => {
    const points = await colissimo.searchPoints({
      postalCode: "13001",
      city: "Marseille",
      countryCode: "FR",
      shippingDate: "2030-06-14",
      limit: 5,
    });
    expect(points).toEqual([]);
  });

  it("reads one point by its id, and null for an id it does not know", async () => {
    const point = await colissimo.getPoint("004912", "FR");
    expect(point).toMatchObject({
      carrierPointId: "004912",
      name: "BUREAU DE POSTE PARIS VOLTAIRE",
      street: "86 BOULEVARD VOLTAIRE",
      postalCode: "75011",
      city: "PARIS",
      productCode: "BPR",
      openingHours: "Lun. 09h00-19h00 ; Mar. 09h00-19h00 ; Mer. 09h00-19h00 ; Jeu. 09h00-19h00 ; Ven. 09h00-19h00 ; Sam. 09h00-12h30",
    });
    const sent = server.state.lastRequest("points", "findPointRetraitAcheminementByID")!;
    expect(sent.body).toMatchObject({ id: "004912", filterRelay: "1", langue: "FR" });
    expect(sent.body.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    expect(await colissimo.getPoint("999999", "FR")).toBeNull();
    expect(await colissimo.getPoint("12AB", "FR")).toBeNull();
    // A French point asked for as a Belgian one is not that point.
    expect(await colissimo.getPoint("004912", "BE")).toBeNull();
  });
});

describe("Colissimo: labels", () => {
  it("prints a domestic label: number, PDF, weight in kg, printing format", async () => {
    const result = await colissimo.createLabel(label());
    expect(result.trackingNumber).toMatch(/^6A\d{11}$/);
    expect(startsWithPdf(result.pdf)).toBe(true);
    expect(result.format).toBe("10x15");
    expect(result.customsPdf ?? null).toBeNull();

    const sent = server.state.lastRequest("sls", "generateLabel")!;
    expect(sent.body.contractNumber).toBe("123456");
    expect(sent.body.outputFormat).toEqual({ x: 0, y: 0, outputPrintingType: "PDF_10x15_300dpi" });
    expect(sent.body.letter.service).toMatchObject({
      productCode: "DOM",
      depositDate: parisToday(),
      orderNumber: "CMD-2025-000123",
      commercialName: "Aurore Parfums",
    });
    expect(sent.body.letter.parcel).toEqual({ weight: 1.25 });
    expect(sent.body.letter.customsDeclarations).toBeUndefined();
    expect(sent.body.letter.sender.address).toMatchObject({
      companyName: "Aurore Parfums",
      line2: "18 rue de la Paix",
      zipCode: "75002",
      countryCode: "FR",
      phoneNumber: "0142600000",
    });
    expect(sent.body.letter.addressee).toMatchObject({
      addresseeParcelRef: "CMD-2025-000123",
      address: {
        lastName: "Martin",
        firstName: "Camille",
        line2: "41 rue de la Roquette",
        line3: "Bâtiment B, 3e étage",
        zipCode: "75011",
        mobileNumber: "0612345678",
      },
    });
    // The parcel is known to tracking from its label on.
    expect(server.state.parcels.get(result.trackingNumber)?.events.map((e) => e.code)).toEqual(["DR1"]);
  });

  it("asks for an A4 PDF, rounds the weight up to 10 g and fits long address lines in 35 characters", async () => {
    const street = "Résidence les Jardins de la Roquette, 141 avenue Ledru-Rollin";
    const result = await colissimo.createLabel(
      label({ format: "A4", weightGrams: 2341, recipient: { ...SHOPPER, line1: street, line2: null } }),
    );
    expect(result.format).toBe("A4");
    const sent = server.state.lastRequest("sls")!;
    expect(sent.body.outputFormat.outputPrintingType).toBe("PDF_A4_300dpi");
    expect(sent.body.letter.parcel.weight).toBe(2.35);
    const address = sent.body.letter.addressee.address;
    expect(address.line2).toBe("Résidence les Jardins de la");
    expect(address.line3).toBe("Roquette, 141 avenue Ledru-Rollin");
    expect(Array.from(address.line2 as string).length).toBeLessThanOrEqual(35);

    expect(addressLines("A".repeat(50))).toEqual({ line2: "A".repeat(35), line3: "A".repeat(15) });
    expect(addressLines("12 rue des Lilas", "x".repeat(40)).line3).toBe("x".repeat(35));
  });

  it("prints a relay label naming the point, with the mobile number", async () => {
    const result = await colissimo.createLabel(label({ productCode: "A2P", pointId: "004567" }));
    expect(result.trackingNumber).toMatch(/^6M\d{11}$/);
    const sent = server.state.lastRequest("sls")!;
    expect(sent.body.letter.parcel).toEqual({ weight: 1.25, pickupLocationId: "004567" });
    expect(sent.body.letter.addressee.address.mobileNumber).toBe("0612345678");
  });

  it("declares the articles on a CN23 for Switzerland", async () => {
    expect(needsCustoms("CH", "1204")).toBe(true);
    const result = await colissimo.createLabel(
      label({
        productCode: "COLI",
        recipient: GENEVA,
        weightGrams: 700,
        customs: {
          category: "sale",
          articles: [PERFUME, CREAM],
          currency: "EUR",
          totalValueCents: 2 * 6450 + 1890,
          shippingCents: 1590,
          invoiceNumber: "FA-2025-0042",
        },
      }),
    );
    expect(result.trackingNumber).toMatch(/^CP\d{9}FR$/);
    expect(startsWithPdf(result.pdf)).toBe(true);
    expect(startsWithPdf(result.customsPdf)).toBe(true);

    const sent = server.state.lastRequest("sls")!;
    expect(sent.body.letter.service).toMatchObject({ productCode: "COLI", totalAmount: 1590, transportationAmount: 1590 });
    expect(sent.body.letter.customsDeclarations).toEqual({
      includeCustomsDeclarations: true,
      invoiceNumber: "FA-2025-0042",
      contents: {
        article: [
          {
            description: "Eau de parfum 50 ml",
            quantity: 2,
            weight: 0.18,
            value: 64.5,
            hsCode: "330300",
            originCountry: "FR",
            currency: "EUR",
          },
          {
            description: "Crème pour les mains 75 ml",
            quantity: 1,
            weight: 0.1,
            value: 18.9,
            hsCode: "330499",
            originCountry: "FR",
            currency: "EUR",
          },
        ],
        category: { value: 3 },
      },
    });
    expect(sent.body.letter.addressee.address).toMatchObject({ countryCode: "CH", zipCode: "1204", mobileNumber: "+41791234567" });
  });

  it("declares a gift on a CN23 for Réunion", async () => {
    expect(needsCustoms("RE", "97400")).toBe(true);
    const result = await colissimo.createLabel(
      label({
        productCode: "COM",
        recipient: REUNION,
        weightGrams: 400,
        customs: { category: "gift", articles: [PERFUME], currency: "EUR", totalValueCents: 2 * 6450, shippingCents: 2490 },
      }),
    );
    expect(result.trackingNumber).toMatch(/^8Q\d{11}$/);
    expect(startsWithPdf(result.customsPdf ?? result.pdf)).toBe(true);
    expect(startsWithPdf(result.customsPdf)).toBe(true);
    const sent = server.state.lastRequest("sls")!;
    expect(sent.body.letter.customsDeclarations.contents.category).toEqual({ value: 1 });
    expect(sent.body.letter.customsDeclarations.contents.article).toHaveLength(1);
    expect(sent.body.letter.addressee.address).toMatchObject({ countryCode: "RE", zipCode: "97400", mobileNumber: "0692123456" });
  });

  it("passes on the carrier's refusal of a sale whose article has no customs code", async () => {
    const error = await failure(
      colissimo.createLabel(
        label({
          productCode: "COLI",
          recipient: GENEVA,
          customs: {
            category: "sale",
            articles: [{ ...PERFUME, hsCode: "" }],
            currency: "EUR",
            totalValueCents: 2 * 6450,
            shippingCents: 1590,
          },
        }),
      ),
    );
    expect(error.reason).toBe("invalid_request");
    expect(error.carrierCode).toBe("30519");
    expect(error.message).toBe(
      "Colissimo a refusé l'étiquette : Le code SH (hsCode) de l'article est obligatoire pour un envoi commercial",
    );
  });

  it("passes on the carrier's refusal of a parcel to Switzerland without a CN23", async () => {
    const error = await failure(colissimo.createLabel(label({ productCode: "COLI", recipient: GENEVA })));
    expect(error.reason).toBe("invalid_request");
    expect(error.carrierCode).toBe("30500");
    expect(error.message).toBe(
      "Colissimo a refusé l'étiquette : La déclaration douanière (CN23) est obligatoire pour cette destination : renseignez les articles du colis",
    );
  });

  it("passes on a refused weight in French", async () => {
    const heavy = await failure(colissimo.createLabel(label({ weightGrams: 31_000 })));
    expect(heavy.reason).toBe("invalid_request");
    expect(heavy.carrierCode).toBe("30109");
    expect(heavy.message).toBe("Colissimo a refusé l'étiquette : Le poids du colis dépasse le poids maximum autorisé (30 kg)");

    const relay = await failure(colissimo.createLabel(label({ productCode: "A2P", pointId: "004567", weightGrams: 22_000 })));
    expect(relay.reason).toBe("invalid_request");
    expect(relay.message).toContain("poids maximum accepté par le point de retrait (20 kg)");

    // A parcel never weighed goes as 0 kg, for the carrier to refuse, never as its 0.01 kg minimum.
    const empty = await failure(colissimo.createLabel(label({ weightGrams: 0 })));
    expect(server.state.lastRequest("sls")!.body.letter.parcel.weight).toBe(0);
    expect(empty.reason).toBe("invalid_request");
    expect(empty.carrierCode).toBe("30108");
    expect(empty.message).toBe("Colissimo a refusé l'étiquette : Le poids du colis n'est pas renseigné ou est nul");
    // A few grams still weigh the service's minimum.
    await colissimo.createLabel(label({ weightGrams: 3 }));
    expect(server.state.lastRequest("sls")!.body.letter.parcel.weight).toBe(0.01);
  });

  it("prints a return label (CORE) from the shopper to the shop", async () => {
    const result = await colissimo.createReturnLabel({
      reference: "RET-2025-0007",
      weightGrams: 900,
      format: "10x15",
      sender: SHOPPER,
      recipient: { ...SHOP, line1: "Service retours, 4 rue des Entrepôts", postalCode: "93200", city: "Saint-Denis" },
      depositDate: parisToday(),
    });
    expect(result.trackingNumber).toMatch(/^8R\d{11}$/);
    expect(startsWithPdf(result.pdf)).toBe(true);
    const sent = server.state.lastRequest("sls")!;
    expect(sent.body.letter.service).toMatchObject({ productCode: "CORE", orderNumber: "RET-2025-0007" });
    expect(sent.body.letter.parcel).toEqual({ weight: 0.9 });
    expect(sent.body.letter.sender.address).toMatchObject({ lastName: "Martin", zipCode: "75011" });
    expect(sent.body.letter.addressee.address).toMatchObject({ companyName: "Aurore Parfums", zipCode: "93200" });
  });

  it("refuses, without calling the carrier, a return that would need a customs declaration", async () => {
    const error = await failure(
      colissimo.createReturnLabel({
        reference: "RET-1",
        weightGrams: 500,
        format: "A4",
        sender: GENEVA,
        recipient: SHOP,
        depositDate: parisToday(),
      }),
    );
    expect(error.reason).toBe("invalid_request");
    expect(error.message).toContain("CN23");
    expect(server.state.requests).toHaveLength(0);
  });
});

describe("Colissimo: tracking", () => {
  it("maps a parcel's events up to delivery, oldest first, with the estimated date", async () => {
    const { trackingNumber } = await colissimo.createLabel(label());
    server.state.pushEvent(trackingNumber, { code: "PC1", date: inHours(2) });
    server.state.pushEvent(trackingNumber, { code: "ET1", date: inHours(8) });
    server.state.pushEvent(trackingNumber, { code: "MD2", date: inHours(20) });
    // 23:30 UTC is already the next day in Paris: the estimate is a Paris day.
    server.state.setEstimDate(trackingNumber, "2030-06-13T23:30:00Z");

    const before = await colissimo.track(trackingNumber);
    expect(before?.estimatedDeliveryDate).toBe("2030-06-14");
    expect(before?.events.map((e) => e.kind)).toEqual(["label_created", "in_transit", "in_transit", "out_for_delivery"]);

    server.state.pushEvent(trackingNumber, { code: "DI1", date: inHours(26) });
    const tracking = await colissimo.track(trackingNumber);
    expect(tracking).not.toBeNull();
    expect(tracking!.trackingNumber).toBe(trackingNumber);
    expect(tracking!.events.map((e) => [e.code, e.kind])).toEqual([
      ["DR1", "label_created"],
      ["PC1", "in_transit"],
      ["ET1", "in_transit"],
      ["MD2", "out_for_delivery"],
      ["DI1", "delivered"],
    ]);
    expect(tracking!.events[4]).toMatchObject({ label: "Votre colis est livré.", location: null });
    expect(tracking!.events[4].occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const times = tracking!.events.map((e) => Date.parse(e.occurredAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const sent = server.state.lastRequest("tracking")!;
    expect(sent.method).toBe("GET");
    expect(sent.path).toBe(`/suivi/v2/idships/${trackingNumber}?lang=fr_FR`);
    expect(sent.headers["x-okapi-key"]).toBe("okapi-test");
  });

  it("maps a relay parcel that waits at its point and goes back to the sender", async () => {
    const { trackingNumber } = await colissimo.createLabel(label({ productCode: "A2P", pointId: "004567" }));
    server.state.pushEvent(trackingNumber, { code: "PC1", date: inHours(1) });
    server.state.pushEvent(trackingNumber, { code: "AG1", date: inHours(30) });
    server.state.pushEvent(trackingNumber, { code: "RE1", date: inHours(400) });
    server.state.pushEvent(trackingNumber, { code: "DI2", date: inHours(450) });
    const tracking = await colissimo.track(trackingNumber);
    expect(tracking!.events.map((e) => e.kind)).toEqual([
      "label_created",
      "in_transit",
      "available_for_pickup",
      "returned_to_sender",
      "returned_to_sender",
    ]);
    expect(tracking!.estimatedDeliveryDate).toBeNull();
  });

  it("returns null for a number La Poste does not know", async () => {
    expect(await colissimo.track("6A00000000000")).toBeNull();
    const malformed = await failure(colissimo.track("abc"));
    expect(malformed.reason).toBe("invalid_request");
    expect(malformed.message).toContain("La Poste a refusé la demande de suivi du colis abc");
  });
});

describe("Colissimo: failures", () => {
  it("reports bad credentials for each service, without repeating them", async () => {
    const wrong = carrier({ password: "wrong-pass-123", trackingApiKey: "wrong-okapi-456" });
    const errors = [
      await failure(wrong.searchPoints({ postalCode: "75011", countryCode: "FR", shippingDate: "2030-06-14", limit: 5 })),
      await failure(wrong.getPoint("004567", "FR")),
      await failure(wrong.createLabel(label())),
      await failure(
        wrong.createReturnLabel({
          reference: "RET-2",
          weightGrams: 500,
          format: "A4",
          sender: SHOPPER,
          recipient: SHOP,
          depositDate: parisToday(),
        }),
      ),
      await failure(wrong.track("6A00000000000")),
    ];
    expect(errors.map((e) => e.reason)).toEqual([
      "bad_credentials",
      "bad_credentials",
      "bad_credentials",
      "bad_credentials",
      "bad_credentials",
    ]);
    expect(errors.map((e) => e.carrierCode)).toEqual(["201", "201", "30000", "30000", "HTTP 401"]);
    expect(errors[2].message).toBe("Colissimo a refusé les identifiants : numéro de contrat ou mot de passe incorrect.");
    expect(errors[4].message).toBe("La Poste a refusé la clé d'API du suivi des colis (X-Okapi-Key).");
    for (const error of errors) {
      expect(error.carrier).toBe("colissimo");
      expect(error.message).not.toContain("wrong-pass-123");
      expect(error.message).not.toContain("wrong-okapi-456");
    }
  });

  it("reports an unknown postal code", async () => {
    const search = await failure(
      colissimo.searchPoints({ postalCode: "99999", city: "Nulle Part", countryCode: "FR", shippingDate: "2030-06-14", limit: 5 }),
    );
    expect(search.reason).toBe("unknown_postal_code");
    expect(search.carrierCode).toBe("125");
    expect(search.message).toBe("Colissimo ne reconnaît pas le code postal « 99999 » : Code postal incorrect");

    const labelError = await failure(colissimo.createLabel(label({ recipient: { ...SHOPPER, postalCode: "99999" } })));
    expect(labelError.reason).toBe("unknown_postal_code");
    expect(labelError.message).toBe("Colissimo ne reconnaît pas le code postal : Le code postal du destinataire n'est pas valide");
  });

  it("reports the service as unavailable when it answers 503", async () => {
    const { trackingNumber } = await colissimo.createLabel(label());
    server.state.down = true;
    const errors = [
      await failure(colissimo.searchPoints({ postalCode: "75011", countryCode: "FR", shippingDate: "2030-06-14", limit: 5 })),
      await failure(colissimo.getPoint("004567", "FR")),
      await failure(colissimo.createLabel(label())),
      await failure(colissimo.track(trackingNumber)),
    ];
    for (const error of errors) {
      expect(error.reason).toBe("unavailable");
      expect(error.message).toBe("Le service Colissimo est momentanément indisponible.");
    }
  });

  it("gives up after its deadline and reports the service as unavailable", async () => {
    server.state.delayMs = 2000;
    const hasty = carrier({ timeoutMs: 250 });
    const started = Date.now();
    const error = await failure(hasty.createLabel(label()));
    expect(error.reason).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(1500);
    const search = await failure(hasty.searchPoints({ postalCode: "75011", countryCode: "FR", shippingDate: "2030-06-14", limit: 5 }));
    expect(search.reason).toBe("unavailable");
  });

  it("reports an answer it cannot read, or no answer at all, as unavailable", async () => {
    const odd = createServer((req, res) => {
      req.resume();
      if (req.url?.includes("generateLabel")) {
        // A multipart answer cut short: the closing delimiter never comes.
        res.writeHead(200, { "content-type": 'multipart/related; type="application/json"; boundary="uuid:cut"' });
        res.end('--uuid:cut\r\nContent-Type: application/json\r\nContent-ID: <jsonInfos>\r\n\r\n{"messages":[{"id":"0","type":"INFOS"}]');
      } else {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>maintenance</html>");
      }
    });
    await new Promise<void>((resolve) => odd.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
    try {
      const broken = carrier({ slsUrl: base, pointsUrl: base, trackingUrl: base });
      expect((await failure(broken.createLabel(label()))).reason).toBe("unavailable");
      expect(
        (await failure(broken.searchPoints({ postalCode: "75011", countryCode: "FR", shippingDate: "2030-06-14", limit: 5 }))).reason,
      ).toBe("unavailable");
      expect((await failure(broken.track("6A12345678901"))).reason).toBe("unavailable");
    } finally {
      odd.closeAllConnections();
      await new Promise<void>((resolve) => odd.close(() => resolve()));
    }
    // Nobody listens on a port just closed: a refused connection is the same outage.
    const gone = carrier({ slsUrl: base, pointsUrl: base, trackingUrl: base });
    expect((await failure(gone.createLabel(label()))).message).toBe("Le service Colissimo est momentanément indisponible.");
  });
});

describe("Colissimo: multipart answers", () => {
  it("keeps a binary part's bytes intact and reads a quoted boundary", () => {
    const binary = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x2d, 0x2d, 0x80, 0xc3, 0x28]);
    const body = Buffer.concat([
      Buffer.from('--uuid:b1\r\nContent-Type: application/json;charset=UTF-8\r\nContent-ID: <jsonInfos>\r\n\r\n{"ok":"é"}\r\n', "utf8"),
      Buffer.from("--uuid:b1\r\nContent-Type: application/octet-stream\r\nContent-ID: <label>\r\n\r\n", "latin1"),
      binary,
      Buffer.from("\r\n--uuid:b1--\r\n", "latin1"),
    ]);
    const parts = parseMultipart(body, "uuid:b1");
    expect(parts.map((p) => p.contentId)).toEqual(["jsonInfos", "label"]);
    expect(Buffer.from(parts[0].body).toString("utf8")).toBe('{"ok":"é"}');
    expect(Buffer.from(parts[1].body).equals(binary)).toBe(true);
  });
});
