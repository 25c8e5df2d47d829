import { useCallback, useEffect, useId, useReducer, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { notificationAge } from "../notification-age";
import { useTimeZone } from "~/components/ui/time-zone";
import { useLanguage, useT } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { useNotificationWording } from "../use-notification-wording";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import {
  NOTIFICATION_STREAM_URL,
  announceNotificationsChanged,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  onNotificationsChanged,
  removeNotification,
} from "../notification-api";
import { askNotificationPermissionOnce, showBrowserNotification } from "../browser-notifications";
import { notificationBadgeText } from "~/domain/notifications/notification.rules";
import { bellReducer, initialBellState } from "../bell-state";
import type { NotificationView } from "~/domain/notifications/notification.types";
import { BellButton } from "./bell-button";

const SOURCE = "bell";

/**
 * The header bell (spec storefront §2, §4, §9): the 50 latest order notifications, newest first,
 * the unread count, mark one or all read, delete; new ones arrive live through Server-Sent Events
 * and, when the shopper allowed it, as a system notification. Errors are logged, never shown: a
 * failed change reloads the list from the server so the bell never shows a state it does not have.
 */
export function NotificationBell({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const t = useT();
  const format = localizedFormat(useLanguage(), useTimeZone());
  const word = useNotificationWording();
  const language = useLanguage();
  // The stream's listener words a desktop notification with the latest wording.
  const wordRef = useRef({ word, language });
  wordRef.current = { word, language };
  const [state, dispatch] = useReducer(bellReducer, initialBellState);
  const [open, setOpen] = useState(initiallyOpen);
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  // Whether the live stream is subscribed (data-live, which the journeys wait for).
  const [live, setLive] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
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

  // A navigation closes the list.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return undefined;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function toggle() {
    if (!open) {
      // Asked here, on the shopper's click, and only once (spec storefront §4).
      askNotificationPermissionOnce(pushEnabled);
      if (!state.loaded) void load();
    }
    setOpen((value) => !value);
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  /** Keeps the keyboard in the list when the focused button disappears. */
  function focusAfterChange(id: string, removed: boolean) {
    requestAnimationFrame(() => {
      const panel = document.getElementById(panelId);
      if (!panel) return;
      const target = removed
        ? panel.querySelector<HTMLElement>("[data-notification-action]")
        : panel.querySelector<HTMLElement>(`[data-notification-id="${CSS.escape(id)}"] [data-notification-action]`);
      (target ?? document.getElementById(headingId))?.focus();
    });
  }

  async function markRead(notification: NotificationView) {
    dispatch({ type: "read", id: notification.id });
    focusAfterChange(notification.id, false);
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
    focusAfterChange(notification.id, true);
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

  const now = new Date();

  return (
    // The wrapper only hears keys bubbling from the bell and its panel (Escape); it is not a widget itself.
    <div ref={rootRef} role="presentation" className="relative" onKeyDown={onKeyDown} data-live={live ? "ready" : undefined}>
      <BellButton
        ref={buttonRef}
        badge={state.loaded ? notificationBadgeText(state.unread) : null}
        unreadText={state.loaded && state.unread > 0 ? t("account.notifications.unread", { count: state.unread }) : null}
        expanded={open}
        controls={panelId}
        onClick={toggle}
      />
      <div
        id={panelId}
        role="dialog"
        aria-labelledby={headingId}
        hidden={!open}
        className="fixed inset-x-4 top-20 z-40 max-h-[70vh] overflow-y-auto rounded-xl border border-line bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
      >
        <div className="sticky top-0 flex items-center justify-between gap-3 border-b border-line bg-white px-4 py-3">
          <h2 id={headingId} tabIndex={-1} className="font-display text-lg outline-none">
            {t("account.bell.name")}
          </h2>
          <button type="button" onClick={markAll} className="min-h-11 rounded-lg px-2 text-sm font-semibold text-accent hover:underline">
            {t("account.notifications.markAll")}
          </button>
        </div>
        {!state.loaded ? (
          <p className="px-4 py-8 text-center text-sm text-muted" aria-busy="true">
            {t("account.loading")}
          </p>
        ) : state.items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted">{t("account.bell.empty")}</p>
        ) : (
          <ul aria-label={t("account.bell.latest")} className="divide-y divide-line">
            {state.items.map((notification) => (
              <BellItem
                key={notification.id}
                notification={notification}
                age={notificationAge(notification.created_at, now, t, format)}
                onRead={() => markRead(notification)}
                onDelete={() => remove(notification)}
              />
            ))}
          </ul>
        )}
        <div className="border-t border-line px-4 py-2 text-center">
          <Link
            to="/dashboard?tab=notifications"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-ink hover:text-accent"
          >
            {t("account.bell.seeAll")}
          </Link>
        </div>
      </div>
    </div>
  );
}

function BellItem({
  notification,
  age,
  onRead,
  onDelete,
}: {
  notification: NotificationView;
  age: string;
  onRead: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const t = useT();
  const worded = useNotificationWording()(notification);
  const unread = !notification.is_read;
  return (
    <li data-notification-id={notification.id} className={`px-4 py-3 ${unread ? "bg-accent-soft" : ""}`}>
      <div className="flex items-start gap-2">
        {unread && <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-accent" />}
        <div className="min-w-0 flex-1">
          <p id={titleId} className={`text-sm ${unread ? "font-semibold" : "font-medium"} text-ink`}>
            {unread && <span className="sr-only">{t("account.bell.unreadPrefix")} </span>}
            {worded.title}
          </p>
          <p className="mt-0.5 text-sm text-muted">{worded.message}</p>
          <p className="mt-1 text-xs text-muted">
            <time dateTime={notification.created_at}>{age}</time>
          </p>
        </div>
      </div>
      <div className="mt-1 flex flex-wrap justify-end gap-1">
        {unread && (
          <button
            type="button"
            onClick={onRead}
            aria-describedby={titleId}
            data-notification-action=""
            className="min-h-11 rounded-lg px-2 text-xs font-semibold text-ink hover:bg-band hover:text-accent"
          >
            {t("account.notifications.markRead")}
          </button>
        )}
        <button
          type="button"
          onClick={onDelete}
          aria-describedby={titleId}
          data-notification-action=""
          className="min-h-11 rounded-lg px-2 text-xs font-semibold text-muted hover:bg-band hover:text-accent"
        >
          {t("account.bell.delete")}
        </button>
      </div>
    </li>
  );
}
