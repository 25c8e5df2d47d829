import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CarrierError, type CarrierAddress, type LabelRequest, type ReturnLabelRequest } from "~/domain/delivery/carrier";
import { startMondialRelayServer, type MondialRelayServer } from "../../../../../../tests/support/carriers/mondial-relay-server";
import { addressText, cityText, phoneText, weightText } from "./format";
import {
  createMondialRelayCarrier,
  labelUrl,
  MONDIAL_RELAY_PRODUCTS,
  parisIso,
  stepKind,
  type MondialRelayConfig,
} from "./mondial-relay-carrier";
import { LABEL_PARAMS, securityKey, signedParams } from "./security";
import { parseXml, soapEnvelope, XmlError } from "./soap";

let server: MondialRelayServer;

beforeAll(async () => {
  server = await startMondialRelayServer();
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  server.state.down = false;
  server.state.delayMs = 0;
});

function carrier(overrides: Partial<MondialRelayConfig> = {}) {
  return createMondialRelayCarrier({
    enseigne: "BDTEST13",
    privateKey: "PrivateK",
    url: server.soapUrl,
    labelBaseUrl: server.labelBaseUrl,
    timeoutMs: 2000,
    ...overrides,
  });
}

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());

const shop: CarrierAddress = {
  firstName: "Camille",
  lastName: "Durand",
  company: "Aurore Parfums",
  line1: "8 rue de la Paix",
  postalCode: "69002",
  city: "Lyon",
  countryCode: "FR",
  phone: "04 78 00 00 00",
  email: "expedition@aurore.example",
};

const shopper: CarrierAddress = {
  firstName: "Élodie",
  lastName: "Lefèvre",
  line1: "12, rue de l’Église",
  line2: "Bât. B – 3ᵉ étage",
  postalCode: "75011",
  city: "Paris",
  countryCode: "FR",
  phone: "+33 (0)6 12 34 56 78",
  email: "elodie.lefevre@example.fr",
};

function labelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    reference: "CMD-2026-0042",
    productCode: "24R",
    weightGrams: 850,
    format: "10x15",
    sender: shop,
    recipient: shopper,
    pointId: "066974",
    depositDate: today,
    ...overrides,
  };
}

function returnRequest(overrides: Partial<ReturnLabelRequest> = {}): ReturnLabelRequest {
  return { reference: "RET-0042", weightGrams: 600, format: "A4", sender: shopper, recipient: shop, depositDate: today, ...overrides };
}

async function carrierError(promise: Promise<unknown>): Promise<CarrierError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
}

const asText = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

describe("the security key", () => {
  it("is the upper-case MD5 of the values in order followed by the private key", () => {
    // MD5("BDTEST13FR57000PrivateK"), the worked example of a WSI3/WSI4 search on the test brand
    // published with an open-source client (computed independently: 0a50c815…).
    expect(securityKey(["BDTEST13", "FR", "57000"], "PrivateK")).toBe("0A50C81549F3680E98BAFC046C92B044");
    expect(securityKey(["BDTEST13", "57000", "FR"], "PrivateK")).not.toBe("0A50C81549F3680E98BAFC046C92B044");
  });

  it("signs every label parameter in the documented order, Security last", () => {
    const params = Object.fromEntries(LABEL_PARAMS.map((name, i) => [name, i === 0 ? "BDTEST13" : ""])) as Record<
      (typeof LABEL_PARAMS)[number],
      string
    >;
    params.ModeCol = "CCC";
    const signed = signedParams(LABEL_PARAMS, params, "PrivateK");
    expect(signed.map(([name]) => name)).toEqual([...LABEL_PARAMS, "Security"]);
    expect(signed.at(-1)?.[1]).toBe(securityKey(["BDTEST13", "CCC"], "PrivateK"));
  });

  it("is accepted by the service, which checks it and names the SOAP action", async () => {
    await carrier().searchPoints({ postalCode: "69002", countryCode: "FR", shippingDate: today, limit: 5 });
    const call = server.state.soapCalls("WSI4_PointRelais_Recherche").at(-1)!;
    expect(call.stat).toBe("0");
    expect(call.soapAction).toBe('"http://www.mondialrelay.fr/webservice/WSI4_PointRelais_Recherche"');
    expect(call.order.at(-1)).toBe("Security");
    expect(call.params.Security).toMatch(/^[0-9A-F]{32}$/);
  });

  it("signed with another key is refused as bad credentials, without the key in the message", async () => {
    const error = await carrierError(
      carrier({ privateKey: "NotTheKey" }).searchPoints({ postalCode: "75011", countryCode: "FR", shippingDate: today, limit: 5 }),
    );
    expect(error.reason).toBe("bad_credentials");
    expect(error.carrierCode).toBe("97");
    expect(error.message).toContain("Clé de sécurité invalide");
    expect(error.message).not.toContain("NotTheKey");
    expect(server.state.soapCalls().at(-1)?.stat).toBe("97");
  });

  it("of an unknown enseigne is refused as bad credentials", async () => {
    const error = await carrierError(carrier({ enseigne: "BDTEST99" }).track("31232000"));
    expect(error.reason).toBe("bad_credentials");
    expect(error.carrierCode).toBe("2");
    expect(error.message).toMatch(/^Mondial Relay refuse les identifiants de la boutique \(enseigne « BDTEST99 »\)/);
  });
});

