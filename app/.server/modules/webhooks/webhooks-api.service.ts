/**
 * The webhooks as the admin API shows them (decisions 049 and 050): endpoints (never their
 * secret) and each endpoint's delivery log with its attempts, walked by (updated_at, id).
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { keysetConditions, keysetOrder, type KeysetWindow } from "~/.server/db/keyset";
import { webhookEndpoints } from "~/.server/db/schema";
import { isUuid } from "~/lib/uuid";
import { getWebhookDelivery, listWebhookDeliveriesSince, type WebhookDeliveryRecord } from "./webhooks.service";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type Window = KeysetWindow & { limit: number };

function endpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
export type ApiWebhookEndpoint = ReturnType<typeof endpointView>;

/** `limit` endpoints after the cursor. */
export async function listWebhookEndpointsForApi(db: Executor, window: Window): Promise<ApiWebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(...keysetConditions(webhookEndpoints.updatedAt, webhookEndpoints.id, window)))
    .orderBy(...keysetOrder(webhookEndpoints.updatedAt, webhookEndpoints.id))
    .limit(window.limit);
  return rows.map(endpointView);
}

/** One endpoint, or null when the id is unknown. */
export async function getWebhookEndpointForApi(db: Executor, id: string): Promise<ApiWebhookEndpoint | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ? endpointView(row) : null;
}

function deliveryView(r: WebhookDeliveryRecord) {
  return {
    id: r.id,
    event_id: r.eventId,
    event_type: r.eventType,
    resource_id: r.resourceId,
    status: r.status,
    next_attempt_at: r.nextAttemptAt,
    delivered_at: r.deliveredAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    attempts: r.attempts.map((a) => ({ at: a.at, duration_ms: a.durationMs, response_code: a.responseCode, ok: a.ok, error: a.error })),
  };
}

/** `limit` deliveries of the endpoint after the cursor, each with its event and its attempts. */
export async function listWebhookDeliveriesForApi(db: Executor, endpointId: string, window: Window) {
  return (await listWebhookDeliveriesSince(db, endpointId, window)).map(deliveryView);
}

/** One delivery of the endpoint, or null (an unknown endpoint, delivery, or a delivery of another endpoint). */
export async function getWebhookDeliveryForApi(db: Executor, endpointId: string, deliveryId: string) {
  if (!/^[1-9]\d{0,14}$/.test(deliveryId)) return null;
  const row = await getWebhookDelivery(db, endpointId, Number(deliveryId));
  return row ? deliveryView(row) : null;
}
