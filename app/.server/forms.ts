/**
 * The one way a route action reads a submitted form. It answers for the request when the body is
 * not a form (415), cannot be read or is empty (400), or holds text the shop refuses (NUL, lone
 * surrogates, invalid UTF-8: 400), by throwing a response with a French message that the route's
 * error boundary shows. So no action ever sees such a value, and none of them can fail on it.
 */
import { data } from "react-router";
import { isSafeText, UNSAFE_TEXT_MESSAGE } from "~/lib/safe-text.rules";
import { DomainError, invalid } from "~/domain/errors";
import { readJsonRequest } from "./http";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

export const FORM_EXPECTED_MESSAGE = SHOP_MESSAGES.addressExpectsForm;
export const FORM_EMPTY_MESSAGE = SHOP_MESSAGES.formSentEmpty;
export const FORM_UNREADABLE_MESSAGE = SHOP_MESSAGES.formSentCouldNotRead;

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

export type FormRefusal = { ok: false; status: 400 | 415; message: string };

/** A form refusal as the domain error a page action answers (ActionResult), with the same status. */
export function formRefusalError(refusal: FormRefusal): DomainError {
  return refusal.status === 415
    ? new DomainError("unsupported_media_type", "form_expected", refusal.message)
    : invalid("form_unreadable", refusal.message);
}

function refuse(status: 400 | 415, message: string): never {
  throw data(message, { status, headers: { "Cache-Control": "no-store" } });
}

class Refused extends Error {
  constructor(readonly refusal: FormRefusal) {
    super(refusal.message);
  }
}

export function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * application/x-www-form-urlencoded, decoded strictly: the platform's parser silently turns bytes
 * that are not UTF-8 (`%ED%A0%80`, `%C0%80`) into U+FFFD; here they are refused.
 */
async function readUrlEncoded(request: Request): Promise<FormData> {
  let text: string;
  try {
    text = utf8.decode(await request.arrayBuffer());
  } catch {
    throw new Refused({ ok: false, status: 400, message: UNSAFE_TEXT_MESSAGE });
  }
  const form = new FormData();
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const [rawName, rawValue] = at === -1 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
    try {
      form.append(decodeURIComponent(rawName.replace(/\+/g, " ")), decodeURIComponent(rawValue.replace(/\+/g, " ")));
    } catch {
      // decodeURIComponent throws on malformed escapes and on bytes that are not UTF-8.
      throw new Refused({ ok: false, status: 400, message: UNSAFE_TEXT_MESSAGE });
    }
  }
  return form;
}

/** The submitted form, or why it is refused (for actions that answer refusals as their own data). */
export async function tryReadFormData(request: Request): Promise<{ ok: true; form: FormData } | FormRefusal> {
  const type = mediaTypeOf(request);
  if (type !== URLENCODED && type !== MULTIPART) {
    // No type and no body is an empty request, not a wrong type.
    if (type === "" && (await request.text().catch(() => "")) === "") return { ok: false, status: 400, message: FORM_EMPTY_MESSAGE };
    return { ok: false, status: 415, message: FORM_EXPECTED_MESSAGE };
  }
  let form: FormData;
  if (type === URLENCODED) {
    try {
      form = await readUrlEncoded(request);
    } catch (error) {
      if (error instanceof Refused) return error.refusal;
      return { ok: false, status: 400, message: FORM_UNREADABLE_MESSAGE };
    }
  } else {
    try {
      form = await request.formData();
    } catch {
      return { ok: false, status: 400, message: FORM_UNREADABLE_MESSAGE };
    }
  }
  let fields = 0;
  for (const [name, value] of form) {
    fields++;
    const textOk = isSafeText(name) && (typeof value === "string" ? isSafeText(value) : isSafeText(value.name));
    if (!textOk) return { ok: false, status: 400, message: UNSAFE_TEXT_MESSAGE };
  }
  if (fields === 0) return { ok: false, status: 400, message: FORM_EMPTY_MESSAGE };
  return { ok: true, form };
}

/** The submitted form; a refusal is thrown as a 400/415 response that the route's error boundary shows. */
export async function readFormData(request: Request): Promise<FormData> {
  const read = await tryReadFormData(request);
  if (!read.ok) refuse(read.status, read.message);
  return read.form;
}

/** The text fields of a form as a plain object (files left out), the shape most actions parse. */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  const form = await readFormData(request);
  const out: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") out[name] = value;
  return out;
}

/** A page action's JSON submission (`encType: "application/json"`), refused like a bad form. */
export async function readJsonSubmission(request: Request): Promise<unknown> {
  const read = await readJsonRequest(request);
  if (!read.ok) refuse(read.status, read.message);
  return read.value;
}

/** A page action that takes either a form or a JSON submission (its fetchers send both). */
export async function readFormOrJson(request: Request): Promise<unknown> {
  if (mediaTypeOf(request) === "application/json") return readJsonSubmission(request);
  return readFormFields(request);
}
