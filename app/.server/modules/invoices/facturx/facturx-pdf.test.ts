/**
 * The rendered invoice is a Factur-X PDF/A-3b: the XML attached as factur-x.xml (the very bytes
 * the XML builder gives), the XMP naming PDF/A-3B and Factur-X EN 16931, an sRGB output intent and
 * only embedded fonts. Read back with pdf-lib, an independent parser.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFStream, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { renderDocumentPdf } from "../invoice-pdf";
import { buildFacturXml, FACTURX_FILE_NAME } from "./cii-xml";
import { drawableText } from "./facturx-pdf";
import { creditNoteOf, giftCard, invoiceSnapshot, product, shipping } from "./facturx-fixtures";
import { fatalSchematronMessages, xsdErrors } from "../../../../../tests/support/en16931/validate";

const bytesOf = (stream: PDFStream) => (stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents());
const textOf = (value: unknown) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : String(value));

/** The document's embedded files by name: their file spec and decoded bytes. */
function attachments(pdf: PDFDocument): Map<string, { spec: PDFDict; bytes: Uint8Array }> {
  const found = new Map<string, { spec: PDFDict; bytes: Uint8Array }>();
  const names = pdf.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  const list = tree?.lookupMaybe(PDFName.of("Names"), PDFArray);
  for (let i = 0; list && i < list.size(); i += 2) {
    const spec = list.lookup(i + 1, PDFDict);
    const file = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"), PDFStream);
    found.set(textOf(list.lookup(i)), { spec, bytes: bytesOf(file) });
  }
  return found;
}

