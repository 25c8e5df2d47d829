import { getNotificationHub } from "./modules/notifications/notification-hub";
import { getChatHub } from "./modules/chat/chat-hub";

/**
 * Graceful shutdown, first step after refusing new connections: the open Server-Sent Events
 * streams end with a `retry:` hint (they would otherwise keep the server waiting forever) and
 * the pages reconnect to whichever process serves next (docs/decisions/039).
 */
export function closeLiveStreams(): void {
  getNotificationHub().closeAll();
  getChatHub().closeAll();
}
