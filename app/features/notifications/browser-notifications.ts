/**
 * System notifications of the browser (spec storefront §4): shown for an arriving notification
 * when the shopper allowed them; permission is asked once, and only on a user gesture (opening the
 * bell), never on page load (browsers penalise sites that ask unprompted). Both only for a shopper
 * whose "Notifications push" switch is on (docs/decisions/043-preferences-that-take-effect.md).
 */
import type { Language } from "~/domain/i18n/languages";

const ASKED_KEY = "aurore-notification-permission-asked";

function supported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/** Asks for permission if the switch is on and the shopper never decided nor was asked; call from a click handler. */
export function askNotificationPermissionOnce(enabled: boolean): void {
  if (!enabled || !supported() || Notification.permission !== "default") return;
  try {
    if (localStorage.getItem(ASKED_KEY)) return;
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
  } catch {
    // Storage refused (private mode): asking this once per page is still fine.
  }
  Notification.requestPermission().catch((error: unknown) => console.error("[notifications] permission request failed:", error));
}

/** Shows the system notification when the switch is on and the browser allows it; true when shown. */
export function showBrowserNotification(
  worded: { title: string; message: string },
  id: string,
  language: Language,
  enabled: boolean,
): boolean {
  if (!enabled || !supported() || Notification.permission !== "granted") return false;
  try {
    // The tag keeps one system notification per shop notification, even with two tabs open.
    new Notification(worded.title, { body: worded.message, tag: id, lang: language });
    return true;
  } catch (error) {
    // Some mobile browsers only allow notifications from a service worker.
    console.error("[notifications] browser notification failed:", error);
    return false;
  }
}