describe("relay points", () => {
  it("lists the points near a postal code, nearest first, with French hours and km", async () => {
    const points = await carrier().searchPoints({ postalCode: "75011", countryCode: "FR", shippingDate: today, limit: 10 });
    expect(points.map((p) => p.carrierPointId)).toEqual(["020523", "066974", "075310", "031442"]);
    expect(points.map((p) => p.distanceKm)).toEqual([0.2, 0.4, 0.8, 1]);
    const roquette = points[1];
    expect(roquette).toMatchObject({
      carrier: "mondialrelay",
      name: "TABAC DE LA ROQUETTE",
      street: "112 RUE DE LA ROQUETTE",
      postalCode: "75011",
      city: "PARIS",
      countryCode: "FR",
      productCode: "24R",
    });
    expect(roquette.openingHours).toBe(
      "Lun. 09h00-12h00, 14h00-19h00 ; Mar. 09h00-12h00, 14h00-19h00 ; Mer. 09h00-12h00, 14h00-19h00 ; " +
        "Jeu. 09h00-12h00, 14h00-19h00 ; Ven. 09h00-12h00, 14h00-19h00 ; Sam. 09h00-13h00",
    );
    // Closed on Monday and Sunday; the second name and address lines joined, the padding gone.
    const librairie = points[2];
    expect(librairie.name).toBe("LIBRAIRIE OBERKAMPF ESPACE PRESSE");
    expect(librairie.street).toBe("95 RUE OBERKAMPF ANGLE RUE SAINT-MAUR");
    expect(librairie.openingHours).toMatch(/^Mar\. 09h00-12h00, 14h00-19h00 ;/);
    expect(librairie.openingHours).not.toContain("Dim.");
    expect(points[0].openingHours).toContain("Dim. 07h00-21h00");

    const call = server.state.soapCalls("WSI4_PointRelais_Recherche").at(-1)!;
    expect(call.params).toMatchObject({
      Enseigne: "BDTEST13",
      Pays: "FR",
      CP: "75011",
      Action: "24R",
      DelaiEnvoi: "0",
      NombreResultats: "10",
    });
  });

  it("asks for no more points than the limit and only those taking the parcel's weight", async () => {
    const two = await carrier().searchPoints({ postalCode: "75011", countryCode: "FR", shippingDate: today, limit: 2 });
    expect(two.map((p) => p.carrierPointId)).toEqual(["020523", "066974"]);
    expect(server.state.soapCalls("WSI4_PointRelais_Recherche").at(-1)!.params.NombreResultats).toBe("2");

    const heavy = await carrier().searchPoints({
      postalCode: "75011",
      countryCode: "FR",
      weightGrams: 20_000,
      shippingDate: today,
      limit: 10,
    });
    expect(heavy.map((p) => p.carrierPointId)).toEqual(["020523", "066974", "075310"]);
    expect(server.state.soapCalls("WSI4_PointRelais_Recherche").at(-1)!.params.Poids).toBe("20000");
  });

  it("passes the days until the parcel leaves", async () => {
    const inThreeDays = new Date(Date.parse(today) + 3 * 86_400_000).toISOString().slice(0, 10);
    await carrier().searchPoints({ postalCode: "20000", countryCode: "FR", shippingDate: inThreeDays, limit: 5 });
    expect(server.state.soapCalls("WSI4_PointRelais_Recherche").at(-1)!.params.DelaiEnvoi).toBe("3");
  });

  it("is empty where Mondial Relay has no point, or does not deliver", async () => {
    expect(await carrier().searchPoints({ postalCode: "05110", countryCode: "FR", shippingDate: today, limit: 5 })).toEqual([]);
    expect(await carrier().searchPoints({ postalCode: "SW1A 1AA", countryCode: "GB", shippingDate: today, limit: 5 })).toEqual([]);
  });

  it("reports a postal code Mondial Relay does not know", async () => {
    const unknown = await carrierError(carrier().searchPoints({ postalCode: "99999", countryCode: "FR", shippingDate: today, limit: 5 }));
    expect(unknown.reason).toBe("unknown_postal_code");
    expect(unknown.carrierCode).toBe("9");
    expect(unknown.message).toBe("Mondial Relay a refusé la recherche de points relais : Ville non reconnue ou non unique.");

    const malformed = await carrierError(carrier().searchPoints({ postalCode: "7501", countryCode: "FR", shippingDate: today, limit: 5 }));
    expect(malformed.reason).toBe("unknown_postal_code");
    expect(malformed.carrierCode).toBe("36");
    expect(malformed.message).toContain("Code postal invalide");
  });

  it("finds one point by its number, in either of its spellings", async () => {
    const point = await carrier().getPoint("066974", "FR");
    expect(point).toMatchObject({ carrierPointId: "066974", name: "TABAC DE LA ROQUETTE", city: "PARIS", distanceKm: null });
    expect(server.state.soapCalls("WSI4_PointRelais_Recherche").at(-1)!.params).toMatchObject({
      NumPointRelais: "066974",
      Pays: "FR",
      CP: "",
    });
    expect((await carrier().getPoint("FR-66974", "FR"))?.carrierPointId).toBe("066974");
  });

  it("answers null for a point it does not know", async () => {
    expect(await carrier().getPoint("999999", "FR")).toBeNull();
    expect(await carrier().getPoint("066974", "BE")).toBeNull();
    // A malformed number: the service answers STAT 70 "Numéro de Point Relais invalide".
    expect(await carrier().getPoint("12AB", "FR")).toBeNull();
    expect(server.state.soapCalls().at(-1)?.stat).toBe("70");
  });
});

