/**
 * Notifications worded in the reader's language (decision 044). A notification stores its French
 * title and message (the API's text, and what rows stored before show) and, since migration 0035,
 * the catalog message that words it, `account.notification.<key>.title` / `.message`, with its
 * values: the bell, the Notifications tab and the realtime stream's desktop notification word it
 * at display. Isomorphic: no React, no server import.
 */
import type { LocalizedFormat } from "~/domain/i18n/localized-format";
import type { NotificationView } from "./notification.types";

export const NOTIFICATION_MESSAGE_KEYS = [
  "orderStatus",
  "returnRequested",
  "returnRefunded",
  "returnRefused",
  "pointsExpiry",
  "giftCardOffered",
  "instalmentUnpaid",
  "instalmentNotConfirmed",
  "reviewPublished",
  "reviewRejected",
  "ticketReply",
  "webhookFailing",
  "orderRefunded",
  "paymentDisputed",
  "paymentDisputeClosed",
  "paymentRefundedOutside",
  "paymentAmountMismatch",
  "beautyBoxUnpaid",
  "beautyBoxCardMissing",
] as const;
export type NotificationMessageKey = (typeof NOTIFICATION_MESSAGE_KEYS)[number];

/**
 * Values are stored as strings, already as the message shows them, except two the reader's
 * language writes: `amountCents` is shown as `{amount}` (a price) and `expiresAt` (an instant,
 * ISO) as `{date}` in the reader's time zone.
 */
export type NotificationParams = Record<string, string>;

export function notificationValues(params: NotificationParams, format: LocalizedFormat): Record<string, string> {
  const values: Record<string, string> = { ...params };
  if (params.amountCents !== undefined && Number.isFinite(Number(params.amountCents)))
    values.amount = format.price(Number(params.amountCents));
  if (params.expiresAt) values.date = format.date(params.expiresAt);
  return values;
}

/** Looks a catalog key up: its text, or null when the catalog lacks it. */
export type LookUp = (key: string, values: Record<string, string>) => string | null;

/** Title and message in the reader's language; a notification without a known message keeps its stored text. */
export function wordNotification(
  notification: Pick<NotificationView, "title" | "message" | "message_key" | "params">,
  lookUp: LookUp,
  format: LocalizedFormat,
): { title: string; message: string } {
  const key = notification.message_key;
  if (!key || !(NOTIFICATION_MESSAGE_KEYS as readonly string[]).includes(key)) {
    return { title: notification.title, message: notification.message };
  }
  const values = notificationValues(notification.params ?? {}, format);
  return {
    title: lookUp(`account.notification.${key}.title`, values) ?? notification.title,
    message: lookUp(`account.notification.${key}.message`, values) ?? notification.message,
  };
}
