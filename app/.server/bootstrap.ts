import { startDatabase, stopDatabase } from "./db";
import { getEnv } from "./env";
import { getSessionSecret } from "./secrets";
import { getAuth } from "./auth/session.server";
import { getMailer } from "./mail/mailer";
import { purgeProcessedOutbox, startOutboxWorker } from "./outbox/outbox.service";
import { startEventWorker } from "./outbox/events";
import { EVENT_SUBSCRIBERS } from "./workflows/event-subscribers";
import { getSmsProvider } from "./sms/sms-provider";
import { startDailyJob, startRepeatingJob } from "./jobs/daily-job";
import { pollShipments } from "./workflows/shipments";
import { expireLoyaltyPoints } from "./workflows/points-expiry";
import { sendGiftCardExpiryReminders } from "./modules/gift-cards/gift-cards.service";
import { reconcilePayments } from "./modules/payments/payment-attempts.service";
import { getPaymentProvider } from "./modules/payments/payment-provider";
import { purgeOldStripeEvents } from "./modules/payments/stripe/stripe-webhook-events.service";
import { sendRestockAlerts } from "./modules/catalog/restock-alerts.service";
import { compactFacetCells } from "./modules/catalog/facets.service";
import { sendReviewInvitations } from "./workflows/review-invitations";
import { purgeOldAdminActions } from "./modules/activity-log/activity-log.service";
import { chargeDueInstalments } from "./workflows/charge-instalments";
import { chargeDueBoxes } from "./workflows/beauty-box";
import { startInvalidations, stopInvalidations } from "./invalidations";
import { followShopIdentity, unfollowShopIdentity } from "./modules/settings/shop-identity.service";
import { purgeVisitorConversations } from "./modules/chat/chat.service";
import { convertUnansweredChats } from "./workflows/chat-tickets";
import { CHAT_ANSWER_TIMEOUT_MS } from "~/domain/chat/chat";
import { startWebhookWorker } from "./modules/webhooks/webhook-delivery";
import { purgeOldWebhookDeliveries } from "./modules/webhooks/webhook-retention";
import { sweepAbandonedReviewPhotos } from "./workflows/review-photos";
import { sendCartReminders } from "./workflows/cart-reminders";

export type BootstrapResult = { database: string };

let stopOutbox: (() => Promise<void>) | undefined;
let stopEvents: (() => Promise<void>) | undefined;
let stopOutboxPurge: (() => Promise<void>) | undefined;
let stopLoyaltyExpiry: (() => Promise<void>) | undefined;
let stopGiftCardReminders: (() => Promise<void>) | undefined;
let stopPaymentReconciliation: (() => Promise<void>) | undefined;
let stopRestockAlerts: (() => Promise<void>) | undefined;
let stopFacetCells: (() => Promise<void>) | undefined;
let stopReviewInvitations: (() => Promise<void>) | undefined;
let stopActivityPurge: (() => Promise<void>) | undefined;
let stopInstalments: (() => Promise<void>) | undefined;
let stopBeautyBox: (() => Promise<void>) | undefined;
let stopChatFallback: (() => Promise<void>) | undefined;
let stopWebhooks: (() => Promise<void>) | undefined;
let stopChatPurge: (() => Promise<void>) | undefined;
let stopWebhookPurge: (() => Promise<void>) | undefined;
let stopStripeEventPurge: (() => Promise<void>) | undefined;
let stopReviewPhotoSweep: (() => Promise<void>) | undefined;
let stopShipmentTracking: (() => Promise<void>) | undefined;
let stopCartReminders: (() => Promise<void>) | undefined;

