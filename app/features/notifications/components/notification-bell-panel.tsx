import { useId } from "react";
import { Link } from "react-router";
import { notificationAge } from "../notification-age";
import { useTimeZone } from "~/components/ui/time-zone";
import { useLanguage, useT } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { useNotificationWording } from "../use-notification-wording";
import type { BellState } from "../bell-state";
import type { NotificationView } from "~/domain/notifications/notification.types";

/** The bell's panel: its heading and 'Tout marquer comme lu', the list (or why there is none), and the link to all of them. */
export function NotificationBellPanel({
  id,
  headingId,
  open,
  state,
  onMarkAll,
  onRead,
  onDelete,
}: {
  id: string;
  headingId: string;
  open: boolean;
  state: BellState;
  onMarkAll: () => void;
  onRead: (notification: NotificationView) => void;
  onDelete: (notification: NotificationView) => void;
}) {
  const t = useT();
  const format = localizedFormat(useLanguage(), useTimeZone());
  const now = new Date();
  return (
    <div
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      hidden={!open}
      className="fixed inset-x-4 top-20 z-40 max-h-[70vh] overflow-y-auto rounded-xl border border-line bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="sticky top-0 flex items-center justify-between gap-3 border-b border-line bg-white px-4 py-3">
        <h2 id={headingId} tabIndex={-1} className="font-display text-lg outline-none">
          {t("account.bell.name")}
        </h2>
        <button type="button" onClick={onMarkAll} className="min-h-11 rounded-lg px-2 text-sm font-semibold text-accent hover:underline">
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
              onRead={() => onRead(notification)}
              onDelete={() => onDelete(notification)}
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
