/**
 * Who listens to which domain event (decision 054): the one place that composes the events
 * modules record with the modules that act on them. Modules record events and never know their
 * subscribers; the outbox runs these after the commit, at least once, each with its receipt.
 */
import {
  ADMIN_CHANGE_TYPES,
  isAdminChange,
  type DomainEvent,
  type AdminNotice,
  type DomainEventType,
  type MailRequest,
  type MemberNotice,
} from "~/domain/events/domain-events";
import type { ActivityPage, ActivityQuery } from "~/domain/activity-log/activity-log";
import type { Database } from "../db/client";
import { settleEvents, type EventSubscriber } from "../outbox/events";
import { listAdminActions, recordAdminAction } from "../modules/activity-log/activity-log.service";
import { enqueueWebhookEvent } from "../modules/webhooks/webhooks.service";
import { createNotification } from "../modules/notifications/notifications.service";
import { listAdministratorIds } from "../modules/accounts/administrators.service";
import { createWelcomeCode } from "../modules/promotions/promo-codes.service";
import { enqueueMail, kickOutbox } from "../outbox/outbox.service";
import { renderMailRequest } from "../mail/mail-request";
import { savedCardTokensAmong } from "../modules/payment-methods/payment-methods.service";
import { tokensOfOpenSchedules } from "../modules/payment-schedules/payment-schedules.service";
import { getPaymentProvider } from "../modules/payments/payment-provider";
import { savedCardProviderOf, type PaymentProvider } from "~/domain/payments/payment-provider";

/** The events whose payload may ask for e-mails (`mailsOf` reads each). */
const MAIL_EVENT_TYPES = [
  "ticket.answered",
  "gift_card.offered",
  "gift_card.sent",
  "webhook.failing",
  "instalment.authentication_required",
] as const satisfies readonly DomainEventType[];
import type { Executor } from "../db/client";

/** The Journal d'activité: one entry per administrator's change, at the time the change committed. */
const activityLog: EventSubscriber = {
  name: "activity-log",
  types: ADMIN_CHANGE_TYPES,
  handle: async (tx, event) => {
    if (!isAdminChange(event)) return;
    await recordAdminAction(tx, { ...event.payload, action: event.type, occurredAt: event.occurredAt });
  },
};

/**
 * Signed webhooks (decision 050): the shop's events become webhook events for the endpoints
 * listening, with the resource as the change committed it. The enqueueing and its receipt commit
 * together, so each change gives one webhook event even when its domain event runs again.
 */
const webhooks: EventSubscriber = {
  name: "webhooks",
  types: ["product.changed", "stock.fell_low", "review.submitted"],
  handle: async (tx, event) => {
    switch (event.type) {
      case "product.changed":
        await enqueueWebhookEvent(tx, "product.updated", event.payload.productId, event.payload.resource);
        return;
      case "stock.fell_low":
        await enqueueWebhookEvent(tx, "stock.low", event.payload.productId, event.payload.resource);
        return;
      case "review.submitted":
        await enqueueWebhookEvent(tx, "review.created", event.payload.reviewId, event.payload.resource);
        return;
    }
  },
};

/** A notice as the notifications module writes it (its time back to a Date). */
function notify(tx: Executor, notice: MemberNotice) {
  const { createdAt, ...rest } = notice;
  return createNotification(tx, { ...rest, ...(createdAt ? { createdAt: new Date(createdAt) } : {}) });
}

/** A notice for the team: one copy on each administrator's bell, as they are when the event is handled. */
async function notifyAdministrators(tx: Executor, notice: AdminNotice, occurredAt: Date) {
  for (const userId of await listAdministratorIds(tx)) await notify(tx, { createdAt: occurredAt.toISOString(), ...notice, userId });
}

/**
 * The members' bells: the notice the recording module worded, written with its receipt (once per
 * event) and signalled to the open pages when it commits.
 */
