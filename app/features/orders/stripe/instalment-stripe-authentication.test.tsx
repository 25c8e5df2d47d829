// @vitest-environment happy-dom
/**
 * The page of an instalment the bank wants authenticated (decision 035), its Stripe part: Stripe's
 * library is replaced at its module boundary (Stripe.js loads from Stripe at run time, which the
 * test machines cannot reach). The Stripe part alone, then the whole panel with the route's action
 * stubbed: "Confirmer le paiement", the bank's dialog for the client secret the server answers,
 * and its end posted back.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../../../tests/support/i18n";
import type { ActionResult } from "~/domain/http/action-result";
import type { InstalmentPaymentStep, InstalmentToConfirm } from "~/domain/payments/instalments";

const stripeMocks = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  stripe: { handleNextAction: vi.fn() },
}));
vi.mock("@stripe/stripe-js", () => ({ loadStripe: stripeMocks.loadStripe }));

// Test files share a worker's modules (vitest.config.ts: isolate false): without a fresh registry,
// ~/lib/stripe-js (and its loadStripe cache) would still hold the Stripe mock of the file before.
vi.resetModules();
const { default: InstalmentStripeAuthentication } = await import("./instalment-stripe-authentication");
const { InstalmentPayment } = await import("../components/instalment-payment");
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
  stripeMocks.loadStripe.mockReset();
  stripeMocks.stripe.handleNextAction.mockReset();
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** Lets the promises in flight (Stripe.js loading, the dialog, a fetcher's post) settle, inside act. */
async function settle(times = 10) {
  for (let i = 0; i < times; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

const text = () => container.textContent?.replace(/\s+/g, " ") ?? "";

describe("the Stripe part", () => {
  it("loads Stripe.js with the publishable key, shows the bank's dialog once for the client secret, and hands its end over", async () => {
    stripeMocks.loadStripe.mockResolvedValue(stripeMocks.stripe);
    stripeMocks.stripe.handleNextAction.mockResolvedValue({ paymentIntent: { status: "succeeded" } });
    const onAnswer = vi.fn();
    await act(async () => {
      root.render(
        withI18n(<InstalmentStripeAuthentication publishableKey="pk_test_part" clientSecret="pi_1_secret_a" onAnswer={onAnswer} />),
      );
    });
    await settle();
    expect(stripeMocks.loadStripe).toHaveBeenCalledWith("pk_test_part");
    expect(stripeMocks.stripe.handleNextAction).toHaveBeenCalledExactlyOnceWith({ clientSecret: "pi_1_secret_a" });
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith("succeeded");
    expect(container.querySelector('[role="status"]')?.textContent).toBe("Confirmez le paiement dans la fenêtre de votre banque.");
    // Drawn again with the same payment: the dialog is not shown twice.
    await act(async () => {
      root.render(
        withI18n(<InstalmentStripeAuthentication publishableKey="pk_test_part" clientSecret="pi_1_secret_a" onAnswer={onAnswer} />),
      );
    });
    await settle();
    expect(stripeMocks.stripe.handleNextAction).toHaveBeenCalledOnce();
  });

  it("answers failed when the shopper fails or closes the dialog", async () => {
    stripeMocks.loadStripe.mockResolvedValue(stripeMocks.stripe);
    stripeMocks.stripe.handleNextAction.mockResolvedValue({ error: { type: "card_error", code: "payment_intent_authentication_failure" } });
    const onAnswer = vi.fn();
    await act(async () => {
      root.render(
        withI18n(<InstalmentStripeAuthentication publishableKey="pk_test_fail" clientSecret="pi_2_secret_b" onAnswer={onAnswer} />),
      );
    });
    await settle();
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith("failed");
  });

  it("says in French that the form could not load when Stripe.js does not arrive, and answers failed", async () => {
    stripeMocks.loadStripe.mockRejectedValue(new Error("Failed to load Stripe.js"));
    const onAnswer = vi.fn();
    await act(async () => {
      root.render(
        withI18n(<InstalmentStripeAuthentication publishableKey="pk_test_unreachable" clientSecret="pi_3_secret_c" onAnswer={onAnswer} />),
      );
    });
    await settle();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "Le formulaire de paiement n'a pas pu se charger. Vérifiez votre connexion puis rechargez la page.",
    );
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith("failed", expect.stringContaining("n'a pas pu se charger"));
    expect(stripeMocks.stripe.handleNextAction).not.toHaveBeenCalled();
  });
});

const INSTALMENT: InstalmentToConfirm = {
  order_number: "AUR-2026-000123",
  seq: 2,
  amount_cents: 3333,
  due_date: "2026-12-26",
  state: "payable",
};

/** The page's panel under a route whose action answers what `answers` gives, in turn. */
async function renderPanel(
  paymentForm: Parameters<typeof InstalmentPayment>[0]["paymentForm"],
  answers: ActionResult<InstalmentPaymentStep>[],
) {
  const posted: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: "/paiement-echeance",
      Component: () => <InstalmentPayment instalment={INSTALMENT} paymentForm={paymentForm} />,
      action: async ({ request }) => {
        posted.push(Object.fromEntries((await request.formData()).entries()) as Record<string, string>);
        return answers.shift() ?? { ok: false, code: "unexpected", message: "unexpected post" };
      },
    },
  ]);
  await act(async () => {
    root.render(withI18n(<Stub initialEntries={["/paiement-echeance?token=abc"]} />));
  });
  return posted;
}

