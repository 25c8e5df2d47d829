import { useT, type MessageKey } from "~/components/ui/i18n";
import type { CheckoutStep } from "./checkout-types";

const STEPS: { id: CheckoutStep; label: MessageKey }[] = [
  { id: "shipping", label: "checkout.steps.shipping" },
  { id: "payment", label: "checkout.steps.payment" },
  { id: "confirmation", label: "checkout.steps.confirmation" },
];

/** Where the shopper is: 1 Livraison, 2 Paiement, 3 Confirmation. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const t = useT();
  const index = STEPS.findIndex((s) => s.id === current);
  return (
    <nav aria-label={t("checkout.steps.label")} className="mt-6">
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
                {t(step.label)}
                {state === "done" && <span className="sr-only">{t("checkout.steps.done")}</span>}
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
  const t = useT();
  return (
    <div role="alert" className="rounded-2xl border border-danger bg-accent-soft p-4 text-sm">
      <p className="font-semibold text-danger">{t("checkout.error.title")}</p>
      <p className="mt-1 text-ink">{message}</p>
      {hint && <p className="mt-1 text-ink">{hint}</p>}
    </div>
  );
}
