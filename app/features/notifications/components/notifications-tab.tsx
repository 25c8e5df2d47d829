import { useLanguage, useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import { notificationAge } from "../notification-age";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { useNotificationWording } from "../use-notification-wording";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTimeZone } from "~/components/ui/time-zone";
import { Link } from "react-router";
import {
  announceNotificationsChanged,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  onNotificationsChanged,
  removeNotification,
} from "~/features/notifications/notification-api";
import {
  NOTIFICATION_FILTER_LABELS,
  NOTIFICATION_PRIORITY_LABELS,
  NOTIFICATION_TYPE_LABELS,
  decrementUnread,
  matchesFilter,
  safeActionPath,
} from "~/domain/notifications/notification.rules";
import { NOTIFICATION_FILTERS, type NotificationFilter, type NotificationView } from "~/domain/notifications/notification.types";
import { secondaryButtonClass } from "~/components/ui/form-parts";
import { TabHeading } from "~/components/ui/tab-heading";

const SOURCE = "dashboard";

type TabData = { notifications: NotificationView[]; unreadCount: number } | null;

const EMPTY_TEXT: Record<NotificationFilter, MessageKey> = {
  all: "account.empty.notifications.text",
  unread: "account.notifications.allRead",
  read: "account.notifications.noneRead",
};

const PRIORITY_CLASS: Record<NotificationView["priority"], string> = {
  urgent: "bg-danger text-white",
  high: "bg-accent-soft text-accent-dark",
  normal: "bg-band text-ink",
  low: "bg-band text-muted",
};

/**
 * Notifications (spec back-office §2): every type with its type and priority, filters Toutes /
 * Non lues / Lues, mark one or all read, delete. Changes go through /api/v1/notifications; errors
 * are logged only (spec §8) and a failed change reloads the list, so the tab always shows the truth.
 */
