import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import { addGiftCardToCart } from "~/components/cart/cart-store";
import { openCartDrawer } from "~/components/cart/cart-drawer-store";
import type { GiftCardPageAnswer } from "~/domain/gift-cards/gift-card-answers";
import { formatPrice } from "~/lib/money";
import {
  GIFT_CARD_DEFAULT_AMOUNT_CENTS,
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_CENTS,
  PHYSICAL_GIFT_CARD_FEE_CENTS,
} from "~/lib/shop-rules";
import { GIFT_CARD_FORM_MESSAGES, GiftCardConfigSchema, parseCustomAmount } from "~/domain/gift-cards/gift-card.schema";
import {
  computeGiftCardTotals,
  DEFAULT_GIFT_CARD_OCCASION,
  GIFT_CARD_DELIVERY_MODES,
  GIFT_CARD_OCCASIONS,
  RECIPIENT_NAME_MAX,
  type GiftCardDeliveryMode,
  type GiftCardOccasion,
} from "~/domain/gift-cards/gift-card.rules";
import { formatWholeEuros, GIFT_CARD_OCCASION_LABELS, GIFT_CARD_PRESETS } from "~/domain/gift-cards/gift-card.options";
import { inputClass } from "~/components/ui/form-parts";
import { buttonClass } from "~/components/ui/button";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { giftCardDeliveryDetailKey, giftCardDeliveryKey, giftCardOccasionKey } from "~/components/gift-card/gift-card-labels";

const fieldsetClass = "rounded-2xl border border-line bg-white p-4 sm:p-6";
const legendClass = "px-1 font-display text-xl text-ink";
/** The shop's input, outlined in red while refused. */
const fieldClass = `${inputClass} aria-[invalid=true]:border-danger`;
/** A card-like option: the real radio covers it (transparent), so a click anywhere selects it. */
const optionClass =
  "relative flex cursor-pointer rounded-2xl border-2 border-line bg-white p-4 text-ink hover:border-accent has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent";
const radioClass = "absolute inset-0 z-0 m-0 h-full w-full cursor-pointer opacity-0";

/**
 * The gift card configurator (spec back-office §2, §4, §5): amount (preset or custom), occasion,
 * delivery mode, recipient and message, with a live preview and totals. Rendered on the server
 * with the defaults (50 €, Anniversaire, e-mail). "Offrir cette carte cadeau" sends the draft to
 * the page's action, which validates it with the same schema; the card then joins the cart.
 * Texts come from the catalogs; the schema's French messages are shown through
 * useTranslateMessage() (decision 044).
 */
