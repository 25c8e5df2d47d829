/**
 * Checks every answer of the API against the OpenAPI document: an openapi-fetch middleware that
 * finds the operation by the request's method and the path template the client used, refuses a
 * status the operation does not list, and validates a JSON body against that status's schema
 * with Ajv (OpenAPI 3.1 schemas are JSON Schema 2020-12). The generated types only say what the
 * tests may write; this says what the server really answered, so a drifting handler fails a test.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Middleware } from "openapi-fetch";

type Json = Record<string, unknown>;
type ResponseObject = { description?: string; content?: Record<string, { schema?: unknown }> };
type OperationObject = { operationId?: string; responses?: Record<string, ResponseObject> };
export type OpenApiDocument = { paths?: Record<string, Record<string, OperationObject>>; components?: Json };

/** The id the document is known by inside Ajv: every schema below is a JSON pointer into it. */
const DOCUMENT_ID = "urn:aurore:openapi";

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** A JSON pointer token (RFC 6901, "/" -> "~1"), URI-escaped as a `$ref` fragment needs ("{" -> "%7B"). */
function pointerToken(token: string): string {
  return encodeURIComponent(token.replace(/~/g, "~0").replace(/\//g, "~1"));
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `  ${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`).join("\n");
}

/** What a response must be, checked without the network: the middleware's core, also used by its own test. */
export function createResponseChecker(document: OpenApiDocument) {
  // strict: false lets OpenAPI's own keywords (example, discriminator, xml...) through unchecked,
  // which is what OpenAPI 3.1 says of them; allErrors lists every mismatch, not the first. The
  // document as a whole is no schema (validateSchema: false): only the parts it points to are.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compiled = new Map<string, ValidateFunction>();

  function validatorFor(pointer: string): ValidateFunction {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  }

  /** Throws an Error saying what does not match; resolves when the answer is the documented one. */
  return async function checkResponse(method: string, schemaPath: string, response: Response): Promise<void> {
    const verb = method.toLowerCase();
    const where = `${method.toUpperCase()} ${schemaPath}`;
    const operation = document.paths?.[schemaPath]?.[verb];
    if (!operation) throw new Error(`${where} is not an operation of the API document`);
    const responses = operation.responses ?? {};
    const status = String(response.status);
    const statusKey = [status, `${status[0]}XX`, "default"].find((key) => key in responses);
    if (!statusKey) {
      const body = await response.clone().text();
      throw new Error(
        `${where} answered ${status}, which the document does not list (it lists ${Object.keys(responses).join(", ")}): ${body.slice(0, 500)}`,
      );
    }
    const documented = responses[statusKey];
    const mediaType = response.headers.get("content-type") ?? "";
    const text = await response.clone().text();
    if (!JSON_MEDIA_TYPE.test(mediaType)) {
      if (text === "" && !documented.content) return;
      const listed = Object.keys(documented.content ?? {});
      const essence = mediaType.split(";")[0].trim().toLowerCase();
      if (listed.includes(essence)) return;
      throw new Error(
        `${where} ${status} answered "${mediaType || "no content type"}", the document says ${listed.join(", ") || "no body"}`,
      );
    }
    const jsonKey = Object.keys(documented.content ?? {}).find((key) => JSON_MEDIA_TYPE.test(key));
    if (!jsonKey || documented.content?.[jsonKey]?.schema === undefined) {
      throw new Error(`${where} ${status} answered JSON, the document gives it no JSON schema`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`${where} ${status} said JSON but its body is not: ${text.slice(0, 200)}`);
    }
    const pointer = ["", "paths", schemaPath, verb, "responses", statusKey, "content", jsonKey, "schema"].map(pointerToken).join("/");
    const validate = validatorFor(pointer);
    if (!validate(body)) {
      throw new Error(
        `${where} ${status} does not match its documented schema (${operation.operationId ?? "?"}):\n${describeErrors(validate.errors)}\n` +
          `body: ${text.slice(0, 1000)}`,
      );
    }
  };
}

/**
 * The path template of the document that a concrete path answers to ("/api/v1/orders/{id}" for
 * "/api/v1/orders/5f…"), for calls that do not go through openapi-fetch; a literal segment wins
 * over a parameter, as the router matches.
 */
export function schemaPathOf(document: OpenApiDocument, pathname: string): string | undefined {
  const segments = pathname.split("/");
  let best: { template: string; literals: number } | undefined;
  for (const template of Object.keys(document.paths ?? {})) {
    const parts = template.split("/");
    if (parts.length !== segments.length) continue;
    if (!parts.every((part, i) => (/^\{[^}]+\}$/.test(part) ? segments[i] !== "" : part === segments[i]))) continue;
    const literals = parts.filter((part) => !part.startsWith("{")).length;
    if (!best || literals > best.literals) best = { template, literals };
  }
  return best?.template;
}

export type ResponseChecker = ReturnType<typeof createResponseChecker>;

/**
 * The openapi-fetch middleware: every answer the client reads has been checked against the
 * document. `checker` is asked at the first answer, so a client can be made before the document
 * is read.
 */
export function responseValidation(checker: () => ResponseChecker | Promise<ResponseChecker>): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      await (
        await checker()
      )(request.method, schemaPath, response);
      return undefined;
    },
  };
}
