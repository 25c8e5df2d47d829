import { orderStatusLabel } from "~/domain/orders/order.types";
import { useTranslateMessage } from "~/components/ui/i18n";

/**
 * Badge colours of the account area (spec back-office §4): pending yellow, processing blue,
 * shipped green, delivered darker green, cancelled red. Each pair keeps AA contrast in both themes.
 */
const STATUS_CLASSES: Record<string, string> = {
  pending: "bg-yellow-100 text-yellow-900",
  confirmed: "bg-sky-100 text-sky-900",
  processing: "bg-blue-100 text-blue-900",
  shipped: "bg-green-100 text-green-900",
  delivered: "bg-green-800 text-white",
  cancelled: "bg-red-100 text-red-900",
  returned: "bg-stone-200 text-stone-900",
};
const UNKNOWN_STATUS_CLASSES = "bg-stone-200 text-stone-900";

/** `label` replaces the account area's word where a page has its own (the admin dashboard's 'Livré'). */
export function OrderStatusBadge({ status, label }: { status: string; label?: string }) {
  // The status words are French texts of app/domain, shown in the page's language.
  const tm = useTranslateMessage();
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-bold ${STATUS_CLASSES[status] ?? UNKNOWN_STATUS_CLASSES}`}
    >
      {tm(label ?? orderStatusLabel(status))}
    </span>
  );
}