describe("labels", () => {
  it("books a parcel to a relay point and downloads its label in 10x15", async () => {
    const label = await carrier().createLabel(labelRequest());
    expect(label.trackingNumber).toMatch(/^\d{8}$/);
    expect(label.format).toBe("10x15");
    expect(asText(label.pdf.subarray(0, 5))).toBe("%PDF-");

    const booked = server.state.expeditions.get(label.trackingNumber)!;
    expect(booked.params).toMatchObject({
      ModeCol: "CCC",
      ModeLiv: "24R",
      NDossier: "CMD-2026-0042",
      LIV_Rel_Pays: "FR",
      LIV_Rel: "066974",
      Poids: "850",
      NbColis: "1",
      Expe_Ad1: "AURORE PARFUMS",
      Expe_Ad2: "CAMILLE DURAND",
      Expe_Ad3: "8 RUE DE LA PAIX",
      Expe_Ville: "LYON",
      Expe_Tel1: "0478000000",
      // Capitals without accents, apostrophes straightened, cut at 32: as the service demands.
      Dest_Ad1: "ELODIE LEFEVRE",
      Dest_Ad3: "12, RUE DE L'EGLISE",
      Dest_Ad4: "BAT. B - 3E ETAGE",
      Dest_Ville: "PARIS",
      Dest_Tel1: "+33612345678",
      Dest_Mail: "elodie.lefevre@example.fr",
    });
    const download = server.state.requests.filter((r) => r.kind === "label").at(-1)!;
    expect(download).toMatchObject({ kind: "label", expedition: label.trackingNumber, format: "10x15", status: 200 });
    if (download.kind === "label")
      expect(download.url).toMatch(
        /^\/ww2\/PDF\/StickerMaker2\.aspx\?ens=BDTEST1311&expedition=\d{8}&lg=FR&format=10x15&crc=[0-9A-F]{32}$/,
      );
  });

  it("downloads the A4 label when asked, and books a parcel to the door", async () => {
    const label = await carrier().createLabel(labelRequest({ productCode: "HOM", pointId: null, format: "A4", weightGrams: 2400 }));
    expect(asText(label.pdf.subarray(0, 4))).toBe("%PDF");
    expect(server.state.expeditions.get(label.trackingNumber)!.params).toMatchObject({
      ModeLiv: "HOM",
      LIV_Rel: "",
      LIV_Rel_Pays: "",
      Poids: "2400",
    });
    expect(server.state.requests.filter((r) => r.kind === "label").at(-1)).toMatchObject({ format: "A4", status: 200 });
  });

  it("escapes what the XML needs and cleans what Mondial Relay refuses", async () => {
    const label = await carrier().createLabel(
      labelRequest({ recipient: { ...shopper, firstName: "Seán", lastName: "O'Connor & Fils <SARL>", email: "sean+shop@example.ie" } }),
    );
    const params = server.state.expeditions.get(label.trackingNumber)!.params;
    expect(params.Dest_Ad1).toBe("SEAN O'CONNOR ET FILS SARL");
    // An address the documented format refuses is left out rather than sent.
    expect(params.Dest_Mail).toBe("");
  });

  it("books a return the shopper drops at any relay point, delivered to the shop", async () => {
    const label = await carrier().createReturnLabel(returnRequest({ sender: { ...shopper, phone: null } }));
    expect(label.trackingNumber).toMatch(/^\d{8}$/);
    expect(asText(label.pdf.subarray(0, 4))).toBe("%PDF");
    expect(server.state.expeditions.get(label.trackingNumber)!.params).toMatchObject({
      ModeCol: "REL",
      ModeLiv: "LCC",
      COL_Rel_Pays: "XX",
      COL_Rel: "AUTO",
      LIV_Rel: "",
      NDossier: "RET-0042",
      Expe_Ad1: "ELODIE LEFEVRE",
      Expe_CP: "75011",
      // The shopper gave no phone: the service requires one, the shop's is used.
      Expe_Tel1: "0478000000",
      Dest_Ad1: "AURORE PARFUMS",
      Dest_CP: "69002",
    });
    expect(server.state.requests.filter((r) => r.kind === "label").at(-1)).toMatchObject({ format: "A4", status: 200 });
  });

  it("passes on a refused weight with Mondial Relay's French wording, booking nothing", async () => {
    const before = server.state.expeditions.size;
    const tooHeavy = await carrierError(carrier().createLabel(labelRequest({ weightGrams: 31_000 })));
    expect(tooHeavy.reason).toBe("invalid_request");
    expect(tooHeavy.carrierCode).toBe("20");
    expect(tooHeavy.message).toBe("Mondial Relay a refusé l'étiquette : Poids du colis invalide.");

    // A small point takes 15 kg at most.
    const tooHeavyForPoint = await carrierError(carrier().createLabel(labelRequest({ pointId: "031442", weightGrams: 20_000 })));
    expect(tooHeavyForPoint.carrierCode).toBe("20");

    const returned = await carrierError(carrier().createReturnLabel(returnRequest({ weightGrams: 40_000 })));
    expect(returned.message).toBe("Mondial Relay a refusé l'étiquette de retour : Poids du colis invalide.");
    expect(server.state.expeditions.size).toBe(before);
  });

  it("passes on other refusals with their reason", async () => {
    const unknownPoint = await carrierError(carrier().createLabel(labelRequest({ pointId: "123456" })));
    expect(unknownPoint).toMatchObject({ reason: "invalid_request", carrierCode: "14" });
    expect(unknownPoint.message).toBe("Mondial Relay a refusé l'étiquette : Numéro de Point Relais de livraison invalide.");

    const badPostalCode = await carrierError(carrier().createLabel(labelRequest({ recipient: { ...shopper, postalCode: "750" } })));
    expect(badPostalCode).toMatchObject({ reason: "unknown_postal_code", carrierCode: "36" });

    const noPoint = await carrierError(carrier().createLabel(labelRequest({ pointId: null })));
    expect(noPoint.reason).toBe("invalid_request");
    expect(noPoint.message).toContain("Point Relais");

    const badKey = await carrierError(carrier({ privateKey: "Other" }).createLabel(labelRequest()));
    expect(badKey).toMatchObject({ reason: "bad_credentials", carrierCode: "97" });
  });

  it("refuses destinations that need customs, before calling Mondial Relay", async () => {
    const calls = server.state.requests.length;
    const reunion = await carrierError(
      carrier().createLabel(
        labelRequest({ productCode: "HOM", pointId: null, recipient: { ...shopper, postalCode: "97400", city: "Saint-Denis" } }),
      ),
    );
    expect(reunion.reason).toBe("invalid_request");
    expect(reunion.message).toContain("Mondial Relay ne prend pas en charge le dédouanement");
    expect(reunion.message).toContain("97400 Saint-Denis (FR)");

    const swiss = await carrierError(
      carrier().createLabel(labelRequest({ recipient: { ...shopper, countryCode: "CH", postalCode: "1201", city: "Genève" } })),
    );
    expect(swiss.reason).toBe("invalid_request");

    const fromGuadeloupe = await carrierError(
      carrier().createReturnLabel(
        returnRequest({ sender: { ...shopper, countryCode: "GP", postalCode: "97110", city: "Pointe-à-Pitre" } }),
      ),
    );
    expect(fromGuadeloupe.message).toContain("depuis 97110");
    expect(server.state.requests.length).toBe(calls);
  });

  it("knows each product's heaviest parcel", () => {
    const client = carrier();
    expect(client.code).toBe("mondialrelay");
    expect(client.label).toBe("Mondial Relay");
    expect(client.maxWeightGrams("24R")).toBe(30_000);
    expect(client.maxWeightGrams("HOM")).toBe(25_000);
    expect(client.maxWeightGrams("LCC")).toBe(30_000);
    expect(client.maxWeightGrams("A2P")).toBe(0);
    expect(MONDIAL_RELAY_PRODUCTS["24R"]).toBe("Mondial Relay Point Relais®");
    expect(MONDIAL_RELAY_PRODUCTS.HOM).toBe("Mondial Relay Domicile");
  });
});

