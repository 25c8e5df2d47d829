/**
 * Signed webhooks (decision 050): the endpoints the administrator registers in Paramètres, the
 * events written in the transaction of the change they report, and the delivery log. The only
 * writer of the webhook_* tables; the worker (webhook-delivery.ts) sends what is written here.
 */
import { and, arrayContains, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database, Executor } from "~/.server/db/client";
import { keysetConditions, keysetOrder, type KeysetWindow } from "~/.server/db/keyset";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "~/.server/db/schema";
import { getEnv } from "~/.server/env";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { invalid, notFound } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_RESOURCE_OF,
  type WebhookDeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
} from "~/domain/webhooks/webhooks";
import { WebhookEndpointSchema } from "~/domain/webhooks/webhook-endpoint.schema";
import { checkWebhookUrl } from "./url-guard";
import { generateWebhookSecret } from "./signature";

/** NOTIFY channel: the workers hear a commit that queued deliveries and pass at once. */
export const WEBHOOK_CHANNEL = "aurore_webhooks";
/** Entries of the delivery log shown per endpoint. */
export const WEBHOOK_LOG_LIMIT = 50;

export function webhooksAllowPrivate(): boolean {
  return getEnv().WEBHOOK_ALLOW_PRIVATE === "true";
}

/**
 * Records one event of a change, in the change's transaction: one event row (its id is the one
 * receivers deduplicate on) and one delivery row per active endpoint that subscribed to the type.
 * Nothing is written when no endpoint listens. `payload` may be a function, called only then.
 * Returns the event id, or null.
 */
export async function enqueueWebhookEvent(
  tx: Executor,
  type: WebhookEventType,
  resourceId: string,
  payload: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [type])));
  if (endpoints.length === 0) return null;
  // The resource is read only when someone listens: a shop without webhooks pays one select.
  const body = typeof payload === "function" ? await payload() : payload;
  const [event] = await tx.insert(webhookEvents).values({ type, resourceId, payload: body }).returning({ id: webhookEvents.id });
  const resourceKey = `${WEBHOOK_RESOURCE_OF[type]}:${resourceId}`;
  await tx.insert(webhookDeliveries).values(endpoints.map((e) => ({ endpointId: e.id, eventId: event.id, resourceKey })));
  await tx.execute(sql`SELECT pg_notify(${WEBHOOK_CHANNEL}, '')`);
  return event.id;
}

/* ---------------------------------------------------------------------------------------------- */
/* Endpoints (Paramètres > Webhooks)                                                              */
/* ---------------------------------------------------------------------------------------------- */

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function toView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    active: row.active,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the activity log keeps of an endpoint: never its secret. */
const logged = (row: EndpointRow) => ({ url: row.url, description: row.description, events: row.events, active: row.active });

const endpointNotFound = () => notFound("webhook_not_found", WEBHOOK_MESSAGES.notFound);

function parseEndpoint(input: unknown) {
  const parsed = WebhookEndpointSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "url")] ??= issue.message;
    const first = Object.values(fieldErrors)[0] ?? WEBHOOK_MESSAGES.urlInvalid;
    throw invalid("invalid_webhook", first, { fieldErrors });
  }
  try {
    checkWebhookUrl(parsed.data.url, webhooksAllowPrivate());
  } catch (error) {
    const message = error instanceof Error ? error.message : WEBHOOK_MESSAGES.urlInvalid;
    throw invalid("webhook_url_refused", message, { field: "url", fieldErrors: { url: message } });
  }
  return parsed.data;
}

export async function listWebhookEndpoints(db: Executor): Promise<WebhookEndpointView[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toView);
}

export async function getWebhookEndpoint(db: Executor, id: string): Promise<WebhookEndpointView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? toView(row) : null;
}

/** A new endpoint with a new secret; the secret is returned this once for the administrator to copy. */
export async function createWebhookEndpoint(
  db: Database,
  input: unknown,
  actor?: AdminActor,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const values = parseEndpoint(input);
  const secret = generateWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ ...values, secret })
      .returning();
    await recordAdminChangeBy(tx, actor, {
      action: "webhook.create",
      entityType: "webhook",
      entityId: row.id,
      summary: `Webhook ${row.url} créé`,
      after: logged(row),
    });
    return { endpoint: toView(row), secret };
  });
}

export async function updateWebhookEndpoint(db: Database, id: string, input: unknown, actor?: AdminActor): Promise<WebhookEndpointView> {
  if (!isUuid(id)) throw endpointNotFound();
  const values = parseEndpoint(input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!before) throw endpointNotFound();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...values, updatedAt: new Date(), ...(values.active && !before.active ? { failingSince: null } : {}) })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAdminChangeBy(tx, actor, {
      action: "webhook.update",
      entityType: "webhook",
      entityId: id,
      summary: `Webhook ${row.url} modifié${before.active !== row.active ? (row.active ? " (activé)" : " (désactivé)") : ""}`,
      before: logged(before),
      after: logged(row),
    });
    return toView(row);
  });
}

