import { useT } from "~/components/ui/i18n";
import type { OrderGiftView } from "~/domain/checkout/gift-options";
import { formatPrice } from "~/lib/money";

const linkClass = "inline-flex min-h-11 items-center font-semibold text-accent underline underline-offset-4";

/** The gift wrap's line among the order's amounts (a `<div>` of the totals' `<dl>`). */
export function OrderGiftWrapLine({ gift }: { gift: OrderGiftView | null | undefined }) {
  const t = useT();
  if (!gift?.wrap) return null;
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{t("account.orderDetail.gift.wrap")}</dt>
      <dd>{gift.wrap_cents === 0 ? t("account.orderDetail.gift.wrapFree") : formatPrice(gift.wrap_cents)}</dd>
    </div>
  );
}

/**
 * "Options cadeau" of an order (docs/decisions/068-gift-wrap.md): gift wrap, the message as the
 * packing slip prints it, hidden prices, and the gift receipt's download (the back-office also
 * prints the packing slip). Each audience downloads through its own API.
 */
export function OrderGiftOptions({
  orderId,
  gift,
  audience,
}: {
  orderId: string;
  gift: OrderGiftView | null | undefined;
  audience: "shopper" | "admin";
}) {
  const t = useT();
  const base = `/api/v1/${audience === "admin" ? "admin/" : ""}orders/${orderId}`;
  return (
    <section aria-labelledby={gift ? `gift-${orderId}` : undefined} className="mt-4 text-sm">
      {gift && (
        <>
          <h3 id={`gift-${orderId}`} className="font-semibold">
            {t("account.orderDetail.gift.title")}
          </h3>
          <ul className="mt-1 space-y-1">
            {gift.wrap && (
              <li>
                {t("account.orderDetail.gift.wrap")}
                {" · "}
                {gift.wrap_cents === 0 ? t("account.orderDetail.gift.wrapFree") : formatPrice(gift.wrap_cents)}
              </li>
            )}
            {gift.hide_prices && <li>{t("account.orderDetail.gift.hidePrices")}</li>}
          </ul>
          {gift.message && (
            <figure className="mt-2">
              <figcaption className="text-muted">{t("account.orderDetail.gift.message")}</figcaption>
              <blockquote className="mt-1 rounded-lg bg-band px-3 py-2 break-words whitespace-pre-line">{gift.message}</blockquote>
            </figure>
          )}
        </>
      )}
      <ul className="mt-1">
        {gift && (
          <li>
            <a href={`${base}/gift-receipt`} download className={linkClass}>
              {t(audience === "admin" ? "account.orderDetail.gift.printReceipt" : "account.orderDetail.gift.receipt")}
            </a>
          </li>
        )}
        {audience === "admin" && (
          <li>
            <a href={`${base}/packing-slip`} download className={linkClass}>
              {t("account.orderDetail.gift.printPackingSlip")}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
