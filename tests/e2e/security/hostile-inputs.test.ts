/**
 * No input makes the shop answer 5xx. Every route of the route config and every operation of the
 * OpenAPI document gets a list of hostile inputs (NUL and lone surrogates in path segments, query
 * values, form fields and JSON strings; 100 kB strings; wrong JSON types; JSON to form routes and
 * forms to JSON routes; empty bodies; wrong content types), as a visitor, as a signed-in shopper
 * and as the administrator. Every answer with status >= 500 is listed on failure.
 *
 * The inputs never name a real object of the shared journey database (ids are hostile or unknown),
 * so a refused-but-destructive action cannot delete the demo data; the intents that end the
 * caller's own session or account are left out so the run keeps its sessions.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../app/routes";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const root = path.resolve(import.meta.dirname, "../../..");

type Role = "visitor" | "shopper" | "admin";
/**
 * A body is built when its request is sent when it is large: the run holds tens of thousands of
 * probes, and keeping every 100 kB-per-field body in memory at once outgrew the worker's heap.
 */
type ProbeBody = string | Uint8Array | (() => string);
type Probe = { role: Role; method: string; path: string; input: string; headers?: Record<string, string>; body?: ProbeBody };
type Offender = { role: Role; method: string; path: string; input: string; status: number | string; body: string };

/* ---------------------------------------------------------------------------------------------- */
/* Hostile values                                                                                  */
/* ---------------------------------------------------------------------------------------------- */

const LONG = "a".repeat(100_000);
/** URLs stay under Node's 16 kB header limit, past which Node itself answers 431. */
const LONG_IN_URL = "a".repeat(6_000);

/** Already percent-encoded, for path segments and query values. */
const URL_VALUES: Record<string, string> = {
  nul: "%00",
  "nul-inside": "abc%00def",
  "lone-surrogate": "%ED%A0%80",
  "overlong-utf8": "%C0%80",
  long: LONG_IN_URL,
  "dot-dot": "..%2F..%2Fetc%2Fpasswd",
  "unknown-uuid": "00000000-0000-4000-8000-000000000000",
  number: "-1",
};

/** Query values, every known parameter at once (kept short enough for the 16 kB header limit). */
const QUERY_VALUES: Record<string, string> = {
  nul: "%00",
  "nul-inside": "abc%00def",
  "lone-surrogate": "%ED%A0%80",
  "overlong-utf8": "%C0%80",
  long: "a".repeat(300),
  "dot-dot": "..%2F..%2Fetc%2Fpasswd",
};

/** Form field values, already urlencoded (a lone surrogate cannot go through encodeURIComponent). */
const FORM_VALUES: Record<string, string> = {
  nul: "%00",
  "lone-surrogate": "%ED%A0%80",
  empty: "",
};

const JSON_VALUES: Record<string, unknown> = {
  nul: "\u0000",
  "nul-inside": "abc\u0000def",
  "lone-surrogate": "\ud800",
  long: LONG,
  number: 42,
  "negative-float": -1.5,
  array: ["\u0000"],
  object: { a: "\u0000" },
  null: null,
  true: true,
};

/** Whole JSON bodies that are not the object an operation expects. */
const RAW_JSON_BODIES: Record<string, string> = {
  "json-array": "[]",
  "json-string": '"\\u0000"',
  "json-null": "null",
  "json-number": "1e309",
  "json-invalid": '{"a":',
  "json-nul-key": '{"\\u0000":1}',
  "json-deep": "[".repeat(5_000) + "]".repeat(5_000),
};

/* ---------------------------------------------------------------------------------------------- */
/* What to probe                                                                                    */
/* ---------------------------------------------------------------------------------------------- */

type RouteInfo = { path: string; file: string };

function allRoutes(entries: RouteConfigEntry[], prefix = ""): RouteInfo[] {
  const out: RouteInfo[] = [];
  for (const entry of entries) {
    const p = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
    if (entry.path !== undefined || entry.index) out.push({ path: p || "/", file: entry.file });
    if (entry.children) out.push(...allRoutes(entry.children, p));
  }
  return out;
}

