// @vitest-environment happy-dom
/**
 * The Payment Element wrapper with Stripe's libraries replaced at their module boundary: Stripe.js
 * loads from Stripe at run time, which the test machines cannot reach (decision 059).
 */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../../../tests/support/i18n";
import type { StripeCardFormHandle } from "./stripe-bridge";

const stripeMocks = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  elementsOptions: [] as unknown[],
  elements: { update: vi.fn(async () => undefined), submit: vi.fn(async () => ({})) },
  stripe: {
    createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: "pm_from_element", card: { last4: "4242" } } })),
    handleNextAction: vi.fn(async () => ({ paymentIntent: { status: "succeeded" } })),
  },
  paymentElementProps: [] as { onReady?: () => void; onLoadError?: () => void }[],
}));

vi.mock("@stripe/stripe-js", () => ({ loadStripe: stripeMocks.loadStripe }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ options, children }: { options: unknown; children: ReactNode }) => {
    stripeMocks.elementsOptions.push(options);
    return <div data-testid="elements">{children}</div>;
  },
  PaymentElement: (props: { onReady?: () => void; onLoadError?: () => void }) => {
    stripeMocks.paymentElementProps.push(props);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => stripeMocks.stripe,
  useElements: () => stripeMocks.elements,
}));

// Test files share a worker's modules (vitest.config.ts: isolate false): without a fresh registry,
// ~/lib/stripe-js (and its loadStripe cache) would still hold the Stripe mock of the file before.
vi.resetModules();
const { default: StripeCardForm } = await import("./stripe-card-form");
// The next file in this worker must not inherit this file's mocked modules (isolate: false).
afterAll(() => {
  vi.resetModules();
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  stripeMocks.elementsOptions.length = 0;
  stripeMocks.paymentElementProps.length = 0;
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(publishableKey: string, onHandle: (handle: StripeCardFormHandle | null) => void) {
  await act(async () => {
    root.render(withI18n(<StripeCardForm publishableKey={publishableKey} amountCents={8450} language="fr" onHandle={onHandle} />));
  });
}

describe("StripeCardForm", () => {
  it("shows Stripe's Payment Element for the amount, creating the PaymentMethod on our order button, and hands the checkout its handle", async () => {
    stripeMocks.loadStripe.mockResolvedValue(stripeMocks.stripe);
    let handle: StripeCardFormHandle | null = null;
    await render("pk_test_ok", (h) => (handle = h));
    expect(stripeMocks.loadStripe).toHaveBeenCalledWith("pk_test_ok");
    expect(container.querySelector('[data-testid="payment-element"]')).not.toBeNull();
    expect(stripeMocks.elementsOptions.at(-1)).toMatchObject({
      mode: "payment",
      amount: 8450,
      currency: "eur",
      paymentMethodCreation: "manual",
      locale: "fr",
    });
    // A loading line until Stripe's frame says it is ready.
    expect(container.querySelector('[role="status"]')?.textContent).toBe("Chargement du formulaire de paiement sécurisé…");
    await act(async () => stripeMocks.paymentElementProps.at(-1)?.onReady?.());
    expect(container.querySelector('[role="status"]')).toBeNull();

    expect(handle).not.toBeNull();
    expect(await handle!.createPaymentMethod({ amountCents: 8450, keep: false })).toEqual({
      ok: true,
      id: "pm_from_element",
      lastFour: "4242",
    });
    expect(stripeMocks.elements.submit).toHaveBeenCalledOnce();
    expect(await handle!.authenticate("pi_x_secret_y")).toBe("succeeded");
    expect(stripeMocks.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: "pi_x_secret_y" });

    await act(async () => root.render(<div />));
    expect(handle).toBeNull();
  });

  it("says in French that the form could not load when Stripe.js does not arrive", async () => {
    stripeMocks.loadStripe.mockRejectedValue(new Error("Failed to load Stripe.js"));
    await render("pk_test_unreachable", () => undefined);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "Le formulaire de paiement n'a pas pu se charger. Vérifiez votre connexion puis rechargez la page.",
    );
  });

  it("says so too when the Payment Element itself fails to load", async () => {
    stripeMocks.loadStripe.mockResolvedValue(stripeMocks.stripe);
    await render("pk_test_element_fails", () => undefined);
    await act(async () => stripeMocks.paymentElementProps.at(-1)?.onLoadError?.());
    expect(container.querySelector('[role="alert"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="payment-element"]')).toBeNull();
  });
});
