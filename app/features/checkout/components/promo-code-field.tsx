import { useId, useState, type KeyboardEvent } from "react";
import { formatPrice } from "~/lib/money";
import { PROMO_CODE_MAX, PromoCodeInputSchema } from "~/domain/promotions/promotions.schema";
import { T, useT, useTranslateMessage } from "~/components/ui/i18n";
import { buttonClass } from "~/components/ui/button";

/**
 * 'Code promo' with 'Appliquer' in the order summary. It only sends the code: the server's quote
 * says whether it applies (and its discount) or why not, in French. Not a <form>: the summary
 * sits inside the payment form, so Enter applies the code instead of placing the order.
 */
export function PromoCodeField({
  applied,
  discountCents,
  error,
  busy,
  onApply,
  onRemove,
}: {
  /** The code the server accepted, or null. */
  applied: string | null;
  discountCents: number;
  /** The server's refusal of the code last sent. */
  error: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  const [value, setValue] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const message = localError ?? error;

  function apply() {
    const parsed = PromoCodeInputSchema.safeParse(value);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setLocalError(null);
    onApply(parsed.data);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    }
  }

  if (applied) {
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-line bg-white px-3 py-2 text-sm">
        <p role="status">
          <T
            k="checkout.promo.applied"
            values={{ code: applied, amount: formatPrice(discountCents) }}
            components={{ 0: <strong className="font-mono" /> }}
          />
        </p>
        <button
          type="button"
          onClick={() => {
            setValue("");
            onRemove();
          }}
          className="min-h-11 rounded-full px-3 font-semibold underline"
        >
          {t("checkout.promo.remove")}
        </button>
      </div>
    );
  }

  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium">
        {t("checkout.promo.label")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          name="promo_code"
          value={value}
          maxLength={PROMO_CODE_MAX + 16}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setLocalError(null);
          }}
          onKeyDown={onKeyDown}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-line bg-white px-3 uppercase"
        />
        <button type="button" onClick={apply} disabled={busy} className={buttonClass({ variant: "ink-outline", size: "sm" })}>
          {t("checkout.promo.apply")}
        </button>
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-danger">
          {translateMessage(message)}
        </p>
      )}
    </div>
  );
}
