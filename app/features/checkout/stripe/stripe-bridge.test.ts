import { describe, expect, it, vi } from "vitest";
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { authenticateWith, createPaymentMethodWith } from "./stripe-bridge";

/** Stripe.js's objects, as far as the bridge uses them. */
function fakes({
  submitError,
  createError,
  throws,
}: { submitError?: { type: string; message?: string }; createError?: { type: string; message?: string }; throws?: boolean } = {}) {
  const calls: string[] = [];
  const elements = {
    update: vi.fn(async (options: unknown) => {
      calls.push(`update ${JSON.stringify(options)}`);
    }),
    submit: vi.fn(async () => {
      calls.push("submit");
      if (throws) throw new Error("network");
      return submitError ? { error: submitError } : {};
    }),
  };
  const stripe = {
    createPaymentMethod: vi.fn(async (options: { elements: unknown }) => {
      calls.push(options.elements === elements ? "createPaymentMethod(elements)" : "createPaymentMethod(?)");
      return createError ? { error: createError } : { paymentMethod: { id: "pm_123", card: { last4: "1001" } } };
    }),
  };
  return { calls, elements: elements as unknown as StripeElements, stripe: stripe as unknown as Stripe };
}

describe("the card typed in Stripe's Payment Element (decision 059)", () => {
  it("tells the Elements the amount and whether the card is kept, submits them, then makes one PaymentMethod", async () => {
    const { calls, elements, stripe } = fakes();
    expect(await createPaymentMethodWith(stripe, elements, { amountCents: 8450, keep: true })).toEqual({
      ok: true,
      id: "pm_123",
      lastFour: "1001",
    });
    expect(calls).toEqual(['update {"amount":8450,"setupFutureUsage":"off_session"}', "submit", "createPaymentMethod(elements)"]);

    const once = fakes();
    await createPaymentMethodWith(once.stripe, once.elements, { amountCents: 1200, keep: false });
    expect(once.calls[0]).toBe('update {"amount":1200,"setupFutureUsage":null}');
  });

  it("answers an incomplete form in the shop's words and makes no PaymentMethod", async () => {
    const { calls, elements, stripe } = fakes({ submitError: { type: "validation_error", message: "Your card number is incomplete." } });
    expect(await createPaymentMethodWith(stripe, elements, { amountCents: 1000, keep: false })).toEqual({
      ok: false,
      message: CHECKOUT_MESSAGES.paymentFormIncomplete,
    });
    expect(calls).not.toContain("createPaymentMethod(elements)");
  });

  it("passes on Stripe's own message for a card it refuses, and says to retry when Stripe cannot be reached", async () => {
    const refused = fakes({ createError: { type: "card_error", message: "Votre carte a été refusée." } });
    expect(await createPaymentMethodWith(refused.stripe, refused.elements, { amountCents: 1000, keep: false })).toEqual({
      ok: false,
      message: "Votre carte a été refusée.",
    });
    const offline = fakes({ throws: true });
    expect(await createPaymentMethodWith(offline.stripe, offline.elements, { amountCents: 1000, keep: false })).toEqual({
      ok: false,
      message: CHECKOUT_MESSAGES.somethingWentWrongCheckConnection,
    });
  });
});

describe("3-D Secure in Stripe's dialog", () => {
  const stripeAnswering = (answer: () => Promise<unknown>) => ({ handleNextAction: vi.fn(answer) }) as unknown as Stripe;

  it("says succeeded only for a PaymentIntent Stripe reports paid, failed for anything else", async () => {
    const paid = stripeAnswering(async () => ({ paymentIntent: { status: "succeeded" } }));
    expect(await authenticateWith(paid, "pi_1_secret_x")).toBe("succeeded");
    expect(paid.handleNextAction).toHaveBeenCalledWith({ clientSecret: "pi_1_secret_x" });
    expect(
      await authenticateWith(
        stripeAnswering(async () => ({ paymentIntent: { status: "requires_payment_method" } })),
        "s",
      ),
    ).toBe("failed");
    expect(
      await authenticateWith(
        stripeAnswering(async () => ({ error: { type: "card_error" } })),
        "s",
      ),
    ).toBe("failed");
    expect(
      await authenticateWith(
        stripeAnswering(async () => {
          throw new Error("closed");
        }),
        "s",
      ),
    ).toBe("failed");
  });
});
