import type { RefObject } from "react";
import { T, useT, useTranslateMessage } from "~/components/ui/i18n";
import { Modal } from "~/components/ui/modal";
import { FormMessage, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { formatPrice } from "~/lib/money";
import type { AuthenticationChallenge } from "./checkout-types";

/**
 * Stands in for the bank's 3-D Secure page (the simulated provider has none): 'Valider' and
 * 'Échouer' send what the bank's page would. Closing it (Escape, ×, the backdrop) answers
 * nothing: the payment waits, and 'Commander' again reopens the same challenge.
 */
export function AuthenticationDialog({
  challenge,
  busy,
  error,
  onAnswer,
  onDismiss,
  returnFocusTo,
}: {
  challenge: AuthenticationChallenge;
  busy: boolean;
  error: string | null;
  onAnswer: (result: "succeeded" | "failed") => void;
  onDismiss: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  return (
    <Modal title={t("checkout.auth.title")} onClose={busy ? () => undefined : onDismiss} returnFocusTo={returnFocusTo}>
      <p>{t("checkout.auth.demo")}</p>
      <p className="mt-3">
        <T k="checkout.auth.payment" values={{ amount: formatPrice(challenge.amountCents) }} components={{ 0: <strong /> }} />
        {challenge.lastFour ? (
          <>
            {" "}
            {t("checkout.auth.withCard")} <span aria-hidden="true">•••• {challenge.lastFour}</span>
            <span className="sr-only">{t("checkout.auth.endingWith", { lastFour: challenge.lastFour })}</span>
          </>
        ) : null}
        .
      </p>
      {error && (
        <div className="mt-4">
          <FormMessage tone="error">{translateMessage(error)}</FormMessage>
        </div>
      )}
      {busy && (
        <p role="status" className="mt-4 text-sm text-muted">
          {t("checkout.auth.checking")}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={() => onAnswer("failed")} disabled={busy} className={secondaryButtonClass}>
          {t("checkout.auth.fail")}
        </button>
        <button type="button" onClick={() => onAnswer("succeeded")} disabled={busy} className={primaryButtonClass} data-autofocus>
          {t("checkout.auth.approve")}
        </button>
      </div>
    </Modal>
  );
}