export function NotificationsTab({ data }: { data: TabData }) {
  const timeZone = useTimeZone();
  const [items, setItems] = useState<NotificationView[]>(data?.notifications ?? []);
  const [unread, setUnread] = useState(data?.unreadCount ?? 0);
  const [filter, setFilter] = useState<NotificationFilter>("all");
  const [loading, setLoading] = useState(false);
  const latestRequest = useRef(0);

  const load = useCallback(async (wanted: NotificationFilter) => {
    const ticket = ++latestRequest.current;
    setLoading(true);
    const result = await fetchNotifications({ filter: wanted });
    // An answer to an older filter click must not replace a newer one.
    if (ticket !== latestRequest.current) return;
    setLoading(false);
    if (!result.ok) {
      console.error("[notifications] loading failed:", result.message);
      return;
    }
    setItems(result.data.data);
    setUnread(result.data.unread_count);
  }, []);

  // A notification arriving live, or a change made from the header bell, reloads the list.
  useEffect(() => onNotificationsChanged(SOURCE, () => void load(filter)), [filter, load]);

  function choose(next: NotificationFilter) {
    if (next === filter) return;
    setFilter(next);
    void load(next);
  }

  async function markRead(notification: NotificationView) {
    if (notification.is_read) return;
    setItems((list) => list.map((n) => (n.id === notification.id ? { ...n, is_read: true } : n)));
    setUnread((count) => decrementUnread(count));
    const result = await markNotificationRead(notification.id);
    if (!result.ok) {
      console.error("[notifications] mark read failed:", result.message);
      await load(filter);
      return;
    }
    announceNotificationsChanged(SOURCE);
  }

  async function remove(notification: NotificationView) {
    setItems((list) => list.filter((n) => n.id !== notification.id));
    if (!notification.is_read) setUnread((count) => decrementUnread(count));
    const result = await removeNotification(notification.id);
    if (!result.ok) {
      console.error("[notifications] delete failed:", result.message);
      await load(filter);
      return;
    }
    announceNotificationsChanged(SOURCE);
  }

  async function markAll() {
    setItems((list) => list.map((n) => (n.is_read ? n : { ...n, is_read: true })));
    setUnread(0);
    const result = await markAllNotificationsRead();
    if (!result.ok) {
      console.error("[notifications] mark all read failed:", result.message);
      await load(filter);
      return;
    }
    announceNotificationsChanged(SOURCE);
  }

  const visible = items.filter((n) => matchesFilter(n, filter));
  const t = useT();
  const tm = useTranslateMessage();
  const format = localizedFormat(useLanguage(), timeZone);
  const now = new Date();

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <TabHeading>{t("account.tab.notifications")}</TabHeading>
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {unread > 0 ? t("account.notifications.unread", { count: unread }) : t("account.notifications.noUnread")}
          </p>
        </div>
        <button type="button" onClick={markAll} disabled={unread === 0} className={secondaryButtonClass}>
          {t("account.notifications.markAll")}
        </button>
      </div>

      <div role="group" aria-label={t("account.notifications.filter")} className="mt-6 flex flex-wrap gap-2">
        {NOTIFICATION_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => choose(f)}
            className={`inline-flex min-h-11 items-center rounded-full border px-5 text-sm font-semibold ${
              filter === f ? "border-accent bg-accent text-white" : "border-line text-ink hover:border-accent hover:text-accent"
            }`}
          >
            {tm(NOTIFICATION_FILTER_LABELS[f])}
          </button>
        ))}
      </div>

      <div aria-busy={loading} className="mt-6">
        {visible.length === 0 ? (
          <div className="rounded-2xl bg-cream px-6 py-14 text-center">
            <p className="text-lg font-semibold">{t("account.empty.notifications.title")}</p>
            <p className="mt-2 text-muted">{t(EMPTY_TEXT[filter])}</p>
          </div>
        ) : (
          <ul className="space-y-3">
            {visible.map((notification) => (
              <NotificationCard
                key={notification.id}
                notification={notification}
                age={notificationAge(notification.created_at, now, t, format)}
                onRead={() => markRead(notification)}
                onDelete={() => remove(notification)}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function NotificationCard({
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
  const unread = !notification.is_read;
  const actionPath = safeActionPath(notification.action_url);
  const t = useT();
  const tm = useTranslateMessage();
  const worded = useNotificationWording()(notification);
  return (
    <li aria-labelledby={titleId} className={`rounded-2xl border p-5 ${unread ? "border-accent bg-accent-soft/40" : "border-line"}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        <span className="rounded-full bg-band px-2 py-0.5 text-ink">{tm(NOTIFICATION_TYPE_LABELS[notification.type])}</span>
        <span className={`rounded-full px-2 py-0.5 ${PRIORITY_CLASS[notification.priority]}`}>
          {t("account.notifications.priority", { priority: tm(NOTIFICATION_PRIORITY_LABELS[notification.priority]) })}
        </span>
        {unread && <span className="rounded-full bg-accent px-2 py-0.5 text-white">{t("account.notifications.unreadBadge")}</span>}
        <time dateTime={notification.created_at} className="ml-auto font-normal text-muted" suppressHydrationWarning>
          {age}
        </time>
      </div>
      <h3 id={titleId} className={`mt-2 ${unread ? "font-semibold" : "font-medium"}`}>
        {worded.title}
      </h3>
      <p className="mt-1 text-sm text-muted">{worded.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {actionPath && (
          <Link to={actionPath} className={secondaryButtonClass} aria-describedby={titleId}>
            {t("account.notifications.view")}
          </Link>
        )}
        {unread && (
          <button type="button" onClick={onRead} className={secondaryButtonClass} aria-describedby={titleId}>
            {t("account.notifications.markRead")}
          </button>
        )}
        <button type="button" onClick={onDelete} className={secondaryButtonClass} aria-describedby={titleId}>
          {t("account.addresses.delete")}
        </button>
      </div>
    </li>
  );
}