describe("tracking", () => {
  it("follows a parcel from its booking to its delivery, oldest first", async () => {
    const client = carrier();
    const { trackingNumber } = await client.createLabel(labelRequest());
    expect(await client.track(trackingNumber)).toEqual({ trackingNumber, events: [], estimatedDeliveryDate: null });

    server.state.pushEvent(trackingNumber, {
      libelle: "PRISE EN CHARGE EN AGENCE",
      date: "21/07/26",
      heure: "06:42",
      emplacement: "LILLE",
      stat: "81",
    });
    server.state.pushEvent(trackingNumber, {
      libelle: "COLIS DISPONIBLE AU POINT RELAIS",
      date: "22/07/26",
      heure: "14:30",
      emplacement: "PARIS",
      relaisNum: "066974",
      relaisPays: "FR",
    });
    // Listed after the others: the shop sorts the steps by their date.
    server.state.pushEvent(trackingNumber, { libelle: "Colis enregistré", date: "20/07/26", heure: "10:15" });
    server.state.pushEvent(trackingNumber, {
      libelle: "COLIS LIVRE AU DESTINATAIRE",
      date: "23/07/26",
      heure: "10:05",
      emplacement: "PARIS",
      stat: "82",
    });

    const tracking = await client.track(trackingNumber);
    expect(tracking?.events).toEqual([
      { kind: "label_created", code: "80", label: "Colis enregistré", occurredAt: "2026-07-20T10:15:00+02:00", location: null },
      { kind: "in_transit", code: "81", label: "PRISE EN CHARGE EN AGENCE", occurredAt: "2026-07-21T06:42:00+02:00", location: "LILLE" },
      {
        kind: "available_for_pickup",
        code: "81",
        label: "COLIS DISPONIBLE AU POINT RELAIS",
        occurredAt: "2026-07-22T14:30:00+02:00",
        location: "PARIS",
      },
      { kind: "delivered", code: "82", label: "COLIS LIVRE AU DESTINATAIRE", occurredAt: "2026-07-23T10:05:00+02:00", location: "PARIS" },
    ]);
    const call = server.state.soapCalls("WSI2_TracingColisDetaille").at(-1)!;
    expect(call.order).toEqual(["Enseigne", "Expedition", "Langue", "Security"]);
    expect(call.stat).toBe("82");
  });

  it("lets the parcel's status name the latest step when its wording does not", async () => {
    const client = carrier();
    const { trackingNumber } = await client.createLabel(labelRequest());
    server.state.pushEvent(trackingNumber, { libelle: "ETAPE 4", date: "05/01/26", heure: "09:00", stat: "83" });
    const tracking = await client.track(trackingNumber);
    // January: winter time in Paris.
    expect(tracking?.events).toEqual([
      { kind: "exception", code: "83", label: "ETAPE 4", occurredAt: "2026-01-05T09:00:00+01:00", location: null },
    ]);
  });

  it("answers null for a parcel Mondial Relay does not know", async () => {
    expect(await carrier().track("99999999")).toBeNull();
    expect(server.state.soapCalls().at(-1)?.stat).toBe("94");
    expect(await carrier().track("12AB")).toBeNull();
    expect(server.state.soapCalls().at(-1)?.stat).toBe("24");
  });
});

