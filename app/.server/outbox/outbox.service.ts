import { and, asc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { outbox } from "../db/schema";
import type { MailMessage, SendMail } from "../mail/mailer";
import type { SmsMessage, SmsProvider } from "../sms/sms-provider";
import { remember } from "~/lib/remember";
import { log } from "../logger";

export const MAIL_TOPIC = "mail";
/** Text messages (decision 043): same rows, same claim, retries and lease as the mail. */
export const SMS_TOPIC = "sms";
/** Rows claimed per pass. */
export const OUTBOX_BATCH_SIZE = 20;
/** After this many failed attempts a row is left alone (kept with its last error for inspection). */
export const OUTBOX_MAX_ATTEMPTS = 5;
/** First retry delay; doubled on each further failure (30 s, 1 min, 2 min, 4 min). */
export const OUTBOX_BASE_BACKOFF_MS = 30_000;
/** A claimed row is hidden from other workers this long while it is being sent (OUTBOX_LEASE_SECONDS). */
export const OUTBOX_CLAIM_LEASE_MS = 5 * 60_000;
const POLL_INTERVAL_MS = 2_000;

/** Queues an e-mail; pass the transaction so the mail is sent only if it commits. */
export async function enqueueMail(db: Executor, mail: MailMessage): Promise<void> {
  const payload: MailMessage = {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
  };
  if (mail.html) payload.html = mail.html;
  if (mail.headers && Object.keys(mail.headers).length > 0) payload.headers = { ...mail.headers };
  await db.insert(outbox).values({ topic: MAIL_TOPIC, payload });
}

/** Queues a text message; pass the transaction so it is sent only if it commits. */
export async function enqueueSms(db: Executor, sms: SmsMessage): Promise<void> {
  const payload: SmsMessage = { to: sms.to, text: sms.text };
  await db.insert(outbox).values({ topic: SMS_TOPIC, payload });
}

export function retryDelayMs(attempts: number): number {
  return OUTBOX_BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);
}

function readMail(payload: Record<string, unknown>, messageId: string): MailMessage {
  const { to, subject, text, html } = payload;
  if (typeof to !== "string" || typeof subject !== "string" || typeof text !== "string") {
    throw new Error("malformed mail payload");
  }
  const headers = readHeaders(payload.headers);
  return { to, subject, text, ...(typeof html === "string" ? { html } : {}), ...(headers ? { headers } : {}), messageId };
}

/** A payload's extra headers: string values only, names without line breaks (no header injection). */
function readHeaders(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === "string" && /^[A-Za-z0-9-]+$/.test(name) && !/[\r\n]/.test(v)) headers[name] = v;
  }
  return Object.keys(headers).length > 0 ? headers : undefined;
}

function readSms(payload: Record<string, unknown>, messageId: string): SmsMessage {
  const { to, text } = payload;
  if (typeof to !== "string" || typeof text !== "string") throw new Error("malformed sms payload");
  return { to, text, messageId };
}

export type OutboxPassResult = { sent: number; failed: number };

export type OutboxOptions = {
  /** How long a claimed row stays hidden from other passes (default 5 minutes). */
  leaseMs?: number;
  /** The right-hand side of the Message-IDs given to the mails (the sender's domain). */
  messageIdDomain?: string;
};

/**
 * One pass over the due mail rows. Rows are claimed with FOR UPDATE SKIP LOCKED and leased
 * (available_at pushed forward) in a short transaction, then sent outside it so a slow SMTP
 * server never holds a database lock (PGlite has a single connection).
 *
 * At most once per row, as far as a mail can be (decision 021): the claim also gives the row its
 * Message-ID, committed before anything is sent, and every send of the row carries it. The window
 * that remains is a crash (or a lost answer) after the SMTP server accepted the mail and before
 * the row is marked processed: once the lease runs out the row is sent again, with the same
 * Message-ID, so the receiving server or mail client can recognise the duplicate. Closing it
 * entirely would need the SMTP server to take part in our transaction, which SMTP cannot do.
 */
export async function processOutbox(db: Database, send: SendMail, options: { now?: Date } & OutboxOptions = {}): Promise<OutboxPassResult> {
  return processOutboxTopic(db, MAIL_TOPIC, (row) => send(readMail(row.payload, row.messageId)), options);
}

/** One pass over the due text messages, exactly as the mail (claim, lease, retries). */
export async function processSmsOutbox(
  db: Database,
  provider: SmsProvider,
  options: { now?: Date } & OutboxOptions = {},
): Promise<OutboxPassResult> {
  return processOutboxTopic(db, SMS_TOPIC, (row) => provider.send(readSms(row.payload, row.messageId)), options);
}

/** A claimed row as its topic's handler receives it. */
export type ClaimedOutboxRow = { id: number; payload: Record<string, unknown>; messageId: string; createdAt: Date };

