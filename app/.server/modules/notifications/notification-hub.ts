/**
 * Realtime delivery of new notifications: the notifications' topic on the process's live hub
 * (live-hub.ts). Each signal names the notification and its owner; the row is read once (by id
 * AND user id) and handed to that user's open pages only.
 */
import type { Database } from "~/.server/db/client";
import { createLiveHub, getLiveHub, type LiveHub, type LiveHubSource, type LiveSubscribeOptions, type LiveTopic } from "~/.server/live-hub";
import type { NotificationView } from "~/domain/notifications/notification.types";
import { NOTIFICATION_CHANNEL, getNotification, type NotificationSignal } from "./notifications.service";

export type NotificationListener = (notification: NotificationView) => void;

/**
 * Open live streams one account may hold in this process: each is an HTTP connection and a
 * subscription, so a script opening streams in a loop cannot pile them up. The next one closes
 * the oldest (a person rarely keeps more tabs of the shop open than this).
 */
export const NOTIFICATION_STREAMS_PER_ACCOUNT = 5;

export type SubscribeOptions = LiveSubscribeOptions;

export type NotificationHub = {
  /**
   * Resolves once the process listens, so any notification committed afterwards reaches `listener`.
   * Past NOTIFICATION_STREAMS_PER_ACCOUNT subscriptions of one account, the oldest is evicted.
   */
  subscribe(userId: string, listener: NotificationListener, options?: SubscribeOptions): Promise<() => void>;
  /** Graceful shutdown (the whole live hub's): every open subscription is removed and told. */
  closeAll(): void;
  /** Pages currently subscribed to notifications (for tests and diagnostics). */
  readonly subscriberCount: number;
};

function parseSignal(payload: string): NotificationSignal | null {
  try {
    const value = JSON.parse(payload) as Partial<NotificationSignal> | null;
    if (value && typeof value.id === "string" && typeof value.user_id === "string") return { id: value.id, user_id: value.user_id };
  } catch {
    // A payload we did not write: ignored.
  }
  return null;
}

function notificationTopic(maxPerAccount: number): LiveTopic<NotificationSignal, NotificationView> {
  return {
    name: "notifications",
    channel: NOTIFICATION_CHANNEL,
    parse: parseSignal,
    keysOf: (signal) => [signal.user_id],
    load: (db: Database, signal) => getNotification(db, signal.user_id, signal.id),
    maxPerKey: maxPerAccount,
  };
}

/** The notifications' view of a live hub. */
export function notificationHubOn(live: LiveHub, maxPerAccount = NOTIFICATION_STREAMS_PER_ACCOUNT): NotificationHub {
  const topic = notificationTopic(maxPerAccount);
  return {
    subscribe: (userId, listener, options) => live.subscribe(topic, userId, listener, options),
    closeAll: () => live.closeAll(),
    get subscriberCount() {
      return live.subscriberCount(topic);
    },
  };
}

/** A hub of its own over one database (tests); `source` is resolved on the first subscription. */
export function createNotificationHub(
  source: () => Promise<LiveHubSource>,
  maxPerAccount = NOTIFICATION_STREAMS_PER_ACCOUNT,
): NotificationHub {
  return notificationHubOn(createLiveHub(source), maxPerAccount);
}

/** The process-wide hub: the notifications' topic on the one live hub. */
export function getNotificationHub(): NotificationHub {
  return notificationHubOn(getLiveHub());
}
