/**
 * The webhook worker (decision 050): claims due deliveries with FOR UPDATE SKIP LOCKED (several
 * server processes share the work), posts the signed body outside any transaction, then records
 * the attempt. At least once: a crash after the receiver answered and before the attempt is
 * recorded sends it again once the lease runs out, with the same event id. In order per
 * resource: a delivery is due only when no earlier delivery of the same resource to the same
 * endpoint is still pending. Failures retry with exponential backoff for 24 h; then the delivery
 * fails, the endpoint is marked failing and the administrators are told.
 */
import http from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, DatabaseHandle, Executor } from "~/.server/db/client";
import { user, webhookAttempts, webhookDeliveries, webhookEndpoints } from "~/.server/db/schema";
import { getEnv } from "~/.server/env";
import { log } from "~/.server/logger";
import { remember } from "~/lib/remember";
import { checkWebhookUrl, resolveDeliverableAddresses, systemLookup, type Lookup } from "./url-guard";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";
import { recordEvent } from "~/.server/outbox/events";
import type { MailRequest, MemberNotice } from "~/domain/events/domain-events";
import { WEBHOOK_CHANNEL, webhooksAllowPrivate } from "./webhooks.service";

/** Retries stop this long after the delivery was queued (or resent). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** The backoff doubles up to this delay, then stays there. */
export const WEBHOOK_RETRY_MAX_DELAY_MS = 60 * 60_000;
/** A claimed delivery is hidden from the other workers this long while it is being posted. */
export const WEBHOOK_CLAIM_LEASE_MS = 60_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_BATCH_SIZE = 50;
/** Posts in flight at once per worker (each to a different resource, so order holds). */
export const WEBHOOK_CONCURRENCY = 16;
const POLL_INTERVAL_MS = 1_000;
const RESPONSE_ERROR_MAX = 500;

/** Delay before the next try after `attempts` failures: base, 2 x base, 4 x base... capped at an hour. */
export function webhookRetryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), Math.max(WEBHOOK_RETRY_MAX_DELAY_MS, baseMs));
}

/** When to try again after `attempts` failures, or null when that would fall outside the 24 h. */
export function nextWebhookAttempt(attempts: number, windowStartedAt: Date, now: Date, baseMs: number): Date | null {
  const next = new Date(now.getTime() + webhookRetryDelayMs(attempts, baseMs));
  return next.getTime() - windowStartedAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? null : next;
}

export type WebhookPost = { url: string; body: string; headers: Record<string, string> };
export type WebhookResponse = { status: number; body: string };
export type PostWebhook = (post: WebhookPost) => Promise<WebhookResponse>;

/**
 * Posts over http(s) to an address checked by the URL guard: the connection is made to the
 * addresses that were checked (the socket's lookup returns them), never to a second DNS answer.
 */
export function httpPoster(options: { allowPrivate: boolean; lookup?: Lookup; timeoutMs?: number }): PostWebhook {
  const lookup = options.lookup ?? systemLookup;
  return async ({ url: raw, body, headers }) => {
    const url = checkWebhookUrl(raw, options.allowPrivate);
    const addresses = await resolveDeliverableAddresses(url.hostname, options.allowPrivate, lookup);
    const pinned = (
      _host: string,
      opts: { all?: boolean },
      callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    };
    const client = url.protocol === "https:" ? https : http;
    return new Promise<WebhookResponse>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: "POST",
          headers: { ...headers, "Content-Length": Buffer.byteLength(body).toString() },
          lookup: pinned as never,
          timeout: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
          agent: false,
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            if (text.length < RESPONSE_ERROR_MAX) text += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text.slice(0, RESPONSE_ERROR_MAX) }));
          response.on("error", reject);
        },
      );
      request.on("timeout", () => request.destroy(new Error("délai de réponse dépassé")));
      request.on("error", reject);
      request.end(body);
    });
  };
}

export type WebhookPassOptions = {
  now?: Date;
  post?: PostWebhook;
  retryBaseMs?: number;
  leaseMs?: number;
  concurrency?: number;
};

export type WebhookPassResult = { delivered: number; failed: number; gaveUp: number };

