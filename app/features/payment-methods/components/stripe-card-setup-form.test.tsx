// @vitest-environment happy-dom
/**
 * The add-card form with Stripe (decision 059, "Saved cards"), with Stripe's libraries replaced at
 * their module boundary (Stripe.js loads from Stripe at run time, which the test machines cannot
 * reach) and the shop's API calls replaced by fakes: Stripe's Payment Element in setup mode, the
 * SetupIntent confirmed by `confirmSetup`, the card saved, and Stripe's own messages shown.
 */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../../../tests/support/i18n";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";

const CARD: PaymentMethodView = {
  id: "00000000-0000-4000-8000-000000000001",
  brand: "visa",
  last4: "4242",
  expiry: "12/31",
  holder: "Léa Moreau",
  is_default: true,
  expired: false,
  usable: true,
  created_at: "2026-11-01T10:00:00.000Z",
};

const mocks = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  elementsOptions: [] as unknown[],
  elements: { submit: vi.fn(async () => ({})) },
  stripe: { confirmSetup: vi.fn() },
  paymentElementProps: [] as { onReady?: () => void; onLoadError?: () => void }[],
  startCardSetup: vi.fn(),
  saveCardFromSetup: vi.fn(),
}));

vi.mock("@stripe/stripe-js", () => ({ loadStripe: mocks.loadStripe }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ options, children }: { options: unknown; children: ReactNode }) => {
    mocks.elementsOptions.push(options);
    return <div data-testid="elements">{children}</div>;
  },
  PaymentElement: (props: { onReady?: () => void; onLoadError?: () => void }) => {
    mocks.paymentElementProps.push(props);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => mocks.stripe,
  useElements: () => mocks.elements,
}));
vi.mock("../payment-method-api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../payment-method-api")>()),
  startCardSetup: mocks.startCardSetup,
  saveCardFromSetup: mocks.saveCardFromSetup,
}));