/** Everything the server needs before it takes requests. Safe to call more than once. */
export async function bootstrap(): Promise<BootstrapResult> {
  getSessionSecret();
  const handle = await startDatabase();
  // Hear the other server processes' invalidations before serving (decision 038).
  await startInvalidations(handle);
  // The mail footer renders without a database handle: it reads this followed copy (decision 045).
  await followShopIdentity(handle.db);
  await getAuth(); // creates the administrator when missing
  const env = getEnv();
  stopOutbox ??= startOutboxWorker(handle.db, getMailer(), {
    leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
    messageIdDomain: mailDomain(env.MAIL_FROM),
    sms: getSmsProvider(),
  });
  // Domain events' subscribers (decision 054): every process works them, claimed with SKIP LOCKED.
  stopEvents ??= startEventWorker(handle.db, EVENT_SUBSCRIBERS, { leaseMs: env.OUTBOX_LEASE_SECONDS * 1000 });
  // Processed outbox rows (mail, text messages, events) are kept 30 days, then purged.
  stopOutboxPurge ??= startDailyJob(handle.db, "outbox-purge", () => purgeProcessedOutbox(handle.db));
  // Card charges that got no order (a crash between payment and commit) are refunded after the
  // grace period: a first pass shortly after start-up, then at least every minute (decision 021).
  const graceMs = env.PAYMENT_RECONCILE_GRACE_SECONDS * 1000;
  stopPaymentReconciliation ??= startRepeatingJob(
    handle.db,
    "payment-reconciliation",
    () => reconcilePayments(handle.db, getPaymentProvider(handle.db), { graceMs }),
    { everyMs: Math.min(60_000, graceMs), shouldLog: (r) => r.examined > 0 },
  );
  // Beauty Pass points lapse 12 months after award; reminders 30 days before (idempotent).
  stopLoyaltyExpiry ??= startDailyJob(handle.db, "loyalty-expiry", () => expireLoyaltyPoints(handle.db));
  // Gift cards: one reminder 3 months before expiry (idempotent: marked with its outbox row).
  stopGiftCardReminders ??= startDailyJob(handle.db, "gift-card-expiry-reminders", () => sendGiftCardExpiryReminders(handle.db));
  // Seven days after delivery, one invitation to review per order (idempotent claim, decision 037).
  stopReviewInvitations ??= startDailyJob(handle.db, "review-invitations", () => sendReviewInvitations(handle.db));
  // The activity log keeps one year (decision 045).
  stopActivityPurge ??= startDailyJob(handle.db, "activity-log-purge", () => purgeOldAdminActions(handle.db));
  // Visitors' chat conversations go 30 days after their last message (decision 047).
  stopChatPurge ??= startDailyJob(handle.db, "chat-visitor-purge", () => purgeVisitorConversations(handle.db));
  // Paiement en 3 fois: instalments due today are charged, one try a day per instalment (the
  // claim records the day), so the pass runs hourly to charge early in the day (decision 035).
  stopInstalments ??= startRepeatingJob(handle.db, "instalments", () => chargeDueInstalments(handle.db), {
    everyMs: INSTALMENTS_EVERY_MS,
    shouldLog: (r) => r.charged + r.declined + r.failed + r.recovered + r.errors > 0,
  });
  // Beauty Box: each month's boxes charged from the 1st, retries after 1 and 3 days (decision 071).
  stopBeautyBox ??= startRepeatingJob(handle.db, "beauty-box", () => chargeDueBoxes(handle.db), {
    everyMs: INSTALMENTS_EVERY_MS,
    shouldLog: (r) => r.opened + r.charged + r.retrying + r.failed + r.recovered + r.errors > 0,
  });
  // 'M'avertir du retour en stock': restocked variants' alerts are mailed once (idempotent claim).
  stopRestockAlerts ??= startRepeatingJob(handle.db, "restock-alerts", () => sendRestockAlerts(handle.db, env.publicUrl), {
    everyMs: RESTOCK_ALERTS_EVERY_MS,
    shouldLog: (r) => r.notified > 0,
  });
  // The catalogue's facet cells grow by a delta row per product write that moves a product
  // between cells; folding them every minute keeps the cube a few thousand rows (decision 027).
  stopFacetCells ??= startRepeatingJob(handle.db, "facet-cells", () => compactFacetCells(handle.db), {
    everyMs: 60_000,
    shouldLog: (r) => r.before > 10_000,
  });
  // Live chat: a conversation nobody took within the answer timeout becomes a ticket; every
  // process checks often, the claim and SKIP LOCKED convert each one once (decision 047).
  const chatTimeoutMs = env.CHAT_ANSWER_TIMEOUT_SECONDS ? env.CHAT_ANSWER_TIMEOUT_SECONDS * 1000 : CHAT_ANSWER_TIMEOUT_MS;
  stopChatFallback ??= startRepeatingJob(
    handle.db,
    "chat-fallback",
    () => convertUnansweredChats(handle.db, { timeoutMs: chatTimeoutMs }),
    {
      everyMs: Math.max(1_000, Math.min(10_000, Math.floor(chatTimeoutMs / 4))),
      firstAfterMs: 1_000,
      shouldLog: (r) => r.converted > 0,
    },
  );
  // Signed webhooks (decision 050): every process works the deliveries, claimed with SKIP LOCKED.
  stopWebhooks ??= await startWebhookWorker(handle);
  // Their delivery log keeps 30 days after delivery or after the retry window (decision 050).
  stopWebhookPurge ??= startDailyJob(handle.db, "webhook-purge", () => purgeOldWebhookDeliveries(handle.db));
  // Stripe's webhook events are kept 30 days after they arrived, past any delivery Stripe can still make (decision 059).
  stopStripeEventPurge ??= startDailyJob(handle.db, "stripe-webhook-event-purge", () => purgeOldStripeEvents(handle.db));
  // Review photos no review took within a day go, rows then files (decision 037).
  stopReviewPhotoSweep ??= startRepeatingJob(handle.db, "review-photo-sweep", () => sweepAbandonedReviewPhotos(handle.db), {
    everyMs: REVIEW_PHOTO_SWEEP_EVERY_MS,
    shouldLog: (r) => r.removed > 0,
  });
  // Parcels in transit are asked of their carrier every TRACKING_POLL_MINUTES (decision 062).
  stopShipmentTracking ??= startRepeatingJob(handle.db, "shipment-tracking", () => pollShipments(handle.db), {
    everyMs: env.TRACKING_POLL_MINUTES * 60_000,
    shouldLog: (r) => r.asked + r.failed > 0,
  });
  // Forgotten carts: reminders after the delays of Paramètres, one per step and episode (decision 069).
  stopCartReminders ??= startRepeatingJob(handle.db, "cart-reminders", () => sendCartReminders(handle.db, { publicUrl: env.publicUrl }), {
    everyMs: CART_REMINDERS_EVERY_MS,
    shouldLog: (r) => r.sent + r.recovered > 0,
  });
  return { database: handle.label };
}