const isAdminPath = (p: string) => /^\/admin(\/|$)/.test(p) || /^\/api\/v1\/admin(\/|$)/.test(p);
/** Intents that would end the caller's session or account (the run needs its sessions). */
const SESSION_ENDING_INTENTS = new Set(["logout", "revoke-other-sessions", "revoke-session", "delete-account"]);

function sourceOf(file: string): string {
  return fs.readFileSync(path.join(root, "app", file), "utf8");
}

/** The intents a route's action dispatches on, read from its source. */
function intentsOf(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/intent\s*[!=]==\s*"([\w-]+)"|case\s+"([\w-]+)"\s*:/g)) found.add(m[1] ?? m[2]);
  return [...found].filter((i) => !SESSION_ENDING_INTENTS.has(i));
}

const hasAction = (source: string) => /export\s+(async\s+)?function\s+action|export\s+const\s+action/.test(source);

/** Every form field name the app's forms and actions use. */
function formFieldNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
        const text = fs.readFileSync(full, "utf8");
        for (const m of text.matchAll(/name="([A-Za-z_][\w-]*)"|\.get(?:All)?\("([A-Za-z_][\w-]*)"\)/g)) names.add(m[1] ?? m[2]);
      }
    }
  };
  for (const dir of ["app/routes", "app/features", "app/components"]) walk(path.join(root, dir));
  for (const header of ["content-type", "content-length", "user-agent", "cookie", "cache-control", "host", "intent"]) {
    names.delete(header);
  }
  return [...names].sort();
}

/** Query parameters the loaders read (their own and through the query schemas), plus a few generic ones. */
const QUERY_NAMES = [
  "category",
  "search",
  "q",
  "minPrice",
  "maxPrice",
  "featured",
  "sort",
  "page",
  "page_size",
  "status",
  "stock",
  "tab",
  "token",
  "edit",
  "history",
  "id",
  "ids",
  "filter",
  "type",
  "url",
  "carte",
  "months",
  "period",
  "formulaire",
  "email",
  "code",
  "redirect",
  "callbackURL",
  "order",
  "from",
  "to",
  // The OSS download of Comptabilité (docs/decisions/065-accounting-export.md).
  "year",
  "quarter",
];

function concretePaths(routePath: string): { path: string; input: string }[] {
  if (!/:[^/]+|\*$/.test(routePath)) return [{ path: routePath, input: "-" }];
  return Object.entries(URL_VALUES).map(([name, value]) => ({
    path: routePath.replace(/:[^/]+/g, value).replace(/\*$/, value),
    input: `path=${name}`,
  }));
}

function queryProbes(routePath: string, role: Role): Probe[] {
  const base = routePath.replace(/:[^/]+/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "x");
  return Object.entries(QUERY_VALUES).map(([name, value]) => ({
    role,
    method: "GET",
    path: `${base}?${QUERY_NAMES.map((q) => `${q}=${value}`).join("&")}`,
    input: `every query value=${name}`,
  }));
}

