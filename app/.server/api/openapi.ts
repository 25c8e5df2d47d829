import { FORM_BODY_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES, megabytes } from "~/domain/http/body-limits.mjs";
import { z } from "zod";
import { ApiErrorSchema } from "./schemas";
import type { ApiOperation } from "./api-operation";

/**
 * Every API operation, read from the contracts: `contracts/<path>.contract.ts` sits beside the
 * route file `app/routes/api/v1/<path>.ts` and declares its operations with the same zod schemas
 * the route validates with, so the document cannot drift from the handlers. The contracts come in
 * the order of their paths, then each contract's own order: a stable order, and the one that
 * decides which of two differing forms of a named schema keeps the plain name (SharedSchemas).
 */
const contracts = import.meta.glob<{ operations: ApiOperation[] }>("./contracts/**/*.contract.ts", { eager: true });

export const operations: ApiOperation[] = Object.keys(contracts)
  .sort()
  .flatMap((path) => contracts[path].operations);

type JsonSchema = Record<string, unknown>;

const COMPONENTS_PREFIX = "#/components/schemas/";

/**
 * The document's shared schemas: each named zod schema (`.meta({ id })`) once, in
 * components/schemas, referenced from every operation that uses it. zod writes a named schema
 * into the converted schema's own `$defs`; a `$ref` to `#/$defs/…` would then resolve against the
 * document's root, which has none, so the definitions move here and the references follow them.
 * A name whose request form differs from its answer form (defaults, transforms) keeps both, the
 * request one as `<name>Input`.
 */
class SharedSchemas {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly texts = new Map<string, string>();

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any", reused: "inline" }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries(defs)) names.set(id, this.nameFor(id, JSON.stringify(def), io));
    const relink = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(relink);
      if (!value || typeof value !== "object") return value;
      const out: JsonSchema = {};
      for (const [key, inner] of Object.entries(value)) {
        out[key] =
          key === "$ref" && typeof inner === "string" && inner.startsWith("#/$defs/")
            ? `${COMPONENTS_PREFIX}${names.get(inner.slice("#/$defs/".length)) ?? inner.slice("#/$defs/".length)}`
            : relink(inner);
      }
      return out;
    };
    for (const [id, def] of Object.entries(defs)) this.schemas[names.get(id)!] ??= relink(def) as JsonSchema;
    return relink(json) as JsonSchema;
  }

  private nameFor(id: string, text: string, io: "input" | "output"): string {
    const candidates = [id, io === "input" ? `${id}Input` : `${id}Output`];
    for (let n = 2; candidates.length < 10; n++) candidates.push(`${id}${n}`);
    for (const name of candidates) {
      const known = this.texts.get(name);
      if (known === undefined) {
        this.texts.set(name, text);
        return name;
      }
      if (known === text) return name;
    }
    throw new Error(`OpenAPI: too many different schemas named ${id}`);
  }
}

function parametersOf(shared: SharedSchemas, schema: z.ZodObject | undefined, location: "query" | "path" | "header"): JsonSchema[] {
  if (!schema) return [];
  const json = shared.convert(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, prop]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    ...(typeof prop.description === "string" ? { description: prop.description } : {}),
    schema: prop,
  }));
}

/** What each operation accepts (decision 049): nothing, a session, an administrator's session, or that or an API key. */
function securityOf(auth: ApiOperation["auth"]): JsonSchema[] {
  if (auth === "session" || auth === "admin") return [{ sessionCookie: [] }];
  if (auth === "admin_api") return [{ sessionCookie: [] }, { apiKey: [] }];
  // Public: an explicit empty list says so (no scheme is needed).
  return [];
}

/** "getAdminOrdersIdShip": a stable name per operation, for code generators. */
function operationIdOf(op: ApiOperation): string {
  const words = op.path
    .replace(/^\/api\/v1\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return op.method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

export function buildOpenApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const shared = new SharedSchemas();
  const toSchema = (schema: z.ZodType, io: "input" | "output") => shared.convert(schema, io);
  for (const op of operations) {
    const responses: Record<string, JsonSchema> = {};
    // Every body is bounded and typed by the Node server and the one JSON reader (decision 023).
    const bodyRefusals: ApiOperation["responses"] =
      op.body || op.rawBody
        ? {
            413: {
              description: `Requête trop volumineuse (${megabytes(FORM_BODY_MAX_BYTES)} au plus, ${megabytes(IMAGE_UPLOAD_MAX_BYTES)} pour une image)`,
              schema: ApiErrorSchema,
            },
            415: { description: "Type de contenu non pris en charge", schema: ApiErrorSchema },
          }
        : {};
    for (const [status, response] of Object.entries({ ...bodyRefusals, ...op.responses })) {
      responses[status] = {
        description: response.description,
        ...(response.schema ? { content: { "application/json": { schema: toSchema(response.schema, "output") } } } : {}),
        ...(response.binary ? { content: { [response.binary]: { schema: { type: "string", format: "binary" } } } } : {}),
      };
    }
    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: operationIdOf(op),
      summary: op.summary,
      tags: op.tags,
      parameters: [
        ...parametersOf(shared, op.pathParams, "path"),
        ...parametersOf(shared, op.query, "query"),
        ...parametersOf(shared, op.headers, "header"),
      ],
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(op.body, "input") } } } } : {}),
      ...(op.rawBody
        ? {
            requestBody: {
              required: true,
              description: op.rawBody.description,
              content: Object.fromEntries(op.rawBody.contentTypes.map((t) => [t, { schema: { type: "string", format: "binary" } }])),
            },
          }
        : {}),
      responses,
      security: securityOf(op.auth),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Aurore API",
      version: "1.0.0",
      description: "API publique de la boutique Aurore. Montants en centimes d'euro, TTC. Messages d'erreur en français.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: shared.schemas,
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        // The admin API's keys, created in Paramètres (docs/decisions/049-api-keys-and-admin-api.md).
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "Clé API « aur_live_… » créée dans Paramètres ; chaque opération demande un accès (catalog:read, stock:write…).",
        },
      },
    },
  };
}
