/**
 * The one logger of the shop (docs/decisions/040-logs-and-metrics.md): pino, JSON lines in
 * production, pretty lines in development, quiet under Vitest. The Node server logs through the
 * same instance (the server entry hands it over), so one place decides the format and what is
 * never written: passwords, tokens, cookies, Authorization headers, card numbers, CVCs, codes.
 *
 * Two nets, because a secret can arrive as a field or inside a sentence:
 * - fields are redacted by name, at any depth (`password`, `token`, `cookie`, `cvc`, a card's
 *   `number`...), on top of pino's own `redact` for the paths we know;
 * - free text (messages, error messages and stacks, any string field) is scrubbed of digit runs
 *   that look like card numbers, bearer tokens, `password=...` pairs and the parameters that
 *   database errors quote.
 */
import { createRequire } from "node:module";
import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";
import { remember } from "~/lib/remember";

export type { Logger };

export const REDACTED = "[REDACTED]";

/** Paths pino removes at serialization: what requests and our own calls are known to carry. */
export const REDACT_PATHS = [
  "password",
  "*.password",
  "newPassword",
  "*.newPassword",
  "currentPassword",
  "*.currentPassword",
  "token",
  "*.token",
  "cookie",
  "*.cookie",
  "authorization",
  "*.authorization",
  "headers.cookie",
  "headers.authorization",
  "*.headers.cookie",
  "*.headers.authorization",
  'headers["set-cookie"]',
  'res.headers["set-cookie"]',
  "card.number",
  "*.card.number",
  "cvc",
  "*.cvc",
  "card.cvc",
  "*.card.cvc",
];

/** Field names whose value is a secret wherever they appear (compared lower-cased, without `-` and `_`). */
const SECRET_KEYS = new Set([
  "password",
  "newpassword",
  "currentpassword",
  "passwd",
  "secret",
  "clientsecret",
  "token",
  "accesstoken",
  "refreshtoken",
  "sessiontoken",
  "idtoken",
  "apikey",
  "authorization",
  "cookie",
  "setcookie",
  "cvc",
  "cvv",
  "cardnumber",
  "pan",
  "otp",
  "totp",
  "code",
  "backupcode",
  "backupcodes",
  "verificationcode",
]);

const isSecretKey = (key: string) => SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, ""));

/**
 * 13 to 19 digits, single spaces or dashes allowed between them: every card number, written any
 * way a shopper types it. Longer ids made of digits only are redacted too; our ids are UUIDs and
 * order numbers are short, so nothing useful is lost.
 */
const CARD_LIKE = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const SECRET_PAIR =
  /\b(password|passwd|token|secret|cvc|code|otp|cookie|authorization)(["']?\s*[=:]\s*["']?)(?!\[REDACTED\])([^\s"',;)}\]]+)/gi;
/** Drizzle's "Failed query: ... params: a,b,c": the parameters may be session tokens or e-mails. */
const QUERY_PARAMS = /(\bparams:\s*)[^\n]*/g;

/** Free text with card-number-like digit runs, bearer tokens and secret pairs replaced. */
export function scrubText(text: string): string {
  if (!text) return text;
  return text
    .replace(CARD_LIKE, REDACTED)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(SECRET_PAIR, `$1$2${REDACTED}`)
    .replace(QUERY_PARAMS, `$1${REDACTED}`);
}

type SerializedError = { type: string; message: string; stack?: string; code?: unknown; cause?: SerializedError | string };

/** An error as JSON: its type, scrubbed message and stack, its code, and its causes. */
export function serializeError(error: unknown, depth = 0): SerializedError | string {
  if (!(error instanceof Error)) return scrubText(String(error));
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: scrubText(error.message),
    stack: error.stack ? scrubText(error.stack) : undefined,
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

const MAX_DEPTH = 6;

/** A copy of a log record with secret fields redacted and strings scrubbed. */
export function scrubValue(value: unknown, depth = 0, parentKey = ""): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Error) return serializeError(value);
  if (depth >= MAX_DEPTH) return "[…]";
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, parentKey));
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // A card's number is only a secret under "card" (an order has a number too).
    const secret = isSecretKey(key) || (key === "number" && /card/i.test(parentKey));
    out[key] = secret && item != null ? REDACTED : scrubValue(item, depth + 1, key);
  }
  return out;
}

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

/**
 * LOG_LEVEL when set to a known level; otherwise "info", and "silent" under Vitest so test runs
 * print only what the tests print (a test that wants the lines gives its own destination).
 */
export function logLevelFrom(env: NodeJS.ProcessEnv = process.env): string {
  const asked = env.LOG_LEVEL?.trim().toLowerCase();
  if (asked && (LEVELS as readonly string[]).includes(asked)) return asked;
  return env.VITEST ? "silent" : "info";
}

/**
 * Pretty, human lines only for a developer at a terminal: not in production, not in CI, not under
 * Vitest, and only when the pino-pretty dev dependency is installed. Anything else gets JSON lines.
 */
export function wantsPrettyLogs(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== "production" && !env.CI && !env.VITEST;
}

export function loggerOptions(env: NodeJS.ProcessEnv = process.env): LoggerOptions {
  return {
    level: logLevelFrom(env),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: (error: unknown) => (error instanceof Error ? serializeError(error) : error) },
    formatters: {
      log: (record) => scrubValue(record) as Record<string, unknown>,
    },
    hooks: {
      // The message and its interpolated values are free text; an error given alone becomes the `err` field.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (first instanceof Error) {
          const text = typeof rest[0] === "string" ? rest.map((part) => scrubText(String(part))) : [scrubText(first.message)];
          return method.apply(this, [{ err: first }, ...text] as Parameters<typeof method>);
        }
        const scrubbed = args.map((part) => (typeof part === "string" ? scrubText(part) : part));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
}

function prettyStream(): DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
    // Synchronous: no worker thread, and a line printed just before a crash is not lost.
    return pretty({ sync: true, colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

/** A logger with the shop's options; tests pass their own destination and environment. */
export function createLogger(options: { env?: NodeJS.ProcessEnv; destination?: DestinationStream } = {}): Logger {
  const env = options.env ?? process.env;
  const destination = options.destination ?? (wantsPrettyLogs(env) ? prettyStream() : undefined);
  return destination ? pino(loggerOptions(env), destination) : pino(loggerOptions(env));
}

/** The process-wide logger (remembered: the dev server's reloads keep one). */
export const log: Logger = remember("logger", () => createLogger());
