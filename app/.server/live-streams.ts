import { getLiveHub } from "./live-hub";

/**
 * Graceful shutdown, first step after refusing new connections: the open Server-Sent Events
 * streams (notifications and chat, one live hub) end with a `retry:` hint (they would otherwise
 * keep the server waiting forever) and the pages reconnect to whichever process serves next
 * (docs/decisions/039).
 */
export function closeLiveStreams(): void {
  getLiveHub().closeAll();
}