export function GiftCardConfigurator() {
  const id = useId();
  const t = useT();
  const tm = useTranslateMessage();
  const [presetCents, setPresetCents] = useState<number | null>(GIFT_CARD_DEFAULT_AMOUNT_CENTS);
  const [customText, setCustomText] = useState("");
  const [customTouched, setCustomTouched] = useState(false);
  const [occasion, setOccasion] = useState<GiftCardOccasion>(DEFAULT_GIFT_CARD_OCCASION);
  const [deliveryMode, setDeliveryMode] = useState<GiftCardDeliveryMode>("email");
  const [recipientName, setRecipientName] = useState("");
  const [recipientEmail, setRecipientEmail] = useState("");
  const [emailTouched, setEmailTouched] = useState(false);
  const [message, setMessage] = useState("");

  const custom = parseCustomAmount(customText);
  const amountCents = presetCents ?? (custom.ok ? custom.cents : null);
  // Outside the range is said at once when more digits cannot fix it, otherwise on leaving the field.
  const customValue = Number(customText.replace(",", "."));
  const hopeless = customText.trim() !== "" && (customValue > GIFT_CARD_MAX_CENTS / 100 || customValue < 0);
  const customError = !custom.ok && (customTouched || hopeless) ? custom.error : null;

  const check = GiftCardConfigSchema.safeParse({
    // 0 keeps the object check (e-mail required) running while no amount is chosen.
    amountCents: amountCents ?? 0,
    occasion,
    deliveryMode,
    recipientName,
    recipientEmail,
    message,
  });
  const issueFor = (field: string) =>
    check.success ? null : (check.error.issues.find((issue) => issue.path[0] === field)?.message ?? null);
  const emailError = emailTouched ? issueFor("recipientEmail") : null;
  const nameError = issueFor("recipientName");
  const messageError = message.length > GIFT_CARD_MESSAGE_MAX ? GIFT_CARD_FORM_MESSAGES.messageTooLong : null;

  const totals = computeGiftCardTotals(amountCents ?? 0, deliveryMode);

  const offer = useFetcher<GiftCardPageAnswer>();
  const [offerStatus, setOfferStatus] = useState<{ ok: boolean; message: string } | null>(null);
  useFetcherAnswer(offer, (answer) => {
    if (answer.intent !== "add") return;
    if (answer.ok) {
      addGiftCardToCart(answer.card);
      setOfferStatus({ ok: true, message: t("shop.giftCardPage.added") });
      openCartDrawer();
    } else {
      setOfferStatus({ ok: false, message: tm(answer.message) });
    }
  });

  function submitOffer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCustomTouched(true);
    setEmailTouched(true);
    if (amountCents === null || !check.success) {
      setOfferStatus({
        ok: false,
        message: tm(
          amountCents === null
            ? GIFT_CARD_FORM_MESSAGES.amountRequired
            : (check.error?.issues[0]?.message ?? GIFT_CARD_FORM_MESSAGES.amountInvalid),
        ),
      });
      return;
    }
    setOfferStatus(null);
    void offer.submit(
      { intent: "add", card: { amountCents, occasion, deliveryMode, recipientName, recipientEmail, message } },
      { method: "post", encType: "application/json" },
    );
  }
  const occasionEmoji = GIFT_CARD_OCCASION_LABELS[occasion].emoji;
  const occasionName = t(giftCardOccasionKey(occasion));

  function choosePreset(cents: number) {
    setPresetCents(cents);
    setCustomText("");
    setCustomTouched(false);
  }

  function typeCustom(value: string) {
    setCustomText(value);
    setPresetCents(null);
  }

  const ids = {
    customHint: `${id}-custom-hint`,
    customError: `${id}-custom-error`,
    nameError: `${id}-name-error`,
    emailHint: `${id}-email-hint`,
    emailError: `${id}-email-error`,
    messageCount: `${id}-message-count`,
    messageError: `${id}-message-error`,
    recap: `${id}-recap`,
    soon: `${id}-soon`,
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <form noValidate onSubmit={submitOffer} className="space-y-6" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="sr-only">
          {t("shop.giftCardPage.formTitle")}
        </h2>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>{t("shop.giftCardPage.amount")}</legend>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {GIFT_CARD_PRESETS.map((preset) => {
              const nameId = `${id}-preset-${preset.amountCents}`;
              return (
                <label key={preset.amountCents} className={`${optionClass} min-h-24 flex-col justify-center`}>
                  <input
                    type="radio"
                    name="montant"
                    value={preset.amountCents}
                    checked={presetCents === preset.amountCents}
                    onChange={() => choosePreset(preset.amountCents)}
                    aria-labelledby={nameId}
                    aria-describedby={`${nameId}-desc`}
                    className={radioClass}
                  />
                  {preset.popular && (
                    <span className="absolute -top-3 right-3 z-10 rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-white">
                      {t("shop.giftCardPage.popular")}
                    </span>
                  )}
                  <span id={nameId} className="font-display text-2xl font-semibold">
                    {formatWholeEuros(preset.amountCents)}
                  </span>
                  <span id={`${nameId}-desc`} className="mt-1 text-sm text-muted">
                    {preset.popular ? <span className="sr-only">{t("shop.giftCardPage.popular")}. </span> : null}
                    {tm(preset.description)}
                  </span>
                </label>
              );
            })}
          </div>
          <div className="mt-5">
            <label htmlFor={`${id}-custom`} className="font-semibold">
              {t("shop.giftCardPage.customAmount")}
            </label>
            <p id={ids.customHint} className="text-sm text-muted">
              {t("shop.giftCardPage.customHint", { min: GIFT_CARD_MIN_CENTS / 100, max: GIFT_CARD_MAX_CENTS / 100 })}
            </p>
            <input
              id={`${id}-custom`}
              name="montant-libre"
              type="number"
              inputMode="decimal"
              min={GIFT_CARD_MIN_CENTS / 100}
              max={GIFT_CARD_MAX_CENTS / 100}
              step="0.01"
              placeholder={t("shop.giftCardPage.customPlaceholder")}
              value={customText}
              onChange={(event) => typeCustom(event.target.value)}
              onBlur={() => setCustomTouched(true)}
              aria-invalid={customError ? true : undefined}
              aria-describedby={`${ids.customHint} ${ids.customError}`}
              className={`${fieldClass} sm:max-w-60`}
            />
            <p id={ids.customError} role="alert" className="mt-1 text-sm font-medium text-danger empty:mt-0">
              {customError && tm(customError)}
            </p>
          </div>
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>{t("shop.giftCardPage.occasion")}</legend>
          <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {GIFT_CARD_OCCASIONS.map((value) => {
              return (
                <label key={value} className={`${optionClass} min-h-14 items-center gap-3 py-3`}>
                  <input
                    type="radio"
                    name="occasion"
                    value={value}
                    checked={occasion === value}
                    onChange={() => setOccasion(value)}
                    className={radioClass}
                  />
                  <span aria-hidden="true" className="text-2xl">
                    {GIFT_CARD_OCCASION_LABELS[value].emoji}
                  </span>
                  <span className="font-semibold">{t(giftCardOccasionKey(value))}</span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>{t("shop.giftCardPage.deliveryMode")}</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {GIFT_CARD_DELIVERY_MODES.map((mode) => {
              const nameId = `${id}-delivery-${mode}`;
              return (
                <label key={mode} className={`${optionClass} min-h-20 flex-col`}>
                  <input
                    type="radio"
                    name="envoi"
                    value={mode}
                    checked={deliveryMode === mode}
                    onChange={() => setDeliveryMode(mode)}
                    aria-labelledby={nameId}
                    aria-describedby={`${nameId}-desc`}
                    className={radioClass}
                  />
                  <span id={nameId} className="font-semibold">
                    {t(giftCardDeliveryKey(mode))}
                  </span>
                  <span id={`${nameId}-desc`} className="mt-1 text-sm text-muted">
                    {mode === "physical" ? `+${formatPrice(PHYSICAL_GIFT_CARD_FEE_CENTS)} · ` : ""}
                    {t(giftCardDeliveryDetailKey(mode))}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>{t("shop.giftCardPage.recipientAndMessage")}</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-name`} className="font-semibold">
                {t("shop.giftCardPage.recipientName")} <span className="font-normal text-muted">{t("shop.giftCardPage.optional")}</span>
              </label>
              <input
                id={`${id}-name`}
                name="nom-destinataire"
                type="text"
                autoComplete="off"
                maxLength={RECIPIENT_NAME_MAX}
                value={recipientName}
                onChange={(event) => setRecipientName(event.target.value)}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={ids.nameError}
                className={fieldClass}
              />
              <p id={ids.nameError} role="alert" className="mt-1 text-sm font-medium text-danger empty:mt-0">
                {nameError && tm(nameError)}
              </p>
            </div>
            <div>
              <label htmlFor={`${id}-email`} className="font-semibold">
                {t("shop.giftCardPage.recipientEmail")}{" "}
                <span className="font-normal text-muted">
                  {deliveryMode === "email" ? t("shop.giftCardPage.required") : t("shop.giftCardPage.optional")}
                </span>
              </label>
              <input
                id={`${id}-email`}
                name="email-destinataire"
                type="email"
                autoComplete="off"
                value={recipientEmail}
                onChange={(event) => setRecipientEmail(event.target.value)}
                onBlur={() => setEmailTouched(true)}
                required={deliveryMode === "email"}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={`${ids.emailHint} ${ids.emailError}`}
                className={fieldClass}
              />
              <p id={ids.emailHint} className="mt-1 text-sm text-muted">
                {deliveryMode === "email" ? t("shop.giftCardPage.emailHint") : t("shop.giftCardPage.postHint")}
              </p>
              <p id={ids.emailError} role="alert" className="mt-1 text-sm font-medium text-danger empty:mt-0">
                {emailError && tm(emailError)}
              </p>
            </div>
          </div>
          <div className="mt-4">
            <label htmlFor={`${id}-message`} className="font-semibold">
              {t("shop.giftCardPage.personalMessage")} <span className="font-normal text-muted">{t("shop.giftCardPage.optional")}</span>
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={4}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={`${ids.messageCount} ${ids.messageError}`}
              className={`${fieldClass} resize-y`}
            />
            <p id={ids.messageCount} className={`mt-1 text-right text-sm ${messageError ? "font-semibold text-danger" : "text-muted"}`}>
              {message.length}/{GIFT_CARD_MESSAGE_MAX}
              <span className="sr-only"> {t("shop.giftCardPage.characters")}</span>
            </p>
            <p id={ids.messageError} role="alert" className="text-sm font-medium text-danger">
              {messageError && tm(messageError)}
            </p>
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={offer.state !== "idle"}
            aria-describedby={ids.soon}
            className={buttonClass({ variant: "accent", size: "lg" })}
          >
            {t("shop.giftCardPage.offer")}
          </button>
          <p id={ids.soon} role="status" className={`text-sm font-medium ${offerStatus?.ok === false ? "text-danger" : "text-success"}`}>
            {offerStatus?.message}
          </p>
        </div>
      </form>

      <section aria-labelledby={`${id}-preview-title`} className="lg:sticky lg:top-24">
        <h2 id={`${id}-preview-title`} className="font-display text-2xl">
          {t("shop.giftCardPage.preview")}
        </h2>
        <div className="mt-4 flex aspect-[1.586] flex-col justify-between overflow-hidden rounded-2xl bg-accent p-5 text-white shadow-lg sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <p className="font-display text-lg tracking-widest uppercase">Aurore</p>
            <p className="text-sm">
              <span aria-hidden="true">{occasionEmoji} </span>
              {occasionName}
            </p>
          </div>
          <div className="min-w-0">
            {recipientName.trim() && (
              <p className="truncate text-sm">{t("shop.giftCardPage.previewFor", { name: recipientName.trim() })}</p>
            )}
            {message.trim() && (
              <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line italic">
                {t("shop.giftCardPage.previewMessage", { message: message.trim() })}
              </p>
            )}
          </div>
          <p className="font-display text-4xl font-semibold">{amountCents === null ? <span>— €</span> : formatPrice(amountCents)}</p>
        </div>

        <div
          role="status"
          aria-live="polite"
          aria-atomic="true"
          aria-labelledby={ids.recap}
          className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-5"
        >
          <h3 id={ids.recap} className="font-semibold">
            {t("shop.giftCardPage.summary")}
          </h3>
          {amountCents === null ? (
            <p className="mt-2 text-sm text-muted">{t("shop.giftCardPage.chooseAmount")}</p>
          ) : (
            <dl className="mt-2 space-y-1 text-sm">
              <div className="flex justify-between gap-4">
                <dt>{t("shop.giftCardPage.cardAmount")}</dt>
                <dd>{formatPrice(totals.amountCents)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>{deliveryMode === "physical" ? t("shop.giftCardPage.physicalLine") : t("shop.giftCardPage.emailLine")}</dt>
                <dd>{totals.deliveryFeeCents > 0 ? formatPrice(totals.deliveryFeeCents) : t("shop.giftCardPage.free")}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
                <dt>{t("shop.giftCardPage.total")}</dt>
                <dd>{formatPrice(totals.totalCents)}</dd>
              </div>
            </dl>
          )}
        </div>
      </section>
    </div>
  );
}
