import { useId, type ReactNode } from "react";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { inputClass } from "~/components/ui/form-parts";
import { FieldShell } from "~/components/ui/field";
import { savedCardTitle, type PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";

/** The radio value of the "Nouvelle carte" choice (saved cards use their id). */
export const NEW_CARD_CHOICE = "new";

/**
 * The payment step's card choice when the shopper has saved cards: each card ('Visa •••• 4242
 * (expire 12/29)', expired ones listed but disabled) with its CVC asked again (the provider
 * checks it; the shop never keeps it), or "Nouvelle carte" with the usual card fields
 * (`newCardFields`). One native radio group: arrow keys move between every choice. With a
 * provider whose own form collects the CVC (Stripe, `askCvc` false) none is asked here: the bank
 * asks the shopper itself when it wants to (decision 059).
 */
export function SavedCardChoice({
  cards,
  choice,
  onChoiceChange,
  cvc,
  cvcError,
  onCvcChange,
  newCardFields,
  askCvc = true,
}: {
  cards: PaymentMethodView[];
  choice: string;
  onChoiceChange: (choice: string) => void;
  cvc: string;
  cvcError?: string;
  onCvcChange: (cvc: string) => void;
  newCardFields: ReactNode;
  askCvc?: boolean;
}) {
  const baseId = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  const name = `${baseId}-choice`;
  const cvcId = `${baseId}-cvc`;
  const selected = cards.find((c) => c.id === choice && c.usable) ?? null;
  const amex = selected?.brand === "amex";
  const optionClass = (checked: boolean, disabled: boolean) =>
    `flex min-h-11 w-full min-w-0 items-center gap-3 rounded-xl border-2 px-4 py-3 text-sm ${
      checked ? "border-accent bg-accent-soft/40" : "border-line"
    } ${disabled ? "cursor-not-allowed text-muted" : "cursor-pointer"}`;
  return (
    <fieldset>
      <legend className="text-lg font-semibold">{t("checkout.savedCard.legend")}</legend>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">{t("checkout.savedCard.saved")}</legend>
        <ul className="mt-2 space-y-2">
          {cards.map((card) => {
            const disabled = !card.usable;
            const checked = choice === card.id;
            return (
              <li key={card.id}>
                <label className={optionClass(checked, disabled)}>
                  <input
                    type="radio"
                    name={name}
                    value={card.id}
                    checked={checked}
                    disabled={disabled}
                    onChange={() => onChoiceChange(card.id)}
                    className="h-5 w-5 shrink-0 accent-accent"
                  />
                  <span className="min-w-0 break-words">
                    {savedCardTitle(card)}
                    {card.expiry ? t("checkout.savedCard.expires", { expiry: card.expiry }) : ""}
                  </span>
                  {card.expired && (
                    <span className="ml-auto shrink-0 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-danger">
                      {t("checkout.savedCard.expired")}
                    </span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-2">
        <label className={optionClass(choice === NEW_CARD_CHOICE, false)}>
          <input
            type="radio"
            name={name}
            value={NEW_CARD_CHOICE}
            checked={choice === NEW_CARD_CHOICE}
            onChange={() => onChoiceChange(NEW_CARD_CHOICE)}
            className="h-5 w-5 shrink-0 accent-accent"
          />
          {t("checkout.savedCard.newCard")}
        </label>
      </div>
      <div className="mt-4">
        {selected && !askCvc ? (
          <p className="text-sm text-muted">{t("checkout.savedCard.bankChecks")}</p>
        ) : selected ? (
          <FieldShell
            id={cvcId}
            label={t("checkout.savedCard.cvc")}
            required
            error={cvcError ? translateMessage(cvcError) : undefined}
            hint={amex ? t("checkout.savedCard.cvcHintAmex") : t("checkout.savedCard.cvcHint")}
          >
            <input
              id={cvcId}
              name="cvc"
              type="text"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder={amex ? "1234" : "123"}
              value={cvc}
              onChange={(e) => onCvcChange(e.target.value.replace(/\D/g, "").slice(0, 4))}
              aria-required
              aria-invalid={cvcError ? true : undefined}
              aria-describedby={[`${cvcId}-hint`, cvcError ? `${cvcId}-error` : null].filter(Boolean).join(" ")}
              className={`${inputClass} sm:w-40`}
            />
          </FieldShell>
        ) : (
          newCardFields
        )}
      </div>
    </fieldset>
  );
}
