/**
 * A MIME multipart body read as bytes (RFC 2046), as Colissimo's label service answers: a JSON
 * part (`Content-ID: <jsonInfos>`) and binary PDF parts (`<label>`, `<cn23>`). The parts are cut
 * on bytes, never on a decoded string: a PDF decoded as UTF-8 and encoded back is silently corrupt.
 */

export type MultipartPart = {
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** "jsonInfos", "label"...: the Content-ID without its angle brackets, or null. */
  contentId: string | null;
  body: Uint8Array;
};

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MultipartError";
  }
}

/** The boundary parameter of a multipart Content-Type, quoted or not; null when there is none. */
export function boundaryOf(contentType: string | null | undefined): string | null {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2] ?? null;
  return boundary && boundary.length <= 200 ? boundary : null;
}

function parseHeaders(block: Buffer): Record<string, string> {
  const headers: Record<string, string> = {};
  // Header lines are ASCII; latin1 keeps every byte as one character.
  const lines = block.toString("latin1").split(/\r?\n/);
  let last: string | null = null;
  for (const line of lines) {
    if (/^[ \t]/.test(line) && last) {
      // A folded header continues the previous one (RFC 5322).
      headers[last] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    headers[last] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Where a part's headers end (the blank line) and its body starts. */
function headerEnd(part: Buffer): { headersEnd: number; bodyStart: number } {
  const crlf = part.indexOf("\r\n\r\n");
  const lf = part.indexOf("\n\n");
  if (crlf >= 0 && (lf < 0 || crlf <= lf)) return { headersEnd: crlf, bodyStart: crlf + 4 };
  if (lf >= 0) return { headersEnd: lf, bodyStart: lf + 2 };
  throw new MultipartError("part without a blank line after its headers");
}

function decodeBody(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding && encoding.toLowerCase() === "base64") return Buffer.from(body.toString("latin1").replace(/\s+/g, ""), "base64");
  return body;
}

/**
 * The parts of a multipart body. Throws MultipartError when the body does not follow the
 * boundary it was announced with (a truncated answer, a proxy's error page).
 */
export function parseMultipart(bytes: Uint8Array, boundary: string): MultipartPart[] {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delimiter = Buffer.from(`--${boundary}`, "latin1");
  const parts: MultipartPart[] = [];
  let at = data.indexOf(delimiter);
  if (at < 0) throw new MultipartError("boundary not found in the body");
  let closed = false;
  while (at >= 0) {
    let cursor = at + delimiter.length;
    // "--" right after a delimiter closes the body.
    if (data[cursor] === 0x2d && data[cursor + 1] === 0x2d) {
      closed = true;
      break;
    }
    // Skip transport padding and the line break that ends the delimiter line.
    while (data[cursor] === 0x20 || data[cursor] === 0x09) cursor++;
    if (data[cursor] === 0x0d) cursor++;
    if (data[cursor] === 0x0a) cursor++;
    const next = data.indexOf(delimiter, cursor);
    if (next < 0) throw new MultipartError("body ends inside a part");
    // The line break before the next delimiter belongs to the delimiter, not to the body.
    let end = next;
    if (data[end - 1] === 0x0a) end--;
    if (data[end - 1] === 0x0d) end--;
    const part = data.subarray(cursor, Math.max(cursor, end));
    const { headersEnd, bodyStart } = headerEnd(part);
    const headers = parseHeaders(part.subarray(0, headersEnd));
    const body = decodeBody(part.subarray(bodyStart), headers["content-transfer-encoding"]);
    const rawId = headers["content-id"];
    const contentId = rawId ? rawId.replace(/^<|>$/g, "").trim() : null;
    parts.push({ headers, contentId, body: new Uint8Array(body) });
    at = next;
  }
  if (!closed) throw new MultipartError("body has no closing delimiter");
  return parts;
}
