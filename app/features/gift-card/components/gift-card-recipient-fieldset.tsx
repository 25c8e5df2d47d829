import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { RECIPIENT_NAME_MAX, type GiftCardDeliveryMode } from "~/domain/gift-cards/gift-card.rules";
import { GIFT_CARD_MESSAGE_MAX } from "~/lib/shop-rules";
import { fieldClass, fieldsetClass, legendClass, type ConfiguratorIds } from "./gift-card-configurator-parts";

type Props = {
  ids: ConfiguratorIds;
  deliveryMode: GiftCardDeliveryMode;
  recipientName: string;
  recipientEmail: string;
  message: string;
  nameError: string | null;
  emailError: string | null;
  messageError: string | null;
  onName: (name: string) => void;
  onEmail: (email: string) => void;
  onEmailLeft: () => void;
  onMessage: (message: string) => void;
};

/** 'Destinataire et message': who receives the card (the e-mail is required for an e-mailed card) and a personal message. */
export function GiftCardRecipientFieldset(props: Props) {
  const { ids, deliveryMode, recipientName, recipientEmail, message, nameError, emailError, messageError } = props;
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t("shop.giftCardPage.recipientAndMessage")}</legend>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.name} className="font-semibold">
            {t("shop.giftCardPage.recipientName")} <span className="font-normal text-muted">{t("shop.giftCardPage.optional")}</span>
          </label>
          <input
            id={ids.name}
            name="nom-destinataire"
            type="text"
            autoComplete="off"
            maxLength={RECIPIENT_NAME_MAX}
            value={recipientName}
            onChange={(event) => props.onName(event.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={ids.nameError}
            className={fieldClass}
          />
          <p id={ids.nameError} role="alert" className="mt-1 text-sm font-medium text-danger empty:mt-0">
            {nameError && tm(nameError)}
          </p>
        </div>
        <div>
          <label htmlFor={ids.email} className="font-semibold">
            {t("shop.giftCardPage.recipientEmail")}{" "}
            <span className="font-normal text-muted">
              {deliveryMode === "email" ? t("shop.giftCardPage.required") : t("shop.giftCardPage.optional")}
            </span>
          </label>
          <input
            id={ids.email}
            name="email-destinataire"
            type="email"
            autoComplete="off"
            value={recipientEmail}
            onChange={(event) => props.onEmail(event.target.value)}
            onBlur={props.onEmailLeft}
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
        <label htmlFor={ids.message} className="font-semibold">
          {t("shop.giftCardPage.personalMessage")} <span className="font-normal text-muted">{t("shop.giftCardPage.optional")}</span>
        </label>
        <textarea
          id={ids.message}
          name="message"
          rows={4}
          value={message}
          onChange={(event) => props.onMessage(event.target.value)}
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
  );
}