async function render(snapshot: Parameters<typeof renderDocumentPdf>[0]) {
  const bytes = await renderDocumentPdf(snapshot);
  return { bytes, pdf: await PDFDocument.load(bytes, { updateMetadata: false }) };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("Factur-X PDF/A-3b", () => {
  const domestic = invoiceSnapshot({ lines: [product("Eau de parfum Aube 50 ml", 8_900), product("Savon Iris", 1_250, 3), shipping(590)] });

  it("attaches the document's XML as factur-x.xml, an associated file of MIME text/xml", async () => {
    const { pdf } = await render(domestic);
    const files = attachments(pdf);
    expect([...files.keys()]).toEqual([FACTURX_FILE_NAME]);
    const { spec, bytes } = files.get(FACTURX_FILE_NAME)!;
    const xml = buildFacturXml(domestic);
    expect(Buffer.from(bytes).equals(Buffer.from(xml, "utf8"))).toBe(true);
    expect(spec.get(PDFName.of("AFRelationship"))).toBe(PDFName.of("Alternative"));
    expect(textOf(spec.lookup(PDFName.of("UF")))).toBe(FACTURX_FILE_NAME);
    const embedded = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"), PDFStream);
    expect(embedded.dict.get(PDFName.of("Subtype"))).toBe(PDFName.of("text/xml"));
    expect(embedded.dict.lookup(PDFName.of("Params"), PDFDict).get(PDFName.of("ModDate"))).toBeDefined();
    const af = pdf.catalog.lookup(PDFName.of("AF"), PDFArray);
    expect(af.size()).toBe(1);
    expect(af.lookup(0, PDFDict)).toBe(spec);
    // What is attached is valid on its own.
    expect(xsdErrors(xml)).toEqual([]);
    expect(fatalSchematronMessages(xml)).toEqual([]);
  });

  it("declares PDF/A-3B and Factur-X EN 16931 in its XMP, with an sRGB output intent", async () => {
    const { pdf } = await render(domestic);
    const xmp = Buffer.from(bytesOf(pdf.catalog.lookup(PDFName.of("Metadata"), PDFStream))).toString("utf8");
    expect(xmp).toContain("<pdfaid:part>3</pdfaid:part>");
    expect(xmp).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    expect(xmp).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
    expect(xmp).toContain("<fx:DocumentType>INVOICE</fx:DocumentType>");
    expect(xmp).toContain("<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>");
    expect(xmp).toContain("<fx:Version>1.0</fx:Version>");
    expect(xmp).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(xmp).toContain("<pdfaSchema:prefix>fx</pdfaSchema:prefix>");
    const intent = pdf.catalog.lookup(PDFName.of("OutputIntents"), PDFArray).lookup(0, PDFDict);
    expect(intent.get(PDFName.of("S"))).toBe(PDFName.of("GTS_PDFA1"));
    const profile = bytesOf(intent.lookup(PDFName.of("DestOutputProfile"), PDFStream));
    // An ICC profile says "acsp" at byte 36 and its colour space at byte 16.
    expect(Buffer.from(profile.subarray(36, 40)).toString("latin1")).toBe("acsp");
    expect(Buffer.from(profile.subarray(16, 20)).toString("latin1")).toBe("RGB ");
  });

  it("uses embedded fonts only, none of the standard 14", async () => {
    const { pdf } = await render(domestic);
    const fonts: PDFDict[] = [];
    const descriptors: PDFDict[] = [];
    for (const [, object] of pdf.context.enumerateIndirectObjects()) {
      const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
      if (dict?.get(PDFName.of("Type")) === PDFName.of("Font")) fonts.push(dict);
      if (dict?.get(PDFName.of("Type")) === PDFName.of("FontDescriptor")) descriptors.push(dict);
    }
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => f.get(PDFName.of("Subtype")) === PDFName.of("Type1"))).toEqual([]);
    expect(descriptors.length).toBeGreaterThanOrEqual(2);
    for (const d of descriptors) expect(d.has(PDFName.of("FontFile2")) || d.has(PDFName.of("FontFile3"))).toBe(true);
  });

  it("still prints the invoice, and one snapshot always gives the same bytes", async () => {
    const first = await renderDocumentPdf(domestic);
    const second = await renderDocumentPdf(domestic);
    expect(Buffer.compare(first, second)).toBe(0);
    const text = await pdfText(first);
    expect(text).toContain("Facture FA-2026-000042");
    expect(text).toContain("Total TTC 132,40 €");
    expect(text).toContain("Eau de parfum Aube 50 ml");
  });

  it("prints a name the font cannot draw as the nearest letters it has", async () => {
    const text = await pdfText(await renderDocumentPdf({ ...domestic, buyer: { ...domestic.buyer, name: "Łukasz Nowak" } }));
    expect(text).toContain("Client Lukasz Nowak");
  });

  it("says on paper what the XML leaves out: gift cards sold with goods", async () => {
    const snapshot = invoiceSnapshot({ lines: [product("Crème Rose", 4_500), giftCard(5_000), shipping(590)] });
    const { bytes, pdf } = await render(snapshot);
    const text = await pdfText(bytes);
    expect(text).toContain("Total TTC 100,90 €");
    expect(text).toContain("dont cartes cadeaux (art. 256 ter) 50,00 €");
    expect(text).toContain("Total facturé hors cartes cadeaux 50,90 €");
    const xml = Buffer.from(attachments(pdf).get(FACTURX_FILE_NAME)!.bytes).toString("utf8");
    expect(xml).toContain("<ram:GrandTotalAmount>50.90</ram:GrandTotalAmount>");
  });

  it("attaches a credit note's XML (381) to the credit note", async () => {
    const credit = creditNoteOf(domestic);
    const { pdf } = await render(credit);
    const xml = Buffer.from(attachments(pdf).get(FACTURX_FILE_NAME)!.bytes).toString("utf8");
    expect(xml).toBe(buildFacturXml(credit));
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
  });

  it("draws only characters the embedded font has", () => {
    const latin1 = (cp: number) => cp < 0x100;
    expect(drawableText("Łukasz Őrs — ok ☃", latin1)).toBe("Lukasz Ors ? ok ?");
    expect(drawableText("Crème 50 €", () => true)).toBe("Crème 50 €");
  });
});
