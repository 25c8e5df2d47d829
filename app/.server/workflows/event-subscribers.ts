/**
 * Who listens to which domain event (decision 054): the one place that composes the events
 * modules record with the modules that act on them. Modules record events and never know their
 * subscribers; the outbox runs these after the commit, at least once, each with its receipt.
 */
import { DOMAIN_EVENT_TYPES, isAdminChange } from "~/domain/events/domain-events";
import type { ActivityPage, ActivityQuery } from "~/domain/activity-log/activity-log";
import type { Database } from "../db/client";
import { settleEvents, type EventSubscriber } from "../outbox/events";
import { listAdminActions, recordAdminAction } from "../modules/activity-log/activity-log.service";

/** The Journal d'activité: one entry per administrator's change, at the time the change committed. */
const activityLog: EventSubscriber = {
  name: "activity-log",
  types: DOMAIN_EVENT_TYPES,
  handle: async (tx, event) => {
    if (!isAdminChange(event)) return;
    await recordAdminAction(tx, { ...event.payload, action: event.type, occurredAt: event.occurredAt });
  },
};

export const EVENT_SUBSCRIBERS: readonly EventSubscriber[] = [activityLog];

/** Runs the events due now (their subscribers' writes are then visible to the caller). */
export function settleDomainEvents(db: Database): Promise<void> {
  return settleEvents(db, EVENT_SUBSCRIBERS);
}

/**
 * The Journal d'activité as it stands once the changes already committed are in it: the page
 * an administrator opens right after a change shows that change.
 */
export async function readActivityLog(db: Database, query: ActivityQuery): Promise<ActivityPage> {
  await settleDomainEvents(db);
  return listAdminActions(db, query);
}
