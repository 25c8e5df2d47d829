import { INSTALMENT_UNPAID_LABEL, PAYMENT_STATUS_INSTALMENT_UNPAID } from "~/domain/payments/instalments";
import { useTranslateMessage } from "~/components/ui/i18n";

/** 'Échéance impayée' next to an order's status in the back-office (docs/decisions/035-instalments.md). */
export function InstalmentUnpaidBadge({ paymentStatus }: { paymentStatus: string | undefined }) {
  const tm = useTranslateMessage();
  if (paymentStatus !== PAYMENT_STATUS_INSTALMENT_UNPAID) return null;
  return (
    <span className="mt-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
      {tm(INSTALMENT_UNPAID_LABEL)}
    </span>
  );
}
