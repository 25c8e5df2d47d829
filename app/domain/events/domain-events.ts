/**
 * The domain events (decision 054): what a change records, in its own transaction, for the side
 * effects that follow it. Each type names its payload here; subscribers (the composition in
 * app/.server/workflows/event-subscribers.ts) run from the outbox after the commit, at least once,
 * and a test holds every type to at least one subscriber.
 */
import { ACTIVITY_ACTION_LABELS, type AdminActor, type AdminChangeAction } from "../activity-log/activity-log";

/** A back-office or admin-API change: who made it, on what, and the fields before and after (secrets masked). */
export type AdminChange = {
  actor: AdminActor;
  entityType: string;
  entityId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
};

/** Each event type with its payload. Every action the activity log records is one. */
export type DomainEventPayloads = { [A in AdminChangeAction]: AdminChange };

export type DomainEventType = keyof DomainEventPayloads;

/** Every event type, for the subscriber test and the dispatcher's check of a stored row. */
export const DOMAIN_EVENT_TYPES = Object.keys(ACTIVITY_ACTION_LABELS) as DomainEventType[];

const KNOWN = new Set<string>(DOMAIN_EVENT_TYPES);
export const isDomainEventType = (type: unknown): type is DomainEventType => typeof type === "string" && KNOWN.has(type);

/** An event as a subscriber receives it: its outbox row's id is its identity (receipts key on it). */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  id: number;
  type: T;
  payload: DomainEventPayloads[T];
  occurredAt: Date;
};

/** The events an administrator's change records: those whose payload is an AdminChange. */
export const isAdminChange = (event: DomainEvent): event is DomainEvent<AdminChangeAction> => event.type in ACTIVITY_ACTION_LABELS;