function formBody(fields: string[], value: string, intent?: string): string {
  const pairs = fields.map((f) => `${f}=${value}`);
  // A repeated field is the form's way of sending an array.
  pairs.push(...fields.slice(0, 5).map((f) => `${f}=${value}`));
  if (intent) pairs.unshift(`intent=${intent}`);
  return pairs.join("&");
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json" };

const BOUNDARY = "hostile-inputs-boundary";

function multipartBody(parts: [string, string][], file?: { name: string; filename: string; bytes: string }): string {
  const lines: string[] = [];
  for (const [name, value] of parts) {
    lines.push(`--${BOUNDARY}`, `Content-Disposition: form-data; name="${name}"`, "", value);
  }
  if (file) {
    lines.push(
      `--${BOUNDARY}`,
      `Content-Disposition: form-data; name="${file.name}"; filename="${file.filename}"`,
      "Content-Type: image/png",
      "",
      file.bytes,
    );
  }
  lines.push(`--${BOUNDARY}--`, "");
  return lines.join("\r\n");
}

/**
 * Form posts to a route with an action. `deep` is the role that gets past the guard (shopper or
 * administrator): it gets every intent with every hostile value; the other roles get the generic bodies.
 */
function formProbes(routePath: string, source: string, role: Role, fields: string[], deep: boolean): Probe[] {
  const out: Probe[] = [];
  const target = routePath.replace(/:[^/]+/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "x");
  const intents: (string | undefined)[] = deep ? [undefined, ...intentsOf(source)] : [undefined];
  for (const intent of intents) {
    const tag = intent ? `intent=${intent} ` : "";
    for (const [name, value] of Object.entries(FORM_VALUES)) {
      out.push({
        role,
        method: "POST",
        path: target,
        input: `${tag}form fields=${name}`,
        headers: FORM,
        body: formBody(fields, value, intent),
      });
    }
    if (deep) {
      // 100 kB in each field, a few fields per request so one body stays near the shop's body limit.
      for (let i = 0; i < fields.length; i += 12) {
        const chunk = fields.slice(i, i + 12);
        out.push({
          role,
          method: "POST",
          path: target,
          input: `${tag}form fields ${chunk[0]}..=100kB`,
          headers: FORM,
          body: () => formBody(chunk, LONG, intent),
        });
      }
    }
    const parts: [string, string][] = fields.map((f) => [f, "a\u0000b"]);
    if (intent) parts.unshift(["intent", intent]);
    out.push({
      role,
      method: "POST",
      path: target,
      input: `${tag}multipart with NUL`,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipartBody(parts, { name: "file", filename: "x\u0000.png", bytes: "\u0000\u0001" }),
    });
    const json: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, "\u0000"]));
    if (intent) json.intent = intent;
    out.push({ role, method: "POST", path: target, input: `${tag}JSON to a form route`, headers: JSON_TYPE, body: JSON.stringify(json) });
  }
  out.push({ role, method: "POST", path: target, input: "empty body, no content type" });
  out.push({ role, method: "POST", path: target, input: "empty form", headers: FORM, body: "" });
  out.push({ role, method: "POST", path: target, input: "text/plain", headers: { "content-type": "text/plain" }, body: "intent=x" });
  out.push({
    role,
    method: "POST",
    path: target,
    input: "broken multipart",
    headers: { "content-type": "multipart/form-data; boundary=zz" },
    body: "--zz\r\nbroken",
  });
  out.push({ role, method: "POST", path: target, input: "invalid JSON", headers: JSON_TYPE, body: "{" });
  out.push({ role, method: "PUT", path: target, input: "PUT form", headers: FORM, body: "a=%00" });
  out.push({ role, method: "DELETE", path: target, input: "DELETE" });
  return out;
}

/* OpenAPI */

type OpenApiParameter = { name: string; in: "path" | "query" | "header"; required?: boolean };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