const notifications: EventSubscriber = {
  name: "notifications",
  types: [
    "ticket.answered",
    "gift_card.offered",
    "webhook.failing",
    "payment.amount_mismatch",
    "payment.disputed",
    "payment.refunded_outside",
  ],
  handle: async (tx, event) => {
    switch (event.type) {
      case "ticket.answered":
      case "gift_card.offered":
        if (event.payload.notice) await notify(tx, event.payload.notice);
        return;
      case "webhook.failing":
        for (const notice of event.payload.notices) await notify(tx, notice);
        return;
      case "payment.amount_mismatch":
      case "payment.disputed":
      case "payment.refunded_outside":
        await notifyAdministrators(tx, event.payload.notice, event.occurredAt);
        return;
    }
  },
};

/** The e-mails an event asks for (a request per recipient), none for an event that asks for none. */
function mailsOf(event: DomainEvent): readonly MailRequest[] {
  switch (event.type) {
    case "ticket.answered":
    case "gift_card.offered":
      return event.payload.mail ? [event.payload.mail] : [];
    case "gift_card.sent":
    case "instalment.authentication_required":
      return [event.payload.mail];
    case "webhook.failing":
      return event.payload.mails ?? [];
    default:
      return [];
  }
}

/**
 * The e-mails that follow events: the recording module worded the request, this renders and
 * queues each mail with the receipt, so an event run again mails nobody twice. The mail outbox
 * then sends them (its own retries, decision 021), woken just after this commits.
 */
const mails: EventSubscriber = {
  name: "mail",
  types: MAIL_EVENT_TYPES,
  handle: async (tx, event) => {
    const requests = mailsOf(event);
    for (const request of requests) await enqueueMail(tx, await renderMailRequest(request));
    if (requests.length > 0) setTimeout(kickOutbox, 25).unref();
  },
};

/**
 * The newsletter's welcome offer (decision 016): a personal code, created and mailed with the
 * receipt; the promotions module keeps it to one per e-mail however often the address confirms.
 */
const welcomeOffer: EventSubscriber = {
  name: "welcome-offer",
  types: ["newsletter.confirmed"],
  handle: async (tx, event) => {
    if (event.type !== "newsletter.confirmed") return;
    // The mail is queued in this transaction; the worker is woken just after it commits.
    if (await createWelcomeCode(tx, event.payload.email, new Date(event.payload.confirmedAt))) setTimeout(kickOutbox, 25).unref();
  },
};

/**
 * Cards the shop no longer keeps are forgotten at the provider (decision 059, "Saved cards"): a
 * token that left the saved cards, or whose paid-in-3 schedule owes nothing more, is detached from
 * the shopper's Stripe Customer, so it can no longer be charged, unless a saved card or a schedule
 * still owing something holds it (whichever lets go of it last detaches it). The simulated acquirer
 * has no such side: nothing to do. Detaching is idempotent at Stripe (already detached is done), so
 * an event run again does no harm; Stripe unreachable throws, and the outbox tries again later.
 * `providerOf` is the shop's provider; tests give theirs.
 */
export function providerCardRelease(providerOf: (db: Executor) => PaymentProvider = getPaymentProvider): EventSubscriber {
  return {
    name: "provider-cards",
    types: ["payment_method.removed", "payment_schedule.ended"],
    handle: async (tx, event) => {
      if (event.type !== "payment_method.removed" && event.type !== "payment_schedule.ended") return;
      const cards = savedCardProviderOf(providerOf(tx));
      if (!cards) return;
      const { tokens } = event.payload;
      const saved = await savedCardTokensAmong(tx, tokens);
      const scheduled = await tokensOfOpenSchedules(tx, tokens);
      for (const token of tokens) {
        if (!saved.has(token) && !scheduled.has(token)) await cards.detachPaymentMethod(token);
      }
    },
  };
}

export const EVENT_SUBSCRIBERS: readonly EventSubscriber[] = [
  activityLog,
  webhooks,
  notifications,
  mails,
  welcomeOffer,
  providerCardRelease(),
];

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
