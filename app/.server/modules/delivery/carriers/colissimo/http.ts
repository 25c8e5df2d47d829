/**
 * What the three Colissimo services share: one HTTP call with a deadline, and the errors an
 * administrator reads. Any failure to get an answer (deadline, network, 5xx, a body that is not
 * what the service documents) is the same `unavailable` error: the shop retries later, and the
 * administrator can do nothing more precise about it.
 */
import { CarrierError, type CarrierErrorReason } from "~/domain/delivery/carrier";

export const UNAVAILABLE_MESSAGE = "Le service Colissimo est momentanément indisponible.";

export type HttpAnswer = { status: number; contentType: string; body: Uint8Array };

export function carrierError(reason: CarrierErrorReason, message: string, carrierCode: string | null = null): CarrierError {
  return new CarrierError("colissimo", reason, message, carrierCode);
}

export function unavailable(carrierCode: string | null = null): CarrierError {
  return carrierError("unavailable", UNAVAILABLE_MESSAGE, carrierCode);
}

/**
 * Removes the secrets from a text the carrier wrote, before it reaches a message or a log: a
 * service that echoes a field back must not leak the contract's password to an administrator.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const present = secrets.filter((secret) => secret.length >= 3);
  return (text) => present.reduce((out, secret) => out.split(secret).join("***"), text);
}

/** Carrier texts are shown as they come, but on one line and of a readable length. */
export function tidy(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A request with a deadline; network failures and timeouts become `unavailable`. */
export async function send(url: string, init: RequestInit, timeoutMs: number): Promise<HttpAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", body };
  } catch {
    // The cause (a timeout, a refused connection, a reset) is not the administrator's to act on,
    // and its text may carry the URL with its query: it is not kept.
    throw unavailable();
  }
}

export function parseJson(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(Buffer.from(answer.body).toString("utf8"));
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** "2025-06-14" → "14/06/2025", the form the Point Retrait service takes. */
export function frenchDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate.trim());
  if (!match) throw carrierError("invalid_request", `Date d'expédition invalide : « ${tidy(isoDate, 40)} » (attendu AAAA-MM-JJ).`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

const PARIS_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar day of an instant in Paris, "YYYY-MM-DD" (en-CA formats dates that way). */
export function parisDay(date: Date): string {
  return PARIS_DAY.format(date);
}