function openApiProbes(doc: OpenApiDocument, roleFor: (p: string) => Role[]): Probe[] {
  const out: Probe[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const verb = method.toUpperCase();
      const params = op.parameters ?? [];
      const withPath = (value: string) => template.replace(/\{[^}]+\}/g, value);
      const neutral = withPath("00000000-0000-4000-8000-000000000000");
      const destructive = verb === "DELETE";
      for (const role of roleFor(template)) {
        const add = (p: Omit<Probe, "role" | "method">) => out.push({ role, method: verb, ...p });
        const headers = { "idempotency-key": "hostile-inputs-0001" };
        if (template.includes("{")) {
          for (const [name, value] of Object.entries(URL_VALUES)) {
            // Unknown or hostile ids only: nothing real is ever deleted.
            add({ path: withPath(value), input: `path=${name}`, headers });
          }
        }
        const query = params.filter((p) => p.in === "query");
        for (const [name, value] of Object.entries(URL_VALUES)) {
          if (query.length === 0) break;
          add({ path: `${neutral}?${query.map((q) => `${q.name}=${value}`).join("&")}`, input: `every query value=${name}`, headers });
          for (const q of query) add({ path: `${neutral}?${q.name}=${value}`, input: `query ${q.name}=${name}`, headers });
        }
        if (destructive) continue;
        const content = op.requestBody?.content ?? {};
        const jsonSchema = content["application/json"]?.schema;
        if (jsonSchema || verb !== "GET") {
          const props = Object.keys(jsonSchema?.properties ?? {});
          for (const [name, value] of Object.entries(JSON_VALUES)) {
            const every = () => JSON.stringify(Object.fromEntries(props.map((p) => [p, value])));
            add({ path: neutral, input: `every JSON field=${name}`, headers: { ...headers, ...JSON_TYPE }, body: every });
            for (const p of props) {
              add({
                path: neutral,
                input: `JSON ${p}=${name}`,
                headers: { ...headers, ...JSON_TYPE },
                body: () => JSON.stringify({ [p]: value }),
              });
            }
          }
          for (const [name, raw] of Object.entries(RAW_JSON_BODIES)) {
            add({ path: neutral, input: name, headers: { ...headers, ...JSON_TYPE }, body: raw });
          }
          add({
            path: neutral,
            input: "form to a JSON route",
            headers: { ...headers, ...FORM },
            body: props.map((p) => `${p}=%00`).join("&") || "a=%00",
          });
          add({ path: neutral, input: "text/plain", headers: { ...headers, "content-type": "text/plain" }, body: "\u0000" });
          add({ path: neutral, input: "empty body, JSON type", headers: { ...headers, ...JSON_TYPE }, body: "" });
          add({ path: neutral, input: "empty body, no type", headers });
        }
        for (const type of Object.keys(content).filter((t) => t.startsWith("image/"))) {
          add({
            path: neutral,
            input: `${type} garbage`,
            headers: { ...headers, "content-type": type },
            body: new Uint8Array([0, 0, 0, 0]),
          });
        }
      }
    }
  }
  return out;
}

/* ---------------------------------------------------------------------------------------------- */
/* Running                                                                                          */
/* ---------------------------------------------------------------------------------------------- */

const cookies: Record<Role, string> = { visitor: "", shopper: "", admin: "" };

/**
 * One request on its own connection (node:http, no keep-alive): a server that answers before
 * reading a large body and closes the socket must not make the next probe fail on a reused one.
 */
function send(probe: Probe): Promise<Offender | null> {
  const headers: Record<string, string> = { origin: baseURL, accept: "text/html,application/json", ...probe.headers };
  if (cookies[probe.role]) headers.cookie = cookies[probe.role];
  const offender = (status: number | string, body = ""): Offender => ({
    role: probe.role,
    method: probe.method,
    path: probe.path.slice(0, 160),
    input: probe.input,
    status,
    body: body.slice(0, 300),
  });
  return new Promise((resolve) => {
    let settled = false;
    const done = (value: Offender | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const req = http.request(`${baseURL}${probe.path}`, { method: probe.method, headers, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      if (status < 500) {
        // Event streams never end: the status is all we need.
        res.destroy();
        return done(null);
      }
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done(offender(status, Buffer.concat(chunks).toString("utf8"))));
      res.on("error", () => done(offender(status)));
    });
    const timer = setTimeout(() => {
      req.destroy();
      done(offender("no answer within 20 s"));
    }, 20_000);
    // A reset while the body is still being sent, after the answer came, is the server refusing to read on.
    req.on("error", (error) => setTimeout(() => done(offender(`no answer (${error.message})`)), 50));
    req.end(typeof probe.body === "function" ? probe.body() : probe.body);
  });
}

async function runAll(probes: Probe[], concurrency = 8): Promise<Offender[]> {
  const offenders: Offender[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++];
      const offender = await send(probe);
      if (offender) offenders.push(offender);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return offenders;
}