describe("an unavailable service", () => {
  const unavailable = { reason: "unavailable", message: "Le service Mondial Relay est momentanément indisponible." };

  it("answering SOAP faults or HTTP errors", async () => {
    server.state.down = "fault";
    expect(
      await carrierError(carrier().searchPoints({ postalCode: "75011", countryCode: "FR", shippingDate: today, limit: 5 })),
    ).toMatchObject({
      ...unavailable,
      carrierCode: "soap_fault",
    });
    expect(await carrierError(carrier().track("31232000"))).toMatchObject(unavailable);
    server.state.down = "http";
    expect(await carrierError(carrier().createLabel(labelRequest()))).toMatchObject({ ...unavailable, carrierCode: "http_503" });
  });

  it("too slow to answer", async () => {
    server.state.delayMs = 400;
    const error = await carrierError(carrier({ timeoutMs: 100 }).getPoint("066974", "FR"));
    expect(error).toMatchObject({ ...unavailable, carrierCode: "timeout" });
  });

  it("out of reach", async () => {
    const closed = await startMondialRelayServer();
    await closed.close();
    const error = await carrierError(carrier({ url: closed.soapUrl }).track("31232000"));
    expect(error).toMatchObject({ ...unavailable, carrierCode: "network" });
  });

  it("answering something that is not its answer", async () => {
    // A web server that answers every request with a page, as a proxy's error page would.
    const page = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<html><body>Maintenance</body></html>");
    });
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
    const pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    try {
      const soap = await carrierError(carrier({ url: `${pageUrl}/Web_Services.asmx` }).track("31232000"));
      expect(soap).toMatchObject({ ...unavailable, carrierCode: "unparsable" });
      const before = server.state.expeditions.size;
      const pdf = await carrierError(carrier({ labelBaseUrl: pageUrl }).createLabel(labelRequest({ format: "A4" })));
      expect(pdf).toMatchObject({ ...unavailable, carrierCode: "label_not_pdf" });
      // The expedition is booked before its label is fetched; the web service has no call to cancel it.
      expect(server.state.expeditions.size).toBe(before + 1);
    } finally {
      page.closeAllConnections();
      await new Promise((resolve) => page.close(resolve));
    }
  });
});