/** 'Désactiver' / 'Activer': a deactivated endpoint receives no new event and its queue waits. */
export async function setWebhookEndpointActive(
  db: Database,
  id: string,
  active: boolean,
  actor?: AdminActor,
): Promise<WebhookEndpointView> {
  if (!isUuid(id)) throw endpointNotFound();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for("update");
    if (!before) throw endpointNotFound();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ active, updatedAt: new Date(), ...(active ? { failingSince: null } : {}) })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAdminChangeBy(tx, actor, {
      action: active ? "webhook.activate" : "webhook.deactivate",
      entityType: "webhook",
      entityId: id,
      summary: `Webhook ${row.url} ${active ? "activé" : "désactivé"}`,
      before: { active: before.active },
      after: { active },
    });
    return toView(row);
  });
}

/** 'Régénérer le secret': the old one stops signing at once; the new one is shown this once. */
export async function rotateWebhookSecret(db: Database, id: string, actor?: AdminActor): Promise<string> {
  if (!isUuid(id)) throw endpointNotFound();
  const secret = generateWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, id))
      .returning({ url: webhookEndpoints.url });
    if (!row) throw endpointNotFound();
    await recordAdminChangeBy(tx, actor, {
      action: "webhook.rotate_secret",
      entityType: "webhook",
      entityId: id,
      summary: `Webhook ${row.url} : secret régénéré`,
    });
    return secret;
  });
}

/* ---------------------------------------------------------------------------------------------- */
/* Delivery log                                                                                   */
/* ---------------------------------------------------------------------------------------------- */

/** A delivery of the log, with what the admin API shows beside the page's view. */
export type WebhookDeliveryRecord = WebhookDeliveryView & { deliveredAt: string | null; updatedAt: string };

/** The endpoint's latest deliveries, newest first, each with its attempts (status, duration, code). */
export async function listWebhookDeliveries(db: Executor, endpointId: string, limit = WEBHOOK_LOG_LIMIT): Promise<WebhookDeliveryRecord[]> {
  if (!isUuid(endpointId)) return [];
  return selectDeliveries(db, eq(webhookDeliveries.endpointId, endpointId), [desc(webhookDeliveries.id)], limit);
}

/**
 * The admin API's walk over the endpoint's log (decision 049): `limit` deliveries after the
 * cursor by (updated_at, id); an attempt or a resend moves a delivery to the end.
 */
export async function listWebhookDeliveriesSince(
  db: Executor,
  endpointId: string,
  window: KeysetWindow & { limit: number },
): Promise<WebhookDeliveryRecord[]> {
  if (!isUuid(endpointId)) return [];
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    ...keysetConditions(webhookDeliveries.updatedAt, webhookDeliveries.id, window),
  );
  return selectDeliveries(db, where, keysetOrder(webhookDeliveries.updatedAt, webhookDeliveries.id), window.limit);
}

/** One delivery of the endpoint's log, or null. */
export async function getWebhookDelivery(db: Executor, endpointId: string, deliveryId: number): Promise<WebhookDeliveryRecord | null> {
  if (!isUuid(endpointId) || !Number.isSafeInteger(deliveryId)) return null;
  const where = and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId));
  const [row] = await selectDeliveries(db, where, [], 1);
  return row ?? null;
}

async function selectDeliveries(db: Executor, where: SQL | undefined, order: SQL[], limit: number): Promise<WebhookDeliveryRecord[]> {
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      resourceId: webhookEvents.resourceId,
      status: webhookDeliveries.status,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      createdAt: webhookDeliveries.createdAt,
      updatedAt: webhookDeliveries.updatedAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(webhookAttempts.id));
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    eventType: r.eventType,
    resourceId: r.resourceId,
    status: r.status as WebhookDeliveryStatus,
    nextAttemptAt: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    attempts: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({ at: a.attemptedAt.toISOString(), durationMs: a.durationMs, responseCode: a.responseCode, ok: a.ok, error: a.error })),
  }));
}

/** 'Renvoyer': the delivery goes out again now, same event id and body, with a fresh 24 h of retries. */
export async function resendWebhookDelivery(db: Database, endpointId: string, deliveryId: number, actor?: AdminActor): Promise<void> {
  if (!isUuid(endpointId) || !Number.isSafeInteger(deliveryId))
    throw notFound("webhook_delivery_not_found", WEBHOOK_MESSAGES.deliveryNotFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, windowStartedAt: sql`now()`, deliveredAt: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning({ eventId: webhookDeliveries.eventId });
    if (!row) throw notFound("webhook_delivery_not_found", WEBHOOK_MESSAGES.deliveryNotFound);
    await recordAdminChangeBy(tx, actor, {
      action: "webhook.resend",
      entityType: "webhook",
      entityId: endpointId,
      summary: `Webhook : événement ${row.eventId} renvoyé`,
    });
    await tx.execute(sql`SELECT pg_notify(${WEBHOOK_CHANNEL}, '')`);
  });
}

/** Deletes the endpoint with its queue and delivery log; its events stay until the retention purge. */
export async function deleteWebhookEndpoint(db: Database, id: string, actor?: AdminActor): Promise<void> {
  if (!isUuid(id)) throw endpointNotFound();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!row) throw endpointNotFound();
    await recordAdminChangeBy(tx, actor, {
      action: "webhook.delete",
      entityType: "webhook",
      entityId: id,
      summary: `Webhook ${row.url} supprimé`,
      before: logged(row),
    });
  });
}
