/**
 * SOAP 1.1 as Mondial Relay's web services speak it (Web_Services.asmx, document/literal, namespace
 * http://www.mondialrelay.fr/webservice/, SOAPAction "<namespace><Method>"; shapes from the WSDL
 * and the "Web Service Solution" documentation V-5.x). The envelope is written by hand and the
 * answer read by the small XML reader below: the answers are flat records of strings, and a
 * dependency would bring a general XML engine for three elements deep.
 *
 * Every failure to get an answer (timeout, network, HTTP error, SOAP fault, unreadable XML)
 * becomes the same CarrierError "unavailable": the administrator can only retry later, and the
 * details stay out of messages that might reach a screen.
 */
import { CarrierError } from "~/domain/delivery/carrier";
import { UNAVAILABLE_MESSAGE } from "./stat-codes";

export const MONDIAL_RELAY_NAMESPACE = "http://www.mondialrelay.fr/webservice/";
const SOAP_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";

export function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

export function soapEnvelope(method: string, params: ReadonlyArray<readonly [string, string]>): string {
  const body = params.map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`).join("");
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap="${SOAP_NAMESPACE}">` +
    `<soap:Body><${method} xmlns="${MONDIAL_RELAY_NAMESPACE}">${body}</${method}></soap:Body></soap:Envelope>`
  );
}

/** An element of an XML document: its local name (prefix dropped), its elements and its text. */
export type XmlElement = { name: string; children: XmlElement[]; text: string };

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);|&/g, (match, entity: string | undefined) => {
    if (!entity) throw new XmlError("bare ampersand");
    if (entity[0] === "#") {
      const code = entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      if (!Number.isFinite(code) || code > 0x10ffff) throw new XmlError(`bad character reference ${match}`);
      return String.fromCodePoint(code);
    }
    const named = ENTITIES[entity];
    if (named === undefined) throw new XmlError(`unknown entity ${match}`);
    return named;
  });
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(":") + 1);

/**
 * Reads a whole document into elements, strictly: one root, every element closed by its own
 * name, known entities only. A DOCTYPE is refused, so no entity can expand.
 */
export function parseXml(xml: string): XmlElement {
  const stack: Array<XmlElement & { qualified: string }> = [];
  let root: XmlElement | null = null;
  let i = 0;
  const n = xml.length;
  const appendText = (raw: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += raw;
    else if (raw.trim()) throw new XmlError("text outside the root element");
  };
  while (i < n) {
    const lt = xml.indexOf("<", i);
    if (lt === -1) {
      appendText(decodeEntities(xml.slice(i)));
      break;
    }
    if (lt > i) appendText(decodeEntities(xml.slice(i, lt)));
    if (xml.startsWith("<?", lt)) {
      const end = xml.indexOf("?>", lt + 2);
      if (end === -1) throw new XmlError("unterminated processing instruction");
      i = end + 2;
    } else if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      if (end === -1) throw new XmlError("unterminated comment");
      i = end + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt + 9);
      if (end === -1) throw new XmlError("unterminated CDATA section");
      appendText(xml.slice(lt + 9, end));
      i = end + 3;
    } else if (xml.startsWith("<!", lt)) {
      throw new XmlError("DOCTYPE and declarations are not accepted");
    } else if (xml.startsWith("</", lt)) {
      const end = xml.indexOf(">", lt);
      if (end === -1) throw new XmlError("unterminated end tag");
      const qualified = xml.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.qualified !== qualified) throw new XmlError(`unexpected </${qualified}>`);
      i = end + 1;
    } else {
      // A start tag: its name, then attributes up to ">" (quotes may hold ">"), ignored.
      let j = lt + 1;
      let quote: string | null = null;
      while (j < n && (quote || xml[j] !== ">")) {
        const c = xml[j];
        if (quote) {
          if (c === quote) quote = null;
        } else if (c === '"' || c === "'") quote = c;
        j++;
      }
      if (j >= n) throw new XmlError("unterminated start tag");
      const inner = xml.slice(lt + 1, j);
      const selfClosing = inner.endsWith("/");
      const qualified = (selfClosing ? inner.slice(0, -1) : inner).trim().split(/\s+/)[0] ?? "";
      if (!/^[A-Za-z_][\w.:-]*$/.test(qualified)) throw new XmlError(`bad element name "${qualified}"`);
      const element = { name: localName(qualified), children: [] as XmlElement[], text: "", qualified };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else if (root) throw new XmlError("more than one root element");
      else root = element;
      if (!selfClosing) stack.push(element);
      i = j + 1;
    }
  }
  if (stack.length) throw new XmlError(`<${stack[stack.length - 1].qualified}> is never closed`);
  if (!root) throw new XmlError("no root element");
  return root;
}

export function childOf(element: XmlElement | null | undefined, name: string): XmlElement | null {
  return element?.children.find((c) => c.name === name) ?? null;
}

export function childrenOf(element: XmlElement | null | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

/** An element's text, trimmed, with the blanks Mondial Relay pads its fields with collapsed. */
export function textOf(element: XmlElement | null | undefined, name: string): string {
  return (childOf(element, name)?.text ?? "").replace(/\s+/g, " ").trim();
}

/** `code` says, for the logs, what failed: "timeout", "network", "http_503", "soap_fault", "unparsable"... */
export const unavailable = (code: string) => new CarrierError("mondialrelay", "unavailable", UNAVAILABLE_MESSAGE, code);

/** The `<Method>Result` of an answer's body, or why there is none. */
export function resultOf(xml: string, method: string): XmlElement {
  let document: XmlElement;
  try {
    document = parseXml(xml);
  } catch {
    throw unavailable("unparsable");
  }
  const body = document.name === "Envelope" ? childOf(document, "Body") : null;
  if (!body) throw unavailable("unparsable");
  if (childOf(body, "Fault")) throw unavailable("soap_fault");
  const result = childOf(childOf(body, `${method}Response`), `${method}Result`);
  if (!result) throw unavailable("unparsable");
  return result;
}

export type SoapCall = { url: string; timeoutMs: number; method: string; params: ReadonlyArray<readonly [string, string]> };

/** POSTs one call and returns its result element. The parameters already carry their Security. */
export async function callSoap({ url, timeoutMs, method, params }: SoapCall): Promise<XmlElement> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "text/xml; charset=utf-8",
        SOAPAction: `"${MONDIAL_RELAY_NAMESPACE}${method}"`,
      },
      body: soapEnvelope(method, params),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    throw unavailable(name === "TimeoutError" || name === "AbortError" ? "timeout" : "network");
  }
  // An ASMX service answers a fault with HTTP 500 and a SOAP body: read it when there is one.
  if (!response.ok && !/Fault/.test(text)) throw unavailable(`http_${response.status}`);
  return resultOf(text, method);
}

/** GETs a document the services link to (a label's PDF) and checks it is a PDF. */
export async function fetchPdf(url: string, timeoutMs: number): Promise<Uint8Array> {
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    const name = (error as Error).name;
    throw unavailable(name === "TimeoutError" || name === "AbortError" ? "timeout" : "network");
  }
  if (!response.ok) throw unavailable(`label_http_${response.status}`);
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== "%PDF") throw unavailable("label_not_pdf");
  return bytes;
}