type Claimed = {
  id: number;
  endpoint_id: string;
  attempts: number;
  window_started_at: Date | string;
  event_id: string;
  type: string;
  resource_id: string;
  payload: Record<string, unknown>;
  event_created_at: Date | string;
  url: string;
  secret: string;
  failing_since: Date | string | null;
};

/** The body receivers get: the same bytes on every attempt of one event. */
export function webhookBody(event: {
  id: string;
  type: string;
  createdAt: Date;
  resourceId: string;
  payload: Record<string, unknown>;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    resource_id: event.resourceId,
    data: event.payload,
  });
}

async function claimDue(db: Database, now: Date | undefined, leaseMs: number): Promise<Claimed[]> {
  const due = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const until = now
    ? sql`${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz`
    : sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  const result = await db.execute(sql`
    WITH due AS (
      SELECT d.id FROM webhook_deliveries d
      JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.active
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${due}
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries p
          WHERE p.endpoint_id = d.endpoint_id AND p.resource_key = d.resource_key AND p.status = 'pending' AND p.id < d.id
        )
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${WEBHOOK_BATCH_SIZE}
      FOR UPDATE OF d SKIP LOCKED
    ), claimed AS (
      UPDATE webhook_deliveries w SET next_attempt_at = ${until}
      FROM due WHERE w.id = due.id
      RETURNING w.id, w.endpoint_id, w.event_id, w.attempts, w.window_started_at
    )
    SELECT c.id, c.endpoint_id, c.attempts, c.window_started_at, ev.id AS event_id, ev.type, ev.resource_id, ev.payload,
           ev.created_at AS event_created_at, e.url, e.secret, e.failing_since
    FROM claimed c
    JOIN webhook_events ev ON ev.id = c.event_id
    JOIN webhook_endpoints e ON e.id = c.endpoint_id
    ORDER BY c.id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Claimed[] }).rows) as Claimed[];
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

/** One pass: claims the due deliveries and posts them, a few at a time. */
export async function processWebhookDeliveries(db: Database, options: WebhookPassOptions = {}): Promise<WebhookPassResult> {
  const env = getEnv();
  const post = options.post ?? httpPoster({ allowPrivate: webhooksAllowPrivate() });
  const baseMs = options.retryBaseMs ?? env.WEBHOOK_RETRY_BASE_MS;
  const claimed = await claimDue(db, options.now, options.leaseMs ?? WEBHOOK_CLAIM_LEASE_MS);
  const result: WebhookPassResult = { delivered: 0, failed: 0, gaveUp: 0 };
  const queue = [...claimed];
  const run = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const outcome = await deliverOne(db, row, post, baseMs, options.now);
      result[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? WEBHOOK_CONCURRENCY, queue.length) }, run));
  return result;
}

async function deliverOne(
  db: Database,
  row: Claimed,
  post: PostWebhook,
  baseMs: number,
  fixedNow: Date | undefined,
): Promise<keyof WebhookPassResult> {
  const body = webhookBody({
    id: row.event_id,
    type: row.type,
    createdAt: new Date(row.event_created_at),
    resourceId: row.resource_id,
    payload: row.payload,
  });
  const started = Date.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await post({
      url: row.url,
      body,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Aurore-Webhooks/1.0",
        "Aurore-Event-Id": row.event_id,
        "Aurore-Event-Type": row.type,
        [SIGNATURE_HEADER]: signatureHeader(row.secret, body, fixedNow ?? new Date()),
      },
    });
    status = response.status;
    if (status < 200 || status >= 300) error = `HTTP ${status}${response.body ? ` : ${response.body}` : ""}`;
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const durationMs = Date.now() - started;
  const now = fixedNow ?? new Date();
  const ok = error === null;
  const attempts = row.attempts + 1;
  const next = ok ? null : nextWebhookAttempt(attempts, new Date(row.window_started_at), now, baseMs);
  return db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: row.id,
      attemptedAt: now,
      durationMs,
      responseCode: status,
      ok,
      error: error?.slice(0, RESPONSE_ERROR_MAX) ?? null,
    });
    if (ok) {
      await tx
        .update(webhookDeliveries)
        .set({ status: "delivered", attempts, deliveredAt: now, lastResponseCode: status, lastError: null })
        .where(eq(webhookDeliveries.id, row.id));
      // A success heals a failing endpoint (read at the claim: most passes skip this write).
      if (row.failing_since !== null)
        await tx
          .update(webhookEndpoints)
          .set({ failingSince: null })
          .where(and(eq(webhookEndpoints.id, row.endpoint_id), sql`${webhookEndpoints.failingSince} IS NOT NULL`));
      return "delivered" as const;
    }
    await tx
      .update(webhookDeliveries)
      .set({ status: next ? "pending" : "failed", attempts, nextAttemptAt: next ?? now, lastResponseCode: status, lastError: error })
      .where(eq(webhookDeliveries.id, row.id));
    if (next) {
      log.warn({ deliveryId: row.id, attempts, reason: error }, "webhooks: delivery failed, will retry");
      return "failed" as const;
    }
    log.error({ deliveryId: row.id, attempts, reason: error }, "webhooks: delivery given up after 24 h");
    await markEndpointFailing(tx, row.endpoint_id, row.url, now);
    return "gaveUp" as const;
  });
}

/** The endpoint turns failing once (not on each delivery given up): the administrators hear it then. */
async function markEndpointFailing(tx: Executor, endpointId: string, url: string, now: Date): Promise<void> {
  const [marked] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: now })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.failingSince)))
    .returning({ id: webhookEndpoints.id });
  if (!marked) return;
  const admins = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.role, "admin"));
  const link = `${getEnv().publicUrl}/admin/parametres/webhooks/${endpointId}`;
  const notices: MemberNotice[] = [];
  const mails: MailRequest[] = [];
  for (const admin of admins) {
    notices.push({
      userId: admin.id,
      type: "system",
      priority: "high",
      title: "Webhook en échec",
      message: `Le webhook ${url} n'a pas pu être livré pendant 24 h : il est marqué en échec.`,
      actionUrl: `/admin/parametres/webhooks/${endpointId}`,
      // Stored in French (the API's text); the bell words it in the reader's language (decision 044).
      messageKey: "webhookFailing",
      params: { url },
      metadata: { webhook_endpoint_id: endpointId },
    });
    mails.push({
      to: admin.email,
      subject: `Webhook en échec : ${url}`,
      text: [
        `Le webhook ${url} n'a pas pu être livré pendant 24 heures malgré les nouvelles tentatives.`,
        "Il est marqué en échec. Vérifiez le service qui le reçoit, puis renvoyez les événements depuis le journal des envois :",
        link,
      ].join("\n"),
    });
  }
  // The bells and the e-mails follow the event (decision 054).
  await recordEvent(tx, "webhook.failing", { endpointId, notices, mails });
}