/**
 * One pass over a topic's due rows: claimed and leased in a short transaction, each handed to
 * `deliver` outside it, then marked processed, or retried later with backoff when `deliver`
 * throws. Mail, text messages and domain events (app/.server/outbox/events.ts) share it.
 */
export async function processOutboxTopic(
  db: Database,
  topic: string,
  deliver: (row: ClaimedOutboxRow) => Promise<void>,
  options: { now?: Date } & OutboxOptions = {},
): Promise<OutboxPassResult> {
  const now = options.now ?? new Date();
  const leaseMs = options.leaseMs ?? OUTBOX_CLAIM_LEASE_MS;
  const domain = options.messageIdDomain ?? "aurore-beaute.fr";
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: outbox.id,
        payload: outbox.payload,
        attempts: outbox.attempts,
      })
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, topic),
          isNull(outbox.processedAt),
          // Rows are stamped with the database clock: compare with it unless a test sets the time.
          options.now ? lte(outbox.availableAt, options.now) : lte(outbox.availableAt, sql`now()`),
          lt(outbox.attempts, OUTBOX_MAX_ATTEMPTS),
        ),
      )
      .orderBy(asc(outbox.availableAt), asc(outbox.id))
      .limit(OUTBOX_BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    // A row keeps the Message-ID of its first claim: a resend after a crash reuses it.
    return tx
      .update(outbox)
      .set({
        availableAt: new Date(now.getTime() + leaseMs),
        messageId: sql`coalesce(${outbox.messageId}, '<' || gen_random_uuid() || '@' || ${domain}::text || '>')`,
      })
      .where(
        inArray(
          outbox.id,
          rows.map((r) => r.id),
        ),
      )
      .returning({
        id: outbox.id,
        payload: outbox.payload,
        attempts: outbox.attempts,
        messageId: outbox.messageId,
        createdAt: outbox.createdAt,
      });
  });

  const result: OutboxPassResult = { sent: 0, failed: 0 };
  for (const row of claimed) {
    try {
      await deliver({ id: row.id, payload: row.payload, messageId: row.messageId!, createdAt: row.createdAt });
      await db.update(outbox).set({ processedAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
      result.sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          lastError: message.slice(0, 1000),
          availableAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(outbox.id, row.id));
      result.failed += 1;
      if (attempts >= OUTBOX_MAX_ATTEMPTS) {
        log.error({ outboxId: row.id, attempts, reason: message }, `outbox: ${topic} given up`);
      } else {
        log.warn({ outboxId: row.id, attempts, reason: message }, `outbox: ${topic} failed, will retry`);
      }
    }
  }
  return result;
}

/** Processed rows are kept this long (for inspection), then purged by the daily job. */
export const OUTBOX_RETENTION_DAYS = 30;

/**
 * Deletes rows processed more than the retention ago (their event receipts go with them); rows
 * not processed, including those given up, stay for inspection. Returns how many went.
 */
export async function purgeProcessedOutbox(db: Executor, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 24 * 3600 * 1000);
  const deleted = await db.delete(outbox).where(lt(outbox.processedAt, cutoff)).returning({ id: outbox.id });
  return deleted.length;
}

/** Mail rows due now and not given up: the backlog /metrics reports (one count on each scrape). */
export async function countDueMail(db: Database): Promise<number> {
  const [row] = await db
    .select({ due: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      and(
        eq(outbox.topic, MAIL_TOPIC),
        isNull(outbox.processedAt),
        lte(outbox.availableAt, sql`now()`),
        lt(outbox.attempts, OUTBOX_MAX_ATTEMPTS),
      ),
    );
  return Number(row?.due ?? 0);
}

type Worker = {
  timer?: NodeJS.Timeout;
  kick?: () => void;
  running?: Promise<void>;
};
/** Remembered so the dev server's module reloads share one worker. */
const worker = remember<Worker>("outbox-worker", () => ({}));

/** Polls the outbox every 2 s (mail, then text messages when a provider is given); returns the stop function (awaits a pass in progress). */
export function startOutboxWorker(db: Database, send: SendMail, options: OutboxOptions & { sms?: SmsProvider } = {}): () => Promise<void> {
  const sms = options.sms;
  if (worker.timer) clearInterval(worker.timer);
  let again = false;
  const tick = () => {
    if (worker.running) {
      again = true;
      return;
    }
    worker.running = processOutbox(db, send, options)
      .then(async () => {
        if (sms) await processSmsOutbox(db, sms, options);
      })
      .catch((error) => log.error({ err: error }, "outbox: pass failed"))
      .finally(() => {
        worker.running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, POLL_INTERVAL_MS);
  timer.unref();
  worker.timer = timer;
  worker.kick = () => setTimeout(tick, 0).unref();
  return async () => {
    clearInterval(timer);
    if (worker.timer === timer) {
      worker.timer = undefined;
      worker.kick = undefined;
    }
    await worker.running;
  };
}

/** Asks the worker for a pass now (after a transaction that queued mail commits); no-op without a worker. */
export function kickOutbox(): void {
  worker.kick?.();
}
