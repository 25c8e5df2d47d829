import { useCallback, useRef, useState } from "react";
import type { PaymentFormConfig } from "~/domain/payments/payment-form";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import type { CardFormInput } from "./checkout-machine";
import type { StripeCardFormHandle } from "./stripe/stripe-bridge";

/** The card the order button sends through, or why it sends nothing (a French message). */
export type PreparedCard = { ok: true; cardForm: CardFormInput } | { ok: false; message: string };

/**
 * The card form of the configured provider, as the checkout's order button uses it (decision
 * 059). Our own fields need nothing before the check. Stripe's Payment Element first makes the
 * typed card into a PaymentMethod at Stripe (nothing reaches the shop meanwhile, and `preparing`
 * keeps the button busy so a double click makes one); a saved card or a card-free order needs
 * nothing either.
 */
export function useProviderCardForm(payment: PaymentFormConfig) {
  const stripeForm = payment.provider === "stripe" ? payment : null;
  const handle = useRef<StripeCardFormHandle | null>(null);
  const onHandle = useCallback((next: StripeCardFormHandle | null) => {
    handle.current = next;
  }, []);
  const [preparing, setPreparing] = useState(false);

  const prepare = useCallback(
    async ({ newCard, cardCents, keep }: { newCard: boolean; cardCents: number; keep: boolean }): Promise<PreparedCard> => {
      if (!stripeForm) return { ok: true, cardForm: { kind: "fields" } };
      if (!newCard || cardCents <= 0) return { ok: true, cardForm: { kind: "provider", method: null } };
      const form = handle.current;
      if (!form) return { ok: false, message: CHECKOUT_MESSAGES.paymentFormUnavailable };
      setPreparing(true);
      try {
        const made = await form.createPaymentMethod({ amountCents: cardCents, keep });
        if (!made.ok) return { ok: false, message: made.message };
        return { ok: true, cardForm: { kind: "provider", method: { id: made.id, lastFour: made.lastFour } } };
      } finally {
        setPreparing(false);
      }
    },
    [stripeForm],
  );

  return { stripeForm, handle, onHandle, preparing, prepare };
}
