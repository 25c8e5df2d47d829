import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { COOKIE_BANNER_DELAY_MS, COOKIE_CONSENT_KEY } from "~/lib/shop-rules";
import { CloseIcon } from "~/components/ui/icons";
import { useT } from "~/components/ui/i18n";

/** Window event that shows the banner again (the footer's "Gérer les cookies" button). */
export const OPEN_COOKIE_BANNER_EVENT = "aurore:open-cookie-banner";
/** Decision time (epoch ms) stored beside the choice, which stays the bare spec value. */
export const COOKIE_CONSENT_AT_KEY = "cookie-consent-at";
/** A choice is asked again after about 6 months (CNIL recommendation). */
export const COOKIE_CONSENT_MAX_AGE_MS = 183 * 24 * 60 * 60 * 1000;
/** CSS variable on <html> holding the visible banner's height (read by the toast region). */
export const BANNER_OFFSET_VAR = "--cookie-banner-offset";
/** Slide-out duration after a choice (spec: 0.3 s). */
const SLIDE_OUT_MS = 300;

export type CookieConsent = "accepted" | "declined";

/** Opens the cookie banner from anywhere in the page (browser only). */
export function openCookieBanner(): void {
  window.dispatchEvent(new CustomEvent(OPEN_COOKIE_BANNER_EVENT));
}

/** The stored choice, or null when there is none or it is older than 6 months. Browser only. */
export function readCookieConsent(now = Date.now()): CookieConsent | null {
  try {
    const value = localStorage.getItem(COOKIE_CONSENT_KEY);
    if (value !== "accepted" && value !== "declined") return null;
    const at = Number(localStorage.getItem(COOKIE_CONSENT_AT_KEY));
    if (!Number.isFinite(at) || at <= 0) {
      // A choice saved before the date was recorded: keep it and start its 6 months now.
      localStorage.setItem(COOKIE_CONSENT_AT_KEY, String(now));
      return value;
    }
    return now - at > COOKIE_CONSENT_MAX_AGE_MS ? null : value;
  } catch {
    return null;
  }
}

function storeCookieConsent(value: CookieConsent) {
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, value);
    localStorage.setItem(COOKIE_CONSENT_AT_KEY, String(Date.now()));
  } catch {
    // Storage unavailable: the banner will simply ask again next visit.
  }
}

export type CookieBannerProps = {
  /** Called after the visitor accepts or declines. */
  onChoice?: (value: CookieConsent) => void;
};

type Phase = "hidden" | "shown" | "leaving";

/**
 * Cookie banner: shown 1 s after load when no valid choice is stored, and again on demand.
 * A non-modal dialog: it never traps focus nor hides the page.
 */
export function CookieBanner({ onChoice }: CookieBannerProps = {}) {
  const [phase, setPhase] = useState<Phase>("hidden");
  const t = useT();
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const focusWhenShown = useRef(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const showTimer = readCookieConsent() === null ? setTimeout(() => setPhase("shown"), COOKIE_BANNER_DELAY_MS) : undefined;

    function onOpen() {
      clearTimeout(leaveTimer.current);
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      focusWhenShown.current = true;
      setPhase("shown");
    }
    window.addEventListener(OPEN_COOKIE_BANNER_EVENT, onOpen);
    return () => {
      clearTimeout(showTimer);
      clearTimeout(leaveTimer.current);
      window.removeEventListener(OPEN_COOKIE_BANNER_EVENT, onOpen);
    };
  }, []);

  // Opened on request (keyboard or click): bring focus to it so it is not missed.
  useEffect(() => {
    if (phase === "shown" && focusWhenShown.current) {
      focusWhenShown.current = false;
      dialogRef.current?.focus();
    }
  }, [phase]);

  // While shown, publish the banner's height so fixed bottom UI (toasts) can sit above it.
  useEffect(() => {
    const node = dialogRef.current;
    const root = document.documentElement;
    if (phase !== "shown" || !node) {
      root.style.removeProperty(BANNER_OFFSET_VAR);
      return;
    }
    const update = () => root.style.setProperty(BANNER_OFFSET_VAR, `${node.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BANNER_OFFSET_VAR);
    };
  }, [phase]);

  function hide() {
    const hadFocus = dialogRef.current?.contains(document.activeElement) ?? false;
    setPhase("leaving");
    clearTimeout(leaveTimer.current);
    leaveTimer.current = setTimeout(() => setPhase("hidden"), SLIDE_OUT_MS);
    if (hadFocus && returnFocusTo.current?.isConnected) returnFocusTo.current.focus();
    returnFocusTo.current = null;
  }

  function choose(value: CookieConsent) {
    storeCookieConsent(value);
    onChoice?.(value);
    hide();
  }

  if (phase === "hidden") return null;

  const buttonClass =
    "min-h-11 flex-1 rounded-full border-2 border-ink bg-ink px-6 text-sm font-semibold text-white hover:bg-accent-dark hover:border-accent-dark sm:flex-none sm:min-w-36";

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape dismisses this non-modal dialog, as the dialog pattern asks.
    <div
      ref={dialogRef}
      role="dialog"
      aria-label={t("common.cookies.dialog")}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === "Escape") hide();
      }}
      className={`fixed inset-x-0 bottom-0 z-50 p-3 transition-[translate,opacity] duration-300 ease-out outline-none sm:p-4 starting:translate-y-full starting:opacity-0 ${
        phase === "leaving" ? "pointer-events-none translate-y-full opacity-0" : "translate-y-0 opacity-100"
      }`}
    >
      <div className="relative mx-auto max-w-3xl rounded-2xl border border-line bg-white p-5 pr-14 shadow-2xl sm:p-6 sm:pr-16">
        <button
          type="button"
          aria-label={t("common.cookies.close")}
          onClick={hide}
          className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-band"
        >
          <CloseIcon />
        </button>
        <p className="font-display text-lg font-semibold text-ink">{t("common.cookies.title")}</p>
        <p className="mt-2 text-sm text-muted">
          {t("common.cookies.text")}{" "}
          <Link to="/politique-cookies" className="font-semibold text-accent underline underline-offset-2">
            {t("common.cookies.learnMore")}
            <span className="sr-only">{t("common.cookies.learnMoreSuffix")}</span>
          </Link>
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" onClick={() => choose("accepted")} className={buttonClass}>
            {t("common.cookies.accept")}
          </button>
          <button type="button" onClick={() => choose("declined")} className={buttonClass}>
            {t("common.cookies.decline")}
          </button>
        </div>
      </div>
    </div>
  );
}
