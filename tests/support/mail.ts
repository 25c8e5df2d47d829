import fs from "node:fs";
import path from "node:path";

/**
 * Mail written by the e2e server's outbox worker: with no SMTP_URL each message is an .eml
 * file in DATA_DIR/mail (e2eShop().dataDir).
 */

/** Decodes a quoted-printable mail body (soft line breaks, =XX bytes). */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The decoded .eml sent to `to` (and containing `text` when given), polled for up to 30 s (the outbox worker sends them; a loaded CI machine has been seen to take more than 15 s). */
export async function waitForMail(dataDir: string, to: string, text?: string): Promise<string> {
  const mailDir = path.join(dataDir, "mail");
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml")) : [];
    for (const file of files) {
      const eml = decodeQuotedPrintable(fs.readFileSync(path.join(mailDir, file), "utf8"));
      if (eml.includes(`To: ${to}`) && (!text || eml.includes(text))) return eml;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No mail to ${to}${text ? ` containing "${text}"` : ""} in ${mailDir} within 30 s`);
}
