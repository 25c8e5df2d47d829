import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useLanguage } from "~/components/ui/i18n";
import { useNotificationWording } from "../use-notification-wording";
import {
  NOTIFICATION_STREAM_URL,
  announceNotificationsChanged,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  onNotificationsChanged,
  removeNotification,
} from "../notification-api";
import { showBrowserNotification } from "../browser-notifications";
import { bellReducer, initialBellState } from "../bell-state";
import type { NotificationView } from "~/domain/notifications/notification.types";

const SOURCE = "bell";

/**
 * The bell's list: loaded from the server, kept current by the live stream and by the other
 * lists of this page, and changed optimistically (a failed change reloads it). `afterChange`
 * runs once a notification was marked read or removed from the list, before the server answers.
 */
export function useBellFeed(afterChange: (id: string, removed: boolean) => void) {
  const word = useNotificationWording();
  const language = useLanguage();
  // The stream's listener words a desktop notification with the latest wording.
  const wordRef = useRef({ word, language });
  wordRef.current = { word, language };
  const [state, dispatch] = useReducer(bellReducer, initialBellState);
  // Whether the live stream is subscribed (data-live, which the journeys wait for).
  const [live, setLive] = useState(false);
  // The "Notifications push" switch (decision 043); read through a ref by the stream's listener.
  const pushEnabled = (useRouteLoaderData("root") as { pushNotifications?: boolean } | undefined)?.pushNotifications === true;
  const pushRef = useRef(pushEnabled);
  useEffect(() => {
    pushRef.current = pushEnabled;
  }, [pushEnabled]);

  const load = useCallback(async () => {
    const result = await fetchNotifications({ type: "order_status" });
    if (result.ok) dispatch({ type: "loaded", items: result.data.data, unread: result.data.unread_count });
    else console.error("[notifications] loading failed:", result.message);
  }, []);

  useEffect(() => {
    void load();
    return onNotificationsChanged(SOURCE, () => void load());
  }, [load]);

  // The live stream. EventSource reconnects by itself; after a reconnection the list is reloaded,
  // because notifications created while the connection was down were not pushed.
  useEffect(() => {
    if (typeof EventSource === "undefined") return undefined;
    const source = new EventSource(NOTIFICATION_STREAM_URL);
    let readyBefore = false;
    // `ready` comes once the server has subscribed this page (`open` comes earlier, with the
    // headers): a reload then cannot miss a notification raised in between.
    source.addEventListener("ready", () => {
      if (readyBefore) void load();
      readyBefore = true;
      setLive(true);
    });
    source.addEventListener("error", () => setLive(false));
    source.addEventListener("notification", (event) => {
      let notification: NotificationView;
      try {
        notification = JSON.parse((event as MessageEvent<string>).data) as NotificationView;
      } catch (error) {
        console.error("[notifications] unreadable event:", error);
        return;
      }
      // The dashboard tab lists every type: tell it whatever arrived.
      announceNotificationsChanged(SOURCE);
      if (notification.type !== "order_status") return;
      dispatch({ type: "arrived", notification });
      showBrowserNotification(wordRef.current.word(notification), notification.id, wordRef.current.language, pushRef.current);
    });
    return () => source.close();
  }, [load]);

  async function markRead(notification: NotificationView) {
    dispatch({ type: "read", id: notification.id });
    afterChange(notification.id, false);
    const result = await markNotificationRead(notification.id);
    if (!result.ok) {
      console.error("[notifications] mark read failed:", result.message);
      await load();
      return;
    }
    announceNotificationsChanged(SOURCE);
  }

  async function remove(notification: NotificationView) {
    dispatch({ type: "removed", id: notification.id });
    afterChange(notification.id, true);
    const result = await removeNotification(notification.id);
    if (!result.ok) {
      console.error("[notifications] delete failed:", result.message);
      await load();
      return;
    }
    announceNotificationsChanged(SOURCE);
  }

  async function markAll() {
    if (state.unread === 0 && state.items.every((i) => i.is_read)) return;
    dispatch({ type: "read-all" });
    const result = await markAllNotificationsRead();
    if (!result.ok) {
      console.error("[notifications] mark all read failed:", result.message);
      await load();
      return;
    }
    announceNotificationsChanged(SOURCE);
  }

  return { state, live, load, pushEnabled, markRead, remove, markAll };
}
