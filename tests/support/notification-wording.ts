import { pageI18n } from "~/.server/i18n/catalogs";
import type { Language } from "~/domain/i18n/languages";
import { localizedFormat } from "~/domain/i18n/localized-format";
import type { NotificationView } from "~/domain/notifications/notification.types";
import { wordNotification } from "~/domain/notifications/notification-wording";

type Stored = Pick<NotificationView, "title" | "message" | "message_key" | "params">;

/** A stored notification worded as the pages word it, in a language and a time zone. */
export function wordStoredNotification(language: Language, notification: Stored, timeZone?: string) {
  const i18n = pageI18n(language);
  return wordNotification(
    notification,
    (key, values) => (i18n.messages[key] === undefined ? null : i18n._(key, values)),
    localizedFormat(language, timeZone),
  );
}

/** A notification row as the database holds it (camelCase), seen as the pages see it. */
export function storedView(row: { title: string; message: string; messageKey: string | null; params: unknown }): Stored {
  return { title: row.title, message: row.message, message_key: row.messageKey, params: row.params as Record<string, string> | null };
}
