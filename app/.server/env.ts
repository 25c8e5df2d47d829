import { z } from "zod";
import path from "node:path";
import { shopModeProblems, stripeKeyMode } from "./shop-mode";
import { REAL_CARRIER_CODES } from "~/domain/delivery/carrier";

export { stripeKeyMode };

/**
 * Stripe's keys (decision 059): secret `sk_test_…`/`sk_live_…` or restricted `rk_…`, publishable
 * `pk_…`, webhook signing secret `whsec_…`.
 */
const STRIPE_SECRET_KEY_FORMAT = /^(sk|rk)_(test|live)_[0-9A-Za-z]{8,}$/;
const STRIPE_PUBLISHABLE_KEY_FORMAT = /^pk_(test|live)_[0-9A-Za-z]{8,}$/;
const STRIPE_WEBHOOK_SECRET_FORMAT = /^whsec_[0-9A-Za-z+/=]{8,}$/;

/** A carrier's endpoint for tests: http(s) only. */
function testUrl(name: string) {
  return z.url({ protocol: /^https?$/, error: `${name} must be an http:// or https:// URL` }).optional();
}

/**
 * Configuration read from the environment once, checked with zod.
 * A wrong value stops the server at boot with a message naming the variable.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SESSION_SECRET: z.string().min(32).optional(),
    SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
    /** "demo" (the default) or "live": a live shop takes real money, checked at boot (shop-mode.ts, decision 060). */
    SHOP_MODE: z.enum(["demo", "live"]).default("demo"),
    /** The card acquirer (decision 059): "simulated" (the default: `npm start` and every test) or "stripe" with the keys below. */
    PAYMENT_PROVIDER: z.enum(["simulated", "stripe"]).default("simulated"),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        STRIPE_SECRET_KEY_FORMAT,
        "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_test_…, rk_live_…)",
      )
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(STRIPE_PUBLISHABLE_KEY_FORMAT, "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)")
      .optional(),
    /** Signs the events Stripe posts to the shop's webhook (whsec_…). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(STRIPE_WEBHOOK_SECRET_FORMAT, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)")
      .optional(),
    /** Tests only: the URL of a local Stripe-compatible server (tests/support/stripe-server) used instead of api.stripe.com. */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: "STRIPE_API_BASE must be an http:// or https:// URL" }).optional(),
    /** "off" keeps the embedded database on the server's own thread (decision 020). */
    PGLITE_THREAD: z.enum(["on", "off"]).default("on"),
    /** SMTP server for outgoing mail (smtp://user:pass@host:587); without it, mail is written to DATA_DIR/mail. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(1).default("Aurore <contact@aurore-beaute.fr>"),
    /** How text messages leave (decision 043): "file" writes them to DATA_DIR/sms, "log" only logs them. */
    SMS_TRANSPORT: z.enum(["file", "log"]).default("file"),
    /** Read by app/.server/logger.ts (docs/decisions/040-logs-and-metrics.md); checked here so a typo stops the boot. */
    LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
    /** The bearer token GET /metrics asks for; without it the shop has no /metrics (404). */
    METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
    /** Sign-in and sign-up attempts allowed per IP address and minute. */
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(10),
    /**
     * Failed sign-ins (decision 022). Per account and address: AUTH_SIGNIN_FREE_FAILURES free, then
     * each attempt waits a delay starting at AUTH_SIGNIN_FIRST_DELAY_SECONDS and doubling up to
     * AUTH_SIGNIN_MAX_DELAY_SECONDS. Per address (any account): AUTH_SIGNIN_IP_MAX_FAILURES. Per
     * account (every address): past AUTH_SIGNIN_ACCOUNT_MAX_FAILURES, only addresses it signed in
     * from before may try. Failures are forgotten AUTH_SIGNIN_WINDOW_SECONDS after the last one.
     */
    AUTH_SIGNIN_FREE_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
    AUTH_SIGNIN_FIRST_DELAY_SECONDS: z.coerce.number().min(0.01).max(3600).default(1),
    AUTH_SIGNIN_MAX_DELAY_SECONDS: z.coerce.number().min(0.01).max(86_400).default(900),
    AUTH_SIGNIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(50),
    AUTH_SIGNIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(100),
    AUTH_SIGNIN_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86_400)
      .default(3600),
    /** Wrong current passwords or two-factor codes of a signed-in user, per account and per address, per window. */
    AUTH_SECRET_CHECK_MAX_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(10),
    AUTH_SECRET_CHECK_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    // Legal notices (LCEN). The defaults are clearly fictional demo values: set the real ones.
    LEGAL_COMPANY_NAME: z.string().min(1).default("Aurore Beauté SAS (société fictive de démonstration)"),
    LEGAL_FORM: z.string().min(1).default("Société par actions simplifiée (SAS)"),
    LEGAL_ADDRESS: z.string().min(1).default("12 rue des Lilas, 75008 Paris, France"),
    LEGAL_PHONE: z.string().min(1).default("01 23 45 67 89"),
    LEGAL_EMAIL: z.string().min(1).default("contact@aurore-beaute.fr"),
    LEGAL_RCS: z.string().min(1).default("RCS Paris 000 000 000 (fictif)"),
    /** Printed on invoices and credit notes (docs/decisions/031-invoices.md). */
    LEGAL_SIREN: z.string().min(1).default("000 000 000 (fictif)"),
    LEGAL_SHARE_CAPITAL: z.string().min(1).default("10 000 €"),
    LEGAL_VAT_NUMBER: z.string().min(1).default("FR00 000000000 (fictif)"),
    LEGAL_PUBLICATION_DIRECTOR: z.string().min(1).default("Camille Aurore, présidente (fictive)"),
    LEGAL_HOST: z.string().min(1).default("Hébergeur Exemple SAS, 1 avenue de l'Exemple, 75001 Paris, France, 01 00 00 00 00 (fictif)"),
    LEGAL_MEDIATOR: z.string().min(1).default("Médiateur de la consommation Exemple, 10 rue de la Médiation, 75002 Paris (fictif)"),
    /**
     * Product images go to DATA_DIR/uploads unless S3_BUCKET names an S3-compatible bucket
     * (AWS S3, MinIO, Scaleway, OVH...); then S3_ENDPOINT and the key pair are required too.
     */
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** true (default): https://endpoint/bucket/key; false: https://bucket.endpoint/key. */
    S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("true"),
    /**
     * A card charge with no order after this long is refunded by the reconciliation job
     * (decision 021). Short values are for crash tests (npm run chaos:checkout).
     */
    PAYMENT_RECONCILE_GRACE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    /** The live chat's answer timeout before a waiting conversation becomes a ticket (default 2 minutes; short in tests). */
    CHAT_ANSWER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
    /** true: the live chat takes conversations whatever the opening hours (tests and demos). */
    CHAT_ALWAYS_OPEN: z.enum(["true", "false"]).default("false"),
    /** How long an e-mail being sent is hidden from other outbox passes (resent after a crash once it runs out). */
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    /** Lets webhooks reach private, loopback and link-local addresses (decision 050): tests and local receivers only. */
    WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
    /** First webhook retry delay, doubled on each failure up to an hour, for 24 h (decision 050). */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
    /**
     * Processes `npm start` runs on PostgreSQL (server/cluster.mjs, which checks it before any
     * worker starts; default: one per core). Ignored on PGlite, which is one process (decision 039).
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /** The bound on a graceful shutdown (server/shutdown.mjs): past it the process exits with code 1. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(10),
    /**
     * The real carriers the shop ships with (decision 062): "colissimo", "mondialrelay" or both,
     * comma-separated. Empty (the default): the demonstration's carrier serves every method.
     */
    CARRIERS: z
      .string()
      .default("")
      .transform((value) => [
        ...new Set(
          value
            .split(",")
            .map((c) => c.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.enum(REAL_CARRIER_CODES, { error: "CARRIERS lists colissimo and/or mondialrelay, comma-separated" }))),
    /** Colissimo's contract number and web-services password (Simple Label Solution, Point Retrait). */
    COLISSIMO_CONTRACT_NUMBER: z
      .string()
      .regex(/^[0-9]{6,10}$/, "COLISSIMO_CONTRACT_NUMBER is the 6 to 10 digit contract number")
      .optional(),
    COLISSIMO_PASSWORD: z.string().min(1).optional(),
    /** La Poste's API key (X-Okapi-Key) for parcel tracking. */
    LAPOSTE_OKAPI_KEY: z.string().min(8, "LAPOSTE_OKAPI_KEY must be La Poste's API key").optional(),
    /** Mondial Relay's brand code (8 characters, "BDTEST13" for its test account) and private key. */
    MONDIAL_RELAY_ENSEIGNE: z
      .string()
      .regex(/^[0-9A-Z]{8}$/, "MONDIAL_RELAY_ENSEIGNE is the 8-character brand code")
      .optional(),
    MONDIAL_RELAY_PRIVATE_KEY: z.string().min(1).optional(),
    /** Tests only: local servers that speak the carriers' APIs (tests/support/carriers) instead of theirs. */
    COLISSIMO_SLS_URL: testUrl("COLISSIMO_SLS_URL"),
    COLISSIMO_POINTS_URL: testUrl("COLISSIMO_POINTS_URL"),
    LAPOSTE_TRACKING_URL: testUrl("LAPOSTE_TRACKING_URL"),
    MONDIAL_RELAY_URL: testUrl("MONDIAL_RELAY_URL"),
    MONDIAL_RELAY_LABEL_URL: testUrl("MONDIAL_RELAY_LABEL_URL"),
    /** How often parcels in transit are asked of their carrier (decision 062). */
    TRACKING_POLL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  })
  .superRefine((env, ctx) => {
    const required: Record<(typeof REAL_CARRIER_CODES)[number], readonly (keyof typeof env)[]> = {
      colissimo: ["COLISSIMO_CONTRACT_NUMBER", "COLISSIMO_PASSWORD", "LAPOSTE_OKAPI_KEY"],
      mondialrelay: ["MONDIAL_RELAY_ENSEIGNE", "MONDIAL_RELAY_PRIVATE_KEY"],
    };
    for (const carrier of env.CARRIERS) {
      for (const key of required[carrier]) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when CARRIERS lists ${carrier}` });
      }
    }
  })
  .superRefine((env, ctx) => {
    if (!env.S3_BUCKET) return;
    for (const key of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when S3_BUCKET is set` });
    }
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER !== "stripe") return;
    // The webhook (POST /api/v1/payments/stripe/webhook) verifies every event with the signing secret.
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when PAYMENT_PROVIDER=stripe` });
    }
    const secretMode = stripeKeyMode(env.STRIPE_SECRET_KEY);
    const publishableMode = stripeKeyMode(env.STRIPE_PUBLISHABLE_KEY);
    if (secretMode && publishableMode && secretMode !== publishableMode) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_PUBLISHABLE_KEY"],
        message: `STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key but STRIPE_SECRET_KEY is a ${secretMode} key: both must be test keys or both live keys`,
      });
    }
    // A live key talks to api.stripe.com only, never to a test server.
    if (env.STRIPE_API_BASE && secretMode === "live") {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_API_BASE"],
        message: "STRIPE_API_BASE is for tests: it cannot be used with a live STRIPE_SECRET_KEY",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & { publicUrl: string; dataDir: string };

function emptyToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(source)) out[key] = value === "" ? undefined : value;
  return out;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(emptyToUndefined(source));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  // A live shop takes real money; a demonstration never does (decision 060).
  const problems = shopModeProblems(env, EnvSchema.parse({}));
  if (problems.length > 0) {
    const mode = env.SHOP_MODE === "live" ? "en production (SHOP_MODE=live)" : "en démonstration (SHOP_MODE=demo)";
    throw new Error(`La boutique ne peut pas démarrer ${mode} :\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return { ...env, publicUrl, dataDir: path.resolve(env.DATA_DIR) };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