function confirmButton() {
  const button = [...container.querySelectorAll("button")].find((b) => b.textContent === "Confirmer le paiement");
  if (!button) throw new Error(`no "Confirmer le paiement" button in: ${text()}`);
  return button;
}

describe("the page's panel", () => {
  it("shows the order, amount and due date; with Stripe, runs the bank's dialog for the client secret and posts its end", async () => {
    stripeMocks.loadStripe.mockResolvedValue(stripeMocks.stripe);
    stripeMocks.stripe.handleNextAction.mockResolvedValue({ paymentIntent: { status: "succeeded" } });
    const posted = await renderPanel({ provider: "stripe", publishableKey: "pk_test_panel" }, [
      { ok: true, data: { status: "authentication_required", client_secret: "pi_9_secret_z" } },
      { ok: true, data: { status: "paid" } },
    ]);
    expect(text()).toContain("AUR-2026-000123");
    expect(text()).toMatch(/33,33\s€/);
    expect(text()).toContain("26 décembre 2026");
    // Stripe.js is not loaded before the bank asks.
    expect(stripeMocks.loadStripe).not.toHaveBeenCalled();

    await act(async () => confirmButton().click());
    await settle(30);
    expect(stripeMocks.loadStripe).toHaveBeenCalledWith("pk_test_panel");
    expect(stripeMocks.stripe.handleNextAction).toHaveBeenCalledExactlyOnceWith({ clientSecret: "pi_9_secret_z" });
    expect(posted).toEqual([{ intent: "confirm" }, { intent: "complete", result: "succeeded" }]);
    expect(text()).toContain("Échéance réglée");
    expect(text()).toContain("Merci : l'échéance 2/3 de votre commande AUR-2026-000123 est réglée.");
  });

  it("says a decline in French and leaves the button for another try", async () => {
    const posted = await renderPanel({ provider: "stripe", publishableKey: "pk_test_declined" }, [
      { ok: false, code: "payment_declined", message: "Paiement refusé par votre banque. Veuillez utiliser une autre carte." },
    ]);
    await act(async () => confirmButton().click());
    await settle(20);
    expect(posted).toEqual([{ intent: "confirm" }]);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "Paiement refusé par votre banque. Veuillez utiliser une autre carte.",
    );
    expect(confirmButton().disabled).toBe(false);
    expect(stripeMocks.loadStripe).not.toHaveBeenCalled();
  });

  it("with the simulated acquirer, pays without ever loading Stripe.js", async () => {
    const posted = await renderPanel({ provider: "simulated" }, [{ ok: true, data: { status: "paid" } }]);
    await act(async () => confirmButton().click());
    await settle(20);
    expect(posted).toEqual([{ intent: "confirm" }]);
    expect(text()).toContain("Échéance réglée");
    expect(stripeMocks.loadStripe).not.toHaveBeenCalled();
  });
});
