import type { RefObject } from "react";
import { Modal } from "~/components/ui/modal";
import { FormMessage, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { formatPrice } from "~/lib/money";

export type AuthenticationChallenge = {
  authenticationId: string;
  amountCents: number;
  /** The card's last four digits, when the page knows them. */
  lastFour: string | null;
};

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
  return (
    <Modal title="Authentification de votre banque" onClose={busy ? () => undefined : onDismiss} returnFocusTo={returnFocusTo}>
      <p>Démonstration : cette fenêtre remplace la page de votre banque (3-D Secure).</p>
      <p className="mt-3">
        Paiement de <strong>{formatPrice(challenge.amountCents)}</strong>
        {challenge.lastFour ? (
          <>
            {" "}
            avec la carte <span aria-hidden="true">•••• {challenge.lastFour}</span>
            <span className="sr-only">se terminant par {challenge.lastFour}</span>
          </>
        ) : null}
        .
      </p>
      {error && (
        <div className="mt-4">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}
      {busy && (
        <p role="status" className="mt-4 text-sm text-muted">
          Vérification en cours...
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" onClick={() => onAnswer("failed")} disabled={busy} className={secondaryButtonClass}>
          Échouer
        </button>
        <button type="button" onClick={() => onAnswer("succeeded")} disabled={busy} className={primaryButtonClass} data-autofocus>
          Valider
        </button>
      </div>
    </Modal>
  );
}
