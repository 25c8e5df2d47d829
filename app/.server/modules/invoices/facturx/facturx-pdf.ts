/**
 * What turns the invoice PDF into a Factur-X one (docs/decisions/064-factur-x.md): pdfkit writes
 * PDF/A-3b itself (its `subset` option: the pdfaid XMP and an sRGB OutputIntent from the ICC
 * profile it ships), this adds the XML as an associated file and the Factur-X XMP extension schema
 * that names it, and says which embedded fonts the pages use, since PDF/A admits none other.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import { FACTURX_FILE_NAME } from "./cii-xml";

export const FACTURX_NAMESPACE = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#";
export const FACTURX_VERSION = "1.0";
export const FACTURX_CONFORMANCE_LEVEL = "EN 16931";

/** pdfkit's options for a PDF/A-3 (conformance B) document. */
export const PDFA_OPTIONS = { pdfVersion: "1.7", subset: "PDF/A-3b" } as const;

const FACTURX_PROPERTIES: [name: string, description: string][] = [
  ["DocumentFileName", "The name of the embedded XML document"],
  ["DocumentType", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER"],
  ["Version", "The actual version of the standard applying to the embedded XML document"],
  ["ConformanceLevel", "The conformance level of the embedded XML document"],
];

/** The XMP descriptions Factur-X asks for: its properties, and the PDF/A extension schema that declares them. */
export function facturXmp(): string {
  const properties = FACTURX_PROPERTIES.map(
    ([name, description]) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`,
  ).join("");
  return `
        <rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
            <fx:Version>${FACTURX_VERSION}</fx:Version>
            <fx:ConformanceLevel>${FACTURX_CONFORMANCE_LEVEL}</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${properties}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>`;
}

/**
 * Attaches the XML as `factur-x.xml`, AFRelationship Alternative (the PDF and the XML are two
 * forms of the same invoice, as Factur-X asks for the EN 16931 profile), MIME text/xml, dated
 * the document's issue, and writes the Factur-X XMP.
 */
export function attachFacturX(doc: PDFKit.PDFDocument, xml: string, issuedAt: Date): void {
  // pdfkit writes `relationship` as the file spec's AFRelationship; its typings do not know it yet.
  const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: "Alternative" } = {
    name: FACTURX_FILE_NAME,
    type: "text/xml",
    relationship: "Alternative",
    description: "Factur-X invoice (EN 16931)",
    creationDate: issuedAt,
    modifiedDate: issuedAt,
  };
  doc.file(Buffer.from(xml, "utf8"), options);
  doc.appendXML(facturXmp());
}

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/**
 * Arimo (SIL Open Font License 1.1, shipped by @fontsource/arimo), metric-compatible with Helvetica so the layout
 * is the one the built-in font gave; its Latin subset covers French, € and the typographic spaces.
 */
export function invoiceFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: sfntOfWoff(readFileSync(require.resolve("@fontsource/arimo/files/arimo-latin-400-normal.woff"))),
    bold: sfntOfWoff(readFileSync(require.resolve("@fontsource/arimo/files/arimo-latin-700-normal.woff"))),
  };
  return fonts;
}

/**
 * The plain TrueType font a WOFF 1.0 file wraps (W3C WOFF, section 4), unpacked once per process
 * with node's zlib. Given the WOFF itself, fontkit inflates every table again for every document
 * in pure JavaScript: about 140 ms of CPU per invoice (bench/tax.ts), against a few ms this way.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  woff.copy(header, 0, 4, 8); // the sfnt flavor (0x00010000 for TrueType)
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(header, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(t.data.length / 4) * 4);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** Letters whose stroke is no combining accent, so NFD leaves them whole. */
const UNDECOMPOSABLE: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", Ŧ: "T", ŧ: "t" };

/**
 * A text the embedded font can draw: PDF/A forbids showing a glyph the font lacks (.notdef), so
 * a character outside it loses its accent or stroke if that helps (ő -> o, ł -> l) or becomes "?".
 */
export function drawableText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x20 || hasGlyph(cp)) {
      out += ch;
      continue;
    }
    const base = (UNDECOMPOSABLE[ch] ?? ch).normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    out += base !== "" && [...base].every((c) => hasGlyph(c.codePointAt(0) ?? 0)) ? base : "?";
  }
  return out;
}
