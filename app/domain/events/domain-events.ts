/**
 * The domain events (decision 054): what a change records, in its own transaction, for the side
 * effects that follow it. Each type names its payload here; subscribers (the composition in
 * app/.server/workflows/event-subscribers.ts) run from the outbox after the commit, at least once,
 * and a test holds every type to at least one subscriber.
 */
import { ACTIVITY_ACTION_LABELS, type AdminActor, type AdminChangeAction } from "../activity-log/activity-log";
import type { NotificationPriority, NotificationType } from "../notifications/notification.types";
import type { NotificationMessageKey, NotificationParams } from "../notifications/notification-wording";
import type { Language } from "../i18n/languages";

/** A back-office or admin-API change: who made it, on what, and the fields before and after (secrets masked). */
export type AdminChange = {
  actor: AdminActor;
  entityType: string;
  entityId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
};

/**
 * A resource as the change committed it (decision 050: the webhook body shows the state the change
 * committed, so the snapshot is taken in the change's transaction, not when a subscriber runs).
 */
export type ResourceSnapshot = Record<string, unknown>;

/**
 * What a member's bell is to show about an event, worded by the module that knows the event (the
 * French text, and the catalog key that words it in the reader's language: decision 044). JSON,
 * so its time is an ISO string.
 */
export type MemberNotice = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  priority?: NotificationPriority;
  actionUrl?: string | null;
  metadata?: Record<string, unknown>;
  messageKey?: NotificationMessageKey;
  params?: NotificationParams;
  createdAt?: string;
};

/** A notice every administrator is to get: the `notifications` subscriber gives each one a copy. */
export type AdminNotice = Omit<MemberNotice, "userId">;

/**
 * An e-mail that follows an event, as the recording module asks for it: one of the shop's mail
 * templates with its data and the recipient's language (rendered and queued by the `mail`
 * subscriber), or a plain message. The module knows what to say; it no longer queues the mail,
 * so a mail that follows an event is queued once, with the subscriber's receipt. A request may
 * carry what its mail carries (a gift card's code): the outbox row lives as long as the mail's.
 */
export type MailRequest =
  | { to: string; template: string; data: Record<string, unknown>; language?: Language; publicUrl?: string }
  | { to: string; subject: string; text: string };

/** The shop's own events, whoever causes them (an administrator, a shopper's order, an import). */
export type ShopEventPayloads = {
  /** A product's fields, variants or brand name changed. */
  "product.changed": { productId: string; resource: ResourceSnapshot };
  /** A variant's stock fell to the low-stock threshold or below, from above it. */
  "stock.fell_low": { productId: string; resource: ResourceSnapshot };
  /** A shopper left a review (pending moderation). */
  "review.submitted": { reviewId: string; resource: ResourceSnapshot };
  /**
   * The team answered a support ticket: a member's bell (no notice for a visitor's contact form)
   * and the reply by e-mail. Events recorded before mails followed them carry no mail: their
   * mail was queued with the change.
   */
  "ticket.answered": { ticketId: string; notice?: MemberNotice; mail?: MailRequest };
  /** The team offered a client a gift card (a goodwill gesture): the bell, and its code by e-mail. */
  "gift_card.offered": { giftCardId: string; notice: MemberNotice; mail?: MailRequest };
  /** An e-gift card bought in an order was issued: its code goes to its recipient by e-mail. */
  "gift_card.sent": { giftCardId: string; mail: MailRequest };
  /** A newsletter subscription was confirmed (double opt-in): the welcome offer follows, once per e-mail. */
  "newsletter.confirmed": { email: string; confirmedAt: string };
  /** A webhook endpoint could not be delivered for 24 h: each administrator is told, on the bell and by e-mail. */
  "webhook.failing": { endpointId: string; notices: MemberNotice[]; mails?: MailRequest[] };
  /**
   * The card provider reported a payment whose amount or currency is not the attempt's (decision
   * 059): refused, nothing changed; each administrator is told on the bell.
   */
  "payment.amount_mismatch": { paymentId: string; attemptId: string; notice: AdminNotice };
  /** A chargeback was opened on a payment, or decided (won, lost), recorded on its order: each administrator is told on the bell. */
  "payment.disputed": { disputeId: string; orderId: string | null; notice: AdminNotice };
  /** A refund was made at the provider, outside the shop: each administrator is told on the bell. */
  "payment.refunded_outside": { refundId: string; orderId: string | null; notice: AdminNotice };
  /**
   * Saved cards left the shop's list (deleted, erased with the account, or the same card saved
   * again under a new token): their provider tokens, never a card number. The provider forgets each
   * one nothing in the shop still charges (decision 059, "Saved cards").
   */
  "payment_method.removed": { tokens: string[]; reason: "deleted" | "erased" | "replaced" };
  /** A paid-in-3 schedule owes nothing more (each instalment paid or cancelled): the tokens it charged. */
  "payment_schedule.ended": { orderId: string; tokens: string[] };
  /**
   * The bank declined an instalment off session because it wants the shopper to authenticate it
   * (decision 035): the shopper is mailed the link to pay it themselves.
   */
  "instalment.authentication_required": { orderId: string; seq: number; mail: MailRequest };
};

export const SHOP_EVENT_TYPES = [
  "product.changed",
  "stock.fell_low",
  "review.submitted",
  "ticket.answered",
  "gift_card.offered",
  "gift_card.sent",
  "newsletter.confirmed",
  "webhook.failing",
  "payment.amount_mismatch",
  "payment.disputed",
  "payment.refunded_outside",
  "payment_method.removed",
  "payment_schedule.ended",
  "instalment.authentication_required",
] as const satisfies readonly (keyof ShopEventPayloads)[];

// Every shop event type is listed: a payload without its entry in the list does not compile.
const listed: [Exclude<keyof ShopEventPayloads, (typeof SHOP_EVENT_TYPES)[number]>] extends [never] ? true : never = true;
void listed;

/** Each event type with its payload. Every action the activity log records is one. */
export type DomainEventPayloads = { [A in AdminChangeAction]: AdminChange } & ShopEventPayloads;

export type DomainEventType = keyof DomainEventPayloads;

export const ADMIN_CHANGE_TYPES = Object.keys(ACTIVITY_ACTION_LABELS) as AdminChangeAction[];

/** Every event type, for the subscriber test and the dispatcher's check of a stored row. */
export const DOMAIN_EVENT_TYPES: readonly DomainEventType[] = [...ADMIN_CHANGE_TYPES, ...SHOP_EVENT_TYPES];

const KNOWN = new Set<string>(DOMAIN_EVENT_TYPES);
export const isDomainEventType = (type: unknown): type is DomainEventType => typeof type === "string" && KNOWN.has(type);

/**
 * An event as a subscriber receives it (a union over the types, so a `switch` on `type` narrows
 * the payload): its outbox row's id is its identity, and receipts key on it.
 */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: number; type: K; payload: DomainEventPayloads[K]; occurredAt: Date };
}[T];

/** The events an administrator's change records: those whose payload is an AdminChange. */
export const isAdminChange = (event: DomainEvent): event is DomainEvent<AdminChangeAction> => event.type in ACTIVITY_ACTION_LABELS;