function report(offenders: Offender[]): string {
  return offenders.map((o) => `${o.status} ${o.role} ${o.method} ${o.path} [${o.input}] ${o.body.replace(/\s+/g, " ")}`).join("\n");
}

/* ---------------------------------------------------------------------------------------------- */

const routeInfos = allRoutes(routes);
let openApi: OpenApiDocument;

beforeAll(async () => {
  cookies.shopper = await signUpCookie(baseURL, uniqueEmail("hostile"));
  cookies.admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  openApi = (await (await fetch(`${baseURL}/api/v1/openapi.json`)).json()) as OpenApiDocument;
});

/** Admin routes as the administrator (the visitor only checks the guard); the others as visitor and shopper. */
const rolesFor = (p: string): Role[] => (isAdminPath(p) ? ["visitor", "admin"] : ["visitor", "shopper"]);
const deepRole = (p: string): Role => (isAdminPath(p) ? "admin" : "shopper");

describe("no input makes the shop answer 5xx", () => {
  it("finds the routes and the API operations to probe", () => {
    expect(routeInfos.length).toBeGreaterThan(70);
    expect(routeInfos.map((r) => r.path)).toContain("/definir-mot-de-passe");
    expect(Object.keys(openApi.paths)).toContain("/api/v1/products");
    expect(formFieldNames()).toEqual(expect.arrayContaining(["email", "token", "newPassword"]));
  });

  it("every route of the route config, with hostile path segments, query values and bodies", async () => {
    const fields = formFieldNames();
    const probes: Probe[] = [];
    for (const route of routeInfos) {
      const source = sourceOf(route.file);
      for (const role of rolesFor(route.path)) {
        const deep = role === deepRole(route.path);
        // Past the guard only the deep role goes further; the visitor of an admin page meets the guard.
        if (!deep && isAdminPath(route.path)) {
          probes.push(...queryProbes(route.path, role).slice(0, 1));
        } else {
          for (const concrete of concretePaths(route.path)) probes.push({ role, method: "GET", ...concrete });
          probes.push(...queryProbes(route.path, role));
        }
        // The auth library's own endpoints are probed by its own tests; its splat gets hostile paths only.
        if (hasAction(source) && !route.path.startsWith("/api/auth")) probes.push(...formProbes(route.path, source, role, fields, deep));
      }
    }
    const started = Date.now();
    const offenders = await runAll(probes);
    console.log(`[hostile-inputs] ${probes.length} requests to the routes in ${Date.now() - started} ms`);
    expect(offenders, `${offenders.length} of ${probes.length} requests answered 5xx:\n${report(offenders)}`).toEqual([]);
    // The sessions survived the run (no probe signed anyone out).
    const me = await fetch(`${baseURL}/api/v1/me`, { headers: { cookie: cookies.shopper } });
    expect(me.status).toBe(200);
  }, 240_000);

  it("every operation of the OpenAPI document, with hostile parameters and bodies", async () => {
    const probes = openApiProbes(openApi, (p) => (isAdminPath(p) ? ["visitor", "shopper", "admin"] : ["visitor", "shopper"]));
    expect(probes.length).toBeGreaterThan(500);
    const started = Date.now();
    const offenders = await runAll(probes);
    console.log(`[hostile-inputs] ${probes.length} requests to the API in ${Date.now() - started} ms`);
    expect(offenders, `${offenders.length} of ${probes.length} requests answered 5xx:\n${report(offenders)}`).toEqual([]);
  }, 240_000);
});

/* ---------------------------------------------------------------------------------------------- */
/* The cases the probe of the shop found, one by one                                               */
/* ---------------------------------------------------------------------------------------------- */

const UNSAFE = "Ce champ contient des caractères non autorisés.";

function call(method: string, p: string, role: Role, body?: string, type?: string) {
  const headers: Record<string, string> = { origin: baseURL };
  if (cookies[role]) headers.cookie = cookies[role];
  if (type) headers["content-type"] = type;
  return fetch(`${baseURL}${p}`, { method, headers, body, redirect: "manual" });
}

