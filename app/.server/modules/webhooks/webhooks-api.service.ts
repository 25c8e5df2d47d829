/**
 * The webhooks as the admin API shows them (decisions 049 and 050): endpoints (never their
 * secret) and each endpoint's delivery log with its attempts, walked by (updated_at, id).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { keysetConditions, keysetOrder, type KeysetWindow } from "~/.server/db/keyset";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "~/.server/db/schema";
import { isUuid } from "~/lib/uuid";

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

/**
 * `limit` deliveries of the endpoint after the cursor, each with its event and its attempts. A
 * delivery's `updated_at` moves with each attempt and each resend, so a connector that keeps its
 * cursor sees every new outcome.
 */
export async function listWebhookDeliveriesForApi(db: Executor, endpointId: string, window: Window) {
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
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), ...keysetConditions(webhookDeliveries.updatedAt, webhookDeliveries.id, window)),
    )
    .orderBy(...keysetOrder(webhookDeliveries.updatedAt, webhookDeliveries.id))
    .limit(window.limit);
  const attempts =
    rows.length === 0
      ? []
      : await db
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
    event_id: r.eventId,
    event_type: r.eventType,
    resource_id: r.resourceId,
    status: r.status,
    next_attempt_at: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    attempts: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        at: a.attemptedAt.toISOString(),
        duration_ms: a.durationMs,
        response_code: a.responseCode,
        ok: a.ok,
        error: a.error,
      })),
  }));
}