// Test files share a worker's modules (vitest.config.ts: isolate false): without a fresh registry,
// ~/lib/stripe-js (and its loadStripe cache) would still hold the Stripe mock of the file before.
vi.resetModules();
const { default: StripeCardSetupForm } = await import("./stripe-card-setup-form");
const { PaymentTab } = await import("./payment-tab");
// The next file in this worker must not inherit this file's mocked modules (isolate: false).
afterAll(() => {
  vi.resetModules();
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let container: HTMLDivElement;
let root: Root;
let keys = 0;
/** A publishable key per test: Stripe.js is loaded once per key and page (app/lib/stripe-js.ts). */
const freshKey = () => `pk_test_form${(keys += 1)}`;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  mocks.elementsOptions.length = 0;
  mocks.paymentElementProps.length = 0;
  mocks.loadStripe.mockResolvedValue(mocks.stripe);
  mocks.elements.submit.mockClear();
  mocks.stripe.confirmSetup.mockReset();
  mocks.startCardSetup.mockReset();
  mocks.saveCardFromSetup.mockReset();
  mocks.startCardSetup.mockResolvedValue({ ok: true, data: { setup_intent_id: "seti_123", client_secret: "seti_123_secret_abc" } });
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(props: { onSaved?: (card: PaymentMethodView) => void; publishableKey?: string } = {}) {
  await act(async () => {
    root.render(
      withI18n(
        <StripeCardSetupForm
          publishableKey={props.publishableKey ?? freshKey()}
          language="fr"
          showDefaultToggle
          onSaved={props.onSaved ?? (() => undefined)}
          onCancel={() => undefined}
        />,
      ),
    );
  });
}

const ready = () => act(async () => mocks.paymentElementProps.at(-1)?.onReady?.());

/** Types as a person does: React hears the input event. */
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const holderInput = () => container.querySelector<HTMLInputElement>('input[name="holder"]')!;
const submitButton = () => [...container.querySelectorAll("button")].find((b) => b.textContent === "Enregistrer la carte")!;
const submit = () =>
  act(async () => {
    container.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });

describe("StripeCardSetupForm", () => {
  it("shows Stripe's Payment Element in setup mode, confirms the SetupIntent and saves its card", async () => {
    const onSaved = vi.fn();
    mocks.stripe.confirmSetup.mockResolvedValue({ setupIntent: { id: "seti_123", status: "succeeded" } });
    mocks.saveCardFromSetup.mockResolvedValue({ ok: true, data: CARD });
    const key = freshKey();
    await render({ onSaved, publishableKey: key });

    expect(mocks.loadStripe).toHaveBeenCalledWith(key);
    expect(container.querySelector('[data-testid="payment-element"]')).not.toBeNull();
    expect(mocks.elementsOptions.at(-1)).toMatchObject({ mode: "setup", currency: "eur", setupFutureUsage: "off_session", locale: "fr" });
    // No card number field of ours: the number is typed in Stripe's frame only.
    expect(container.querySelector('input[name="number"]')).toBeNull();
    // Loading until Stripe's frame says it is ready; saving waits for it.
    expect(container.querySelector('[role="status"]')?.textContent).toBe("Chargement du formulaire de carte sécurisé…");
    expect(submitButton().disabled).toBe(true);
    await ready();
    expect(container.querySelector('[role="status"]')).toBeNull();
    expect(submitButton().disabled).toBe(false);
    // The holder is the shop's own field, labelled in French and reachable by keyboard.
    const holder = holderInput();
    expect(container.querySelector(`label[for="${holder.id}"]`)?.textContent).toContain("Titulaire de la carte");

    await type(holder, "  Léa Moreau ");
    await submit();

    expect(mocks.elements.submit).toHaveBeenCalledOnce();
    expect(mocks.startCardSetup).toHaveBeenCalledOnce();
    expect(mocks.stripe.confirmSetup).toHaveBeenCalledWith({
      elements: mocks.elements,
      clientSecret: "seti_123_secret_abc",
      confirmParams: { payment_method_data: { billing_details: { name: "Léa Moreau" } } },
      redirect: "if_required",
    });
    expect(mocks.saveCardFromSetup).toHaveBeenCalledWith("seti_123", { holder: "Léa Moreau", is_default: false });
    expect(onSaved).toHaveBeenCalledWith(CARD);
  });

  it("shows Stripe's message when the bank refuses, and saves nothing", async () => {
    const onSaved = vi.fn();
    mocks.stripe.confirmSetup.mockResolvedValue({
      error: { type: "card_error", code: "card_declined", message: "Votre carte a été refusée." },
    });
    await render({ onSaved });
    await ready();
    await type(holderInput(), "Léa Moreau");
    await submit();

    expect(container.querySelector('[role="alert"]')?.textContent).toBe("Votre carte a été refusée.");
    expect(mocks.saveCardFromSetup).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    // The form stays usable: the shopper may try another card.
    expect(submitButton().disabled).toBe(false);
  });

  it("asks for the holder before anything is sent to Stripe", async () => {
    await render();
    await ready();
    await submit();
    expect(container.textContent).toContain("Le nom du titulaire est obligatoire");
    expect(holderInput().getAttribute("aria-invalid")).toBe("true");
    expect(mocks.elements.submit).not.toHaveBeenCalled();
    expect(mocks.startCardSetup).not.toHaveBeenCalled();
  });

  it("says in French that the form could not load when Stripe.js does not arrive", async () => {
    mocks.loadStripe.mockRejectedValue(new Error("Failed to load Stripe.js"));
    await render();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "Le formulaire de paiement n'a pas pu se charger. Vérifiez votre connexion puis rechargez la page.",
    );
  });
});

describe("PaymentTab's add-card dialog", () => {
  it("with Stripe, opens Stripe's form (loaded on demand) instead of the card number fields", async () => {
    await act(async () => {
      root.render(withI18n(<PaymentTab data={{ paymentMethods: [], paymentForm: { provider: "stripe", publishableKey: freshKey() } }} />));
    });
    const add = [...container.querySelectorAll("button")].find((b) => b.textContent === "Ajouter une carte")!;
    await act(async () => add.click());
    await vi.waitFor(() => expect(document.querySelector('[data-testid="payment-element"]')).not.toBeNull());
    expect(document.querySelector('input[name="number"]')).toBeNull();
  });

  it("in the demonstration, keeps the shop's own card fields", async () => {
    await act(async () => {
      root.render(withI18n(<PaymentTab data={{ paymentMethods: [], paymentForm: { provider: "simulated" } }} />));
    });
    const add = [...container.querySelectorAll("button")].find((b) => b.textContent === "Ajouter une carte")!;
    await act(async () => add.click());
    expect(document.querySelector('input[name="number"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="payment-element"]')).toBeNull();
  });
});
