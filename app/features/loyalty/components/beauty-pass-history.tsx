import { Link } from "react-router";
import { LOYALTY_TRANSACTIONS_LOAD_ERROR, type LoyaltySummary } from "~/domain/loyalty/loyalty.types";
import { T, useT, useTranslateMessage } from "~/components/ui/i18n";
import { RewardProgress } from "./beauty-pass-card";
import { LoyaltyTransactionList } from "./loyalty-transaction-list";

/**
 * "Beauty Pass" in the dashboard's profile tab: the balance and tier in one line, the next reward,
 * and the full history (the latest 20 transactions) with the French type of each movement.
 * The anchor #beauty-pass is the target of the profile card's "Voir toutes mes transactions".
 */
export function BeautyPassHistory({ summary }: { summary: LoyaltySummary | null }) {
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <section id="beauty-pass" aria-labelledby="beauty-pass-history-title" className="mt-10 scroll-mt-24">
      <h3 id="beauty-pass-history-title" className="font-display text-2xl">
        Beauty Pass
      </h3>
      {summary ? (
        <div className="mt-4 rounded-2xl border border-line p-6">
          <p className="text-muted">
            <T
              k="account.loyalty.summary"
              values={{ tier: summary.tier.name, balance: summary.balance, lifetime: summary.lifetime_points }}
              components={{ 0: <span className="font-semibold text-ink" />, 1: <span className="font-semibold text-ink tabular-nums" /> }}
            />
          </p>
          <RewardProgress summary={summary} />
          <h4 className="mt-8 text-lg font-semibold">{t("account.loyalty.history")}</h4>
          <LoyaltyTransactionList label={t("account.loyalty.history")} transactions={summary.transactions} showType />
          <p className="mt-4 text-sm">
            <Link to="/beauty-pass" className="font-semibold text-accent underline underline-offset-4 hover:text-accent-dark">
              {t("account.loyalty.howItWorks")}
            </Link>
          </p>
        </div>
      ) : (
        <p role="alert" className="mt-4 rounded-lg bg-danger/10 px-4 py-3 text-sm font-semibold text-danger">
          {tm(LOYALTY_TRANSACTIONS_LOAD_ERROR)}
        </p>
      )}
    </section>
  );
}
