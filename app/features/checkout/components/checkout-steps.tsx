import type { CheckoutStep } from "./checkout-types";

const STEPS: { id: CheckoutStep; label: string }[] = [
  { id: "shipping", label: "Livraison" },
  { id: "payment", label: "Paiement" },
  { id: "confirmation", label: "Confirmation" },
];

/** Where the shopper is: 1 Livraison, 2 Paiement, 3 Confirmation. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const index = STEPS.findIndex((s) => s.id === current);
  return (
    <nav aria-label="Étapes de la commande" className="mt-6">
      <ol className="flex flex-wrap items-center gap-2 text-sm sm:gap-4">
        {STEPS.map((step, i) => {
          const state = i < index ? "done" : i === index ? "current" : "todo";
          return (
            <li key={step.id} aria-current={state === "current" ? "step" : undefined} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`flex h-8 w-8 items-center justify-center rounded-full font-semibold ${
                  state === "todo" ? "border border-line text-muted" : "bg-accent text-white"
                }`}
              >
                {state === "done" ? "✓" : i + 1}
              </span>
              <span className={state === "current" ? "font-semibold text-ink" : "text-muted"}>
                {step.label}
                {state === "done" && <span className="sr-only"> (étape terminée)</span>}
              </span>
              {i < STEPS.length - 1 && <span aria-hidden="true" className="mx-1 h-px w-6 bg-line sm:w-10" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The cleaner variant's inline red box, titled "Erreur". */
export function CheckoutErrorBox({ message, hint }: { message: string; hint?: string }) {
  return (
    <div role="alert" className="rounded-2xl border border-danger bg-accent-soft p-4 text-sm">
      <p className="font-semibold text-danger">Erreur</p>
      <p className="mt-1 text-ink">{message}</p>
      {hint && <p className="mt-1 text-ink">{hint}</p>}
    </div>
  );
}
