/**
 * The API tests' client: openapi-fetch typed by the types generated from the served document
 * (`npm run api:types`), so a call the document does not describe does not compile, and every
 * answer is checked against the document the worker's shop serves (response-validator.ts), so an
 * answer the document does not describe fails the test.
 */
import createClient, { type Client } from "openapi-fetch";
import { e2eShop } from "../e2e-shop";
import type { paths } from "./openapi-types";
import { createResponseChecker, responseValidation, schemaPathOf, type OpenApiDocument, type ResponseChecker } from "./response-validator";

export type ApiClient = Client<paths>;

/** Who calls: nobody, a session's Cookie header, or an admin API key. */
export type ApiCaller = { cookie?: string; apiKey?: string };

const documents = new Map<string, Promise<{ document: OpenApiDocument; check: ResponseChecker }>>();

/** The document the shop at `baseURL` serves and its checker, made once per test file and shop. */
function servedDocument(baseURL: string): Promise<{ document: OpenApiDocument; check: ResponseChecker }> {
  let served = documents.get(baseURL);
  if (!served) {
    served = fetch(`${baseURL}/api/v1/openapi.json`).then(async (res) => {
      if (res.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`);
      const document = (await res.json()) as OpenApiDocument;
      return { document, check: createResponseChecker(document) };
    });
    documents.set(baseURL, served);
  }
  return served;
}

export function apiClient(caller: ApiCaller = {}, baseURL = e2eShop().baseURL): ApiClient {
  const client = createClient<paths>({
    baseUrl: baseURL,
    // The shop refuses a session's writes from another origin (better-auth and the API's guard).
    headers: {
      origin: baseURL,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(caller.apiKey ? { authorization: `Bearer ${caller.apiKey}` } : {}),
    },
    redirect: "manual",
  });
  client.use(responseValidation(async () => (await servedDocument(baseURL)).check));
  return client;
}

type Json = Record<string, any>;

/**
 * One call by method and concrete path, for tests that send what the types would refuse (a
 * malformed body, a path with a NUL) or walk paths from a table: not type-checked, but its answer
 * is validated against the document like the typed client's.
 */
export async function checkedApiCall(
  method: string,
  path: string,
  cookie: string | null,
  body?: unknown,
  baseURL = e2eShop().baseURL,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      origin: baseURL,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const { document, check } = await servedDocument(baseURL);
  const pathname = new URL(path, baseURL).pathname;
  const schemaPath = schemaPathOf(document, pathname);
  if (!schemaPath) throw new Error(`${method} ${pathname} is not a path of the API document`);
  await check(method, schemaPath, res);
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = { raw: text };
  }
  return { status: res.status, json };
}
