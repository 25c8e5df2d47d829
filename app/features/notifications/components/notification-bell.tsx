import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { useLocation } from "react-router";
import { useT } from "~/components/ui/i18n";
import { askNotificationPermissionOnce } from "../browser-notifications";
import { notificationBadgeText } from "~/domain/notifications/notification.rules";
import { BellButton } from "./bell-button";
import { useBellFeed } from "./notification-bell-feed";
import { NotificationBellPanel } from "./notification-bell-panel";

/**
 * The header bell (spec storefront §2, §4, §9): the 50 latest order notifications, newest first,
 * the unread count, mark one or all read, delete; new ones arrive live through Server-Sent Events
 * and, when the shopper allowed it, as a system notification. Errors are logged, never shown: a
 * failed change reloads the list from the server so the bell never shows a state it does not have.
 */
export function NotificationBell({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const t = useT();
  const panelId = useId();
  const headingId = useId();
  const { state, live, load, pushEnabled, markRead, remove, markAll } = useBellFeed(focusAfterChange);
  const [open, setOpen] = useState(initiallyOpen);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

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
      <NotificationBellPanel
        id={panelId}
        headingId={headingId}
        open={open}
        state={state}
        onMarkAll={markAll}
        onRead={markRead}
        onDelete={remove}
      />
    </div>
  );
}