describe("bad input gets a French answer and changes nothing", () => {
  it("a NUL in a query value or a path segment never reaches the database", async () => {
    const api = await call("GET", "/api/v1/products?category=%00", "visitor");
    expect(api.status).toBe(400);
    expect(((await api.json()) as { error: { message: string } }).error.message).toContain(UNSAFE);
    // The catalogue page ignores a filter it cannot use.
    expect((await call("GET", "/products?category=%00&search=cr%00me", "visitor")).status).toBe(200);
    const category = await call("GET", "/category/%00", "visitor");
    expect(category.status).toBe(404);
    expect(await category.text()).toContain("Catégorie non trouvée");
    // An error page is never kept by a shared cache.
    expect(category.headers.get("cache-control")).toBe("no-store");
    // A path that does not decode is refused before the app, in French, never kept either.
    const malformed = await call("GET", "/category/%C0%80", "visitor");
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("Cette adresse n&#39;est pas valide.");
    expect(malformed.headers.get("cache-control")).toBe("no-store");
    const setPassword = await call("GET", "/definir-mot-de-passe?token=%00", "visitor");
    expect(setPassword.status).toBe(400);
    expect(await setPassword.text()).toContain("Demandez un nouveau lien à notre service client.");
    expect((await call("GET", "/definir-mot-de-passe?token=inconnu", "visitor")).status).toBe(404);
  });

  it("form routes answer 415 to JSON or text, 400 to an empty body or a NUL, with a French message", async () => {
    expect((await call("POST", "/profile", "shopper", '{"firstName":"x"}', "application/json")).status).toBe(415);
    expect((await call("POST", "/definir-mot-de-passe", "visitor", "token=x", "text/plain")).status).toBe(415);
    expect((await call("POST", "/dashboard", "shopper")).status).toBe(400);
    const nul = await call("POST", "/profile", "shopper", "firstName=Marie%00&lastName=Curie&phone=", "application/x-www-form-urlencoded");
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain(UNSAFE);
    const admin = await call("POST", "/admin/categories", "admin", "intent=create&name=Soins%00", "application/x-www-form-urlencoded");
    expect(admin.status).toBe(400);
    const categories = (await (await call("GET", "/api/v1/categories", "visitor")).json()) as { data: { name: string }[] };
    expect(categories.data.some((c) => c.name.startsWith("Soins\u0000"))).toBe(false);
  });

  it("JSON routes answer 400 to a NUL or a lone surrogate anywhere in the body, 415 to a form", async () => {
    for (const body of ['{"first_name":"a\\u0000"}', '{"first_name":"\\ud800"}', '{"first_name":"Marie","x":["\\u0000"]}']) {
      const res = await call("PATCH", "/api/v1/me", "shopper", body, "application/json");
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: { code: "invalid_text", message: UNSAFE } });
    }
    const form = await call("PATCH", "/api/v1/me", "shopper", "first_name=Marie", "application/x-www-form-urlencoded");
    expect(form.status).toBe(415);
    const me = (await (await call("GET", "/api/v1/me", "shopper")).json()) as { data: { first_name: string } };
    expect(me.data.first_name).toBe("Client");
  });

  it("GET /newsletter leads to the subscription form instead of an error", async () => {
    const res = await call("GET", "/newsletter", "visitor");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/about#about-newsletter");
  });

  it("a two-factor code sent before the setup step: 409 and a French message", async () => {
    const res = await call("POST", "/dashboard", "shopper", "intent=2fa-verify&code=123456", "application/x-www-form-urlencoded");
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("double authentification");
  });

  it("the back-office saves a client edited without a date of birth", async () => {
    const me = (await (await call("GET", "/api/v1/me", "shopper")).json()) as { data: { id: string } };
    const res = await call(
      "POST",
      `/admin/clients/${encodeURIComponent(me.data.id)}`,
      "admin",
      "intent=update-profile&firstName=Client",
      "application/x-www-form-urlencoded",
    );
    expect(res.status).toBe(200);
  });
});