describe("helpers", () => {
  it("write addresses, cities and phones as the service accepts them", () => {
    expect(addressText("  Œuvre d’Émile & Cie — 2ᵉ  ")).toBe("OEUVRE D'EMILE ET CIE - 2E");
    expect(addressText("x".repeat(40))).toHaveLength(32);
    expect(cityText("Saint-Étienne-du-Rouvray (Cedex), près de Rouen")).toBe("SAINT-ETIENNE-DU-ROUVRAY C");
    expect(phoneText("06 12 34 56 78")).toBe("0612345678");
    expect(phoneText("0033 6 12 34 56 78")).toBe("0033612345678");
    expect(phoneText("12")).toBe("");
    expect(weightText(80)).toBe("080");
  });

  it("build the label URL of either format", () => {
    const path = "/ww2/PDF/StickerMaker2.aspx?ens=BDTEST1311&expedition=31232416&lg=FR&format=A4&crc=503A1BB44D396961B061501AEC4F3E69";
    expect(labelUrl(path, "10x15", "https://www.mondialrelay.com")).toBe(
      "https://www.mondialrelay.com/ww2/PDF/StickerMaker2.aspx?ens=BDTEST1311&expedition=31232416&lg=FR&format=10x15&crc=503A1BB44D396961B061501AEC4F3E69",
    );
    expect(labelUrl(path, "A4", "https://www.mondialrelay.com")).toBe(`https://www.mondialrelay.com${path}`);
    expect(labelUrl("/ww2/PDF/StickerMaker2.aspx?expedition=1", "10x15", "https://www.mondialrelay.com")).toMatch(/&format=10x15$/);
  });

  it("read dates in French time and steps in French words", () => {
    expect(parisIso("29/03/26", "03:30")).toBe("2026-03-29T03:30:00+02:00");
    expect(parisIso("25/10/2026", "12:00")).toBe("2026-10-25T12:00:00+01:00");
    expect(parisIso("31/02/26", "10:00")).toBeNull();
    expect(parisIso("", "")).toBeNull();
    expect(stepKind("Colis en cours de livraison")).toBe("out_for_delivery");
    expect(stepKind("Colis livré")).toBe("delivered");
    expect(stepKind("Retour à l'expéditeur")).toBe("returned_to_sender");
    expect(stepKind("Colis en cours d'acheminement")).toBe("in_transit");
  });

  it("escape the envelope and read answers strictly", () => {
    const envelope = soapEnvelope("WSI2_TracingColisDetaille", [["Enseigne", `A&B<C>"D'`]]);
    expect(envelope).toContain("<Enseigne>A&amp;B&lt;C&gt;&quot;D&apos;</Enseigne>");
    const read = parseXml(envelope);
    expect(read.name).toBe("Envelope");
    expect(read.children[0].children[0].children[0]).toMatchObject({ name: "Enseigne", text: `A&B<C>"D'` });
    expect(parseXml("<a><b><![CDATA[x < y]]></b><!-- c --></a>").children[0].text).toBe("x < y");
    expect(() => parseXml('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toThrow(XmlError);
    expect(() => parseXml("<a><b></a></b>")).toThrow(XmlError);
    expect(() => parseXml("<a>&nbsp;</a>")).toThrow(XmlError);
    expect(() => parseXml("<a></a><b></b>")).toThrow(XmlError);
  });
});
