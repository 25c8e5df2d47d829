import type { Translate } from "~/components/ui/i18n";
import type { LocalizedFormat } from "~/domain/i18n/localized-format";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The domain's formatNotificationAge ("À l'instant", "Il y a 3h", a date), in the page's language.
 * Its own module so the header bell and the Notifications tab share it without the bell's chunk
 * taking the tab's code.
 */
export function notificationAge(createdAt: string, now: Date, t: Translate, format: LocalizedFormat): string {
  const age = Math.max(0, now.getTime() - new Date(createdAt).getTime());
  if (age < HOUR_MS) return t("account.notifications.justNow");
  if (age < DAY_MS) return t("account.notifications.hoursAgo", { hours: Math.floor(age / HOUR_MS) });
  return format.shortDate(createdAt);
}
