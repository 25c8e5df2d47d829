import { useTimeZone } from "~/components/ui/time-zone";
import { transactionTypeLabel, type LoyaltyTransactionView } from "~/domain/loyalty/loyalty.types";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";

/**
 * Beauty Pass transactions, newest first: description, order reference, French date and signed
 * points; with `showType`, the French label of the movement (Gagnés, Utilisés...).
 */
export function LoyaltyTransactionList({
  transactions,
  showType = false,
  label,
}: {
  transactions: readonly LoyaltyTransactionView[];
  showType?: boolean;
  label: string;
}) {
  const format = localizedFormat(useLanguage(), useTimeZone());
  const t = useT();
  const tm = useTranslateMessage();
  if (transactions.length === 0) {
    return <p className="mt-4 rounded-xl bg-cream px-4 py-6 text-center text-muted">{t("account.loyalty.noTransactions")}</p>;
  }
  return (
    <ul aria-label={label} className="mt-4 divide-y divide-line rounded-xl border border-line">
      {transactions.map((tx) => (
        <li key={tx.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3">
          <div className="min-w-0">
            <p className="font-semibold break-words">{tx.description}</p>
            <p className="mt-0.5 text-sm text-muted">
              <time dateTime={tx.created_at}>{format.date(tx.created_at)}</time>
              {tx.order_reference && <> · {t("account.orders.order", { number: tx.order_reference })}</>}
              {showType && (
                <>
                  {" · "}
                  <span className="font-semibold text-ink">{tm(transactionTypeLabel(tx.type))}</span>
                </>
              )}
            </p>
          </div>
          <p className={`shrink-0 font-semibold tabular-nums ${tx.points > 0 ? "text-success" : "text-ink"}`}>
            {t("account.loyalty.signedPoints", { sign: tx.points > 0 ? "+" : "-", count: Math.abs(tx.points) })}
          </p>
        </li>
      ))}
    </ul>
  );
}
