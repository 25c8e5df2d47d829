import { useT } from "~/components/ui/i18n";
import type { OrderSampleView } from "~/domain/samples/samples";
import { formatPrice } from "~/lib/money";

/**
 * The free samples of an order as lines of its item list (decision 067): each at 0 €, or said
 * not added when it ran out between the checkout and the payment. Items of the list it sits in.
 */
export function OrderSampleItems({ samples }: { samples: readonly OrderSampleView[] | undefined }) {
  const t = useT();
  return (samples ?? []).map((s, i) => (
    <li key={`${s.name}-${i}`} className="flex items-start justify-between gap-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-semibold break-words">{s.name}</p>
        <p className="text-muted">{`${t("checkout.samples.line")} · ${s.brand}`}</p>
      </div>
      <p className={`shrink-0 ${s.added ? "font-semibold" : "text-muted"}`}>{s.added ? formatPrice(0) : t("checkout.samples.notAdded")}</p>
    </li>
  ));
}
