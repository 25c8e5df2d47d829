import { useId, useState } from "react";
import { CART_INDICATOR_REFRESH_MS } from "~/lib/shop-rules";
import { CloseIcon } from "~/components/ui/icons";
import { useCart } from "~/features/cart/public/cart-store";
import { extendCartAndSave } from "../cart-sync";
import { cartExpiryLevel, formatCartRemaining, useNow } from "../cart-expiry";
import { closeCartDrawer } from "~/features/cart/public/cart-drawer-store";
import { CheckoutLink } from "./checkout-link";
import { buttonClass } from "~/components/ui/button";
import { T, useT } from "~/components/ui/i18n";

const LEVEL_CLASS = {
  normal: "border-line bg-cream text-ink",
  urgent: "border-yellow-400 bg-yellow-50 text-yellow-900",
  critical: "border-red-400 bg-red-50 text-danger",
  expired: "border-red-400 bg-red-50 text-danger",
} as const;

/** Drawer indicator: time left (yellow under 30 min, red under 10 min), "Expiré", and an extend button. */
export function CartExpiryIndicator({ expiresAt }: { expiresAt: number | null }) {
  const now = useNow(CART_INDICATOR_REFRESH_MS);
  const [busy, setBusy] = useState(false);
  const remaining = expiresAt === null ? 0 : expiresAt - now;
  const level = cartExpiryLevel(remaining);
  const t = useT();

  async function onExtend() {
    setBusy(true);
    try {
      await extendCartAndSave();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-level={level} className={`rounded-xl border px-3 py-2 text-sm ${LEVEL_CLASS[level]}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          {level === "expired" ? (
            <strong>{t("shop.cart.expired")}</strong>
          ) : (
            <T k="shop.cart.keptFor" values={{ time: formatCartRemaining(remaining) }} components={{ 0: <strong /> }} />
          )}
        </p>
        {level !== "expired" && (
          <button
            type="button"
            onClick={onExtend}
            disabled={busy}
            className="min-h-9 rounded-full border border-current px-3 text-xs font-semibold hover:bg-white disabled:opacity-60"
          >
            {busy ? t("shop.cart.extending") : t("shop.cart.extend")}
          </button>
        )}
      </div>
      {level === "critical" && <p className="mt-1 text-xs font-semibold">{t("shop.cart.expiresSoon")}</p>}
    </div>
  );
}

/**
 * Fixed banner 'Votre panier va expirer !' (spec §2), mounted by CartExpiryWatcher only while the
 * cart is non-empty, valid and under the critical threshold; it can be dismissed, and closes by
 * itself once extended (the watcher unmounts it, which also forgets the dismissal).
 */
export function CartExpiryBanner() {
  const cart = useCart();
  const now = useNow(CART_INDICATOR_REFRESH_MS);
  const [busy, setBusy] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const titleId = useId();
  const remaining = cart.expiresAt === null ? 0 : cart.expiresAt - now;
  const t = useT();

  if (dismissed) return null;

  async function onExtend() {
    setBusy(true);
    try {
      await extendCartAndSave();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="fixed inset-x-2 bottom-[calc(var(--cookie-banner-offset,0px)+0.5rem)] z-50 rounded-2xl border border-red-300 bg-white p-4 text-ink shadow-2xl sm:right-auto sm:left-4 sm:max-w-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div role="alert">
          <h2 id={titleId} className="font-semibold text-danger">
            {t("shop.cart.aboutToExpire")}
          </h2>
          <p className="mt-1 text-sm">
            <T k="shop.cart.timeLeft" values={{ time: formatCartRemaining(remaining) }} components={{ 0: <strong /> }} />
          </p>
        </div>
        <button
          type="button"
          aria-label={t("shop.cart.hideExpiryAlert")}
          onClick={() => setDismissed(true)}
          className="-mt-1 -mr-1 flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-band hover:text-ink"
        >
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onExtend}
          disabled={busy}
          className={buttonClass({ variant: "accent", size: "sm", className: "flex-1 text-sm" })}
        >
          {busy ? t("shop.cart.extending") : t("shop.cart.extendShort")}
        </button>
        <CheckoutLink
          onLeave={closeCartDrawer}
          className="flex min-h-11 flex-1 items-center justify-center rounded-full border border-accent px-4 text-sm font-semibold text-accent hover:bg-accent-soft"
        />
      </div>
    </section>
  );
}
