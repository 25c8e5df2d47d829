import { useEffect, useState } from "react";
import { useTranslateMessage } from "./i18n";

/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 4000;
/** Older toasts are dropped beyond this many. */
const MAX_VISIBLE_TOASTS = 3;

type Toast = { id: number; message: string };
type ToastListener = (toast: Toast) => void;

const listeners = new Set<ToastListener>();
let nextId = 1;

/** Shows a short message in the page's ToastRegion (no-op on the server or without a region). */
export function showToast(message: string): void {
  const toast = { id: nextId++, message };
  for (const listener of listeners) listener(toast);
}

/**
 * Polite live region fixed at the bottom of the screen. Render it once, near the end of the
 * layout: it is empty in the server HTML so screen readers register it before any message.
 */
export function ToastRegion() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Stores outside React (cart, favourites) announce in French; a catalog's message key shows
  // them in the page's language (decision 044).
  const translateMessage = useTranslateMessage();

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onToast: ToastListener = (toast) => {
      setToasts((current) => [...current, toast].slice(-MAX_VISIBLE_TOASTS));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((t) => t.id !== toast.id));
      }, TOAST_DURATION_MS);
      timers.add(timer);
    };
    listeners.add(onToast);
    return () => {
      listeners.delete(onToast);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="false"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--cookie-banner-offset,0px)+1rem)] z-[60] flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((toast) => (
        <p
          key={toast.id}
          className="max-w-md rounded-full bg-ink px-5 py-3 text-center text-sm font-medium text-white shadow-lg transition-[opacity,translate] duration-300 starting:translate-y-2 starting:opacity-0"
        >
          {translateMessage(toast.message)}
        </p>
      ))}
    </div>
  );
}