const RESTOCK_ALERTS_EVERY_MS = 60_000;
const CART_REMINDERS_EVERY_MS = 10 * 60_000;
const INSTALMENTS_EVERY_MS = 60 * 60 * 1000;
const REVIEW_PHOTO_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Called by the Node server on SIGINT/SIGTERM: stops the jobs and the mail worker, closes the database (PGlite flushes, lock released). */
export async function shutdown(): Promise<void> {
  await stopPaymentReconciliation?.();
  stopPaymentReconciliation = undefined;
  // A job's pass under way finishes before the database closes.
  await stopLoyaltyExpiry?.();
  stopLoyaltyExpiry = undefined;
  await stopGiftCardReminders?.();
  stopGiftCardReminders = undefined;
  await stopRestockAlerts?.();
  stopRestockAlerts = undefined;
  await stopFacetCells?.();
  stopFacetCells = undefined;
  await stopReviewInvitations?.();
  stopReviewInvitations = undefined;
  await stopActivityPurge?.();
  stopActivityPurge = undefined;
  await stopInstalments?.();
  stopInstalments = undefined;
  await stopBeautyBox?.();
  stopBeautyBox = undefined;
  await stopChatFallback?.();
  stopChatFallback = undefined;
  await stopWebhooks?.();
  stopWebhooks = undefined;
  await stopWebhookPurge?.();
  stopWebhookPurge = undefined;
  await stopStripeEventPurge?.();
  stopStripeEventPurge = undefined;
  await stopReviewPhotoSweep?.();
  stopReviewPhotoSweep = undefined;
  await stopShipmentTracking?.();
  stopShipmentTracking = undefined;
  await stopCartReminders?.();
  stopCartReminders = undefined;
  await stopChatPurge?.();
  stopChatPurge = undefined;
  await stopOutboxPurge?.();
  stopOutboxPurge = undefined;
  // An event not yet handled stays in the outbox: the next start (or another process) runs it.
  await stopEvents?.();
  stopEvents = undefined;
  await stopOutbox?.();
  stopOutbox = undefined;
  await stopInvalidations();
  unfollowShopIdentity();
  await stopDatabase();
}

/** The domain of the sender's address ("Aurore <contact@aurore-beaute.fr>" gives aurore-beaute.fr). */
function mailDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? "aurore-beaute.fr";
}
