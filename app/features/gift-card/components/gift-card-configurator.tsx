import { useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import { addGiftCardToCart } from "~/features/cart/public/cart-store";
import { openCartDrawer } from "~/features/cart/public/cart-drawer-store";
import type { ActionResult } from "~/domain/http/action-result";
import { GIFT_CARD_DEFAULT_AMOUNT_CENTS, GIFT_CARD_MAX_CENTS, GIFT_CARD_MESSAGE_MAX } from "~/lib/shop-rules";
import { GIFT_CARD_FORM_MESSAGES, GiftCardConfigSchema, parseCustomAmount } from "~/domain/gift-cards/gift-card.schema";
import {
  computeGiftCardTotals,
  DEFAULT_GIFT_CARD_OCCASION,
  type GiftCardConfig,
  type GiftCardDeliveryMode,
  type GiftCardOccasion,
} from "~/domain/gift-cards/gift-card.rules";
import { buttonClass } from "~/components/ui/button";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { GiftCardAmountFieldset } from "./gift-card-amount-fieldset";
import { configuratorIds } from "./gift-card-configurator-parts";
import { GiftCardDeliveryFieldset, GiftCardOccasionFieldset } from "./gift-card-options-fieldsets";
import { GiftCardPreview } from "./gift-card-preview";
import { GiftCardRecipientFieldset } from "./gift-card-recipient-fieldset";

/**
 * The gift card configurator (spec back-office §2, §4, §5): amount (preset or custom), occasion,
 * delivery mode, recipient and message, with a live preview and totals. Rendered on the server
 * with the defaults (50 €, Anniversaire, e-mail). "Offrir cette carte cadeau" sends the draft to
 * the page's action, which validates it with the same schema; the card then joins the cart.
 * Texts come from the catalogs; the schema's French messages are shown through
 * useTranslateMessage() (decision 044). This component holds the draft and its checks; each
 * section (gift-card-*-fieldset.tsx, gift-card-preview.tsx) shows and edits its part.
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

  const offer = useFetcher<ActionResult<GiftCardConfig>>();
  const [offerStatus, setOfferStatus] = useState<{ ok: boolean; message: string } | null>(null);
  useActionResult(offer, {
    onSuccess: ({ data: card }) => {
      addGiftCardToCart(card);
      setOfferStatus({ ok: true, message: t("shop.giftCardPage.added") });
      openCartDrawer();
    },
    onFailure: (refusal) => setOfferStatus({ ok: false, message: tm(refusal.message) }),
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

  function choosePreset(cents: number) {
    setPresetCents(cents);
    setCustomText("");
    setCustomTouched(false);
  }

  function typeCustom(value: string) {
    setCustomText(value);
    setPresetCents(null);
  }

  const ids = configuratorIds(id);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <form noValidate onSubmit={submitOffer} className="space-y-6" aria-labelledby={ids.title}>
        <h2 id={ids.title} className="sr-only">
          {t("shop.giftCardPage.formTitle")}
        </h2>

        <GiftCardAmountFieldset
          ids={ids}
          presetCents={presetCents}
          customText={customText}
          customError={customError}
          onPreset={choosePreset}
          onCustom={typeCustom}
          onCustomLeft={() => setCustomTouched(true)}
        />
        <GiftCardOccasionFieldset occasion={occasion} onChange={setOccasion} />
        <GiftCardDeliveryFieldset ids={ids} deliveryMode={deliveryMode} onChange={setDeliveryMode} />
        <GiftCardRecipientFieldset
          ids={ids}
          deliveryMode={deliveryMode}
          recipientName={recipientName}
          recipientEmail={recipientEmail}
          message={message}
          nameError={nameError}
          emailError={emailError}
          messageError={messageError}
          onName={setRecipientName}
          onEmail={setRecipientEmail}
          onEmailLeft={() => setEmailTouched(true)}
          onMessage={setMessage}
        />

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

      <GiftCardPreview
        ids={ids}
        amountCents={amountCents}
        occasion={occasion}
        deliveryMode={deliveryMode}
        recipientName={recipientName}
        message={message}
        totals={totals}
      />
    </div>
  );
}