type Worker = { stop?: () => Promise<void>; kick?: () => void };
/** Remembered so the dev server's module reloads share one worker. */
const worker = remember<Worker>("webhook-worker", () => ({}));

/**
 * Polls every second and wakes at once on the NOTIFY a committed enqueue sends; returns the stop
 * function (awaits the pass in progress).
 */
export async function startWebhookWorker(
  handle: Pick<DatabaseHandle, "db" | "listen">,
  options: WebhookPassOptions = {},
): Promise<() => Promise<void>> {
  await worker.stop?.();
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = processWebhookDeliveries(handle.db, options)
      .then((r) => {
        // A full batch or a success may have unblocked the next delivery of a resource: pass again.
        if (r.delivered + r.failed + r.gaveUp > 0) again = true;
      })
      .catch((error) => log.error({ err: error }, "webhooks: pass failed"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          setImmediate(tick);
        }
      });
  };
  const timer = setInterval(tick, POLL_INTERVAL_MS);
  timer.unref();
  const unlisten = await handle.listen(WEBHOOK_CHANNEL, tick).catch(() => undefined);
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten?.();
    await running;
    if (worker.stop === stop) {
      worker.stop = undefined;
      worker.kick = undefined;
    }
  };
  worker.stop = stop;
  worker.kick = tick;
  tick();
  return stop;
}
