import { useLanguage, useT, type MessageKey } from "~/components/ui/i18n";
import { useTimeZone } from "~/components/ui/time-zone";
import { localizedFormat } from "~/domain/i18n/localized-format";
import type { NotificationView } from "~/domain/notifications/notification.types";
import { wordNotification } from "~/domain/notifications/notification-wording";

export type NotificationWording = (notification: NotificationView) => { title: string; message: string };

/**
 * Title and message of a notification in the page's language and the reader's time zone
 * (decision 044): from its message key through the catalog, else its stored French text.
 */
export function useNotificationWording(): NotificationWording {
  const t = useT();
  const format = localizedFormat(useLanguage(), useTimeZone());
  return (notification) =>
    wordNotification(
      notification,
      (key, values) => {
        const text = t(key as MessageKey, values);
        return text === key ? null : text;
      },
      format,
    );
}
