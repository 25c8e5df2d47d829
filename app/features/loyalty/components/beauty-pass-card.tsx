import { useId } from "react";
import { Link } from "react-router";
import { useTimeZone } from "~/components/ui/time-zone";
import { T, useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { BEAUTY_PASS_CARD_TRANSACTIONS, BEAUTY_PASS_REDEEM_STEP_CENTS, BEAUTY_PASS_REDEEM_STEP_POINTS } from "~/lib/shop-rules";
import { LOYALTY_LOAD_ERROR, type LoyaltySummary } from "~/domain/loyalty/loyalty.types";
import { LoyaltyTransactionList } from "./loyalty-transaction-list";

export const BEAUTY_PASS_HISTORY_HREF = "/dashboard?tab=profile#beauty-pass";

/** The Beauty Pass card of /profile: tier, balance, lifetime points, next reward and the latest 3 transactions. */
export function BeautyPassCard({ summary }: { summary: LoyaltySummary | null }) {
  const headingId = useId();
  const tm = useTranslateMessage();
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-2xl border border-line bg-white p-6 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-2xl">
          Beauty Pass
        </h2>
        {summary && (
          <span className="rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-accent-dark">{summary.tier.name}</span>
        )}
      </div>
      {summary ? (
        <BeautyPassCardBody summary={summary} />
      ) : (
        <p role="alert" className="mt-4 rounded-lg bg-danger/10 px-4 py-3 text-sm font-semibold text-danger">
          {tm(LOYALTY_LOAD_ERROR)}
        </p>
      )}
    </section>
  );
}

function BeautyPassCardBody({ summary }: { summary: LoyaltySummary }) {
  const format = localizedFormat(useLanguage(), useTimeZone());
  const t = useT();
  const points = (count: number) => t("account.loyalty.points", { count });
  const transactionsHeadingId = useId();
  const redeemable = Math.floor(summary.balance / BEAUTY_PASS_REDEEM_STEP_POINTS) * BEAUTY_PASS_REDEEM_STEP_CENTS;
  return (
    <>
      <dl className="mt-6 grid gap-5 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted">{t("account.loyalty.tier")}</dt>
          <dd className="mt-1 font-semibold">{summary.tier.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("account.loyalty.balance")}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{points(summary.balance)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("account.loyalty.lifetime")}</dt>
          <dd className="mt-1 font-semibold tabular-nums">{points(summary.lifetime_points)}</dd>
        </div>
      </dl>

      <RewardProgress summary={summary} />

      <ul className="mt-4 space-y-1 text-sm text-muted">
        <li>
          {redeemable > 0
            ? t("account.loyalty.redeemable", { amount: format.price(redeemable) })
            : t("account.loyalty.redeemFrom", { points: points(BEAUTY_PASS_REDEEM_STEP_POINTS) })}
        </li>
        {summary.next_expiry && (
          <li>
            <T
              k="account.loyalty.expiry"
              values={{ count: summary.next_expiry.points, date: format.date(summary.next_expiry.expires_at) }}
              components={{ 0: <time dateTime={summary.next_expiry.expires_at} /> }}
            />
          </li>
        )}
      </ul>

      <h3 id={transactionsHeadingId} className="mt-8 text-lg font-semibold">
        {t("account.loyalty.latest")}
      </h3>
      <LoyaltyTransactionList
        label={t("account.loyalty.latest")}
        transactions={summary.transactions.slice(0, BEAUTY_PASS_CARD_TRANSACTIONS)}
      />
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link to={BEAUTY_PASS_HISTORY_HREF} className="font-semibold text-accent underline underline-offset-4 hover:text-accent-dark">
          {t("account.loyalty.seeAll")}
        </Link>
        <Link to="/beauty-pass" className="font-semibold text-accent underline underline-offset-4 hover:text-accent-dark">
          {t("account.loyalty.discover")}
        </Link>
      </div>
    </>
  );
}

/** The next reward threshold, an accessible progress bar and the points still to earn. */
export function RewardProgress({
  summary,
}: {
  summary: Pick<LoyaltySummary, "balance" | "next_threshold" | "progress_percent" | "points_to_next">;
}) {
  const labelId = useId();
  const { next_threshold: next, progress_percent: percent, points_to_next: toGo } = summary;
  const t = useT();
  const points = (count: number) => t("account.loyalty.points", { count });
  return (
    <div className="mt-6">
      <p className="flex flex-wrap justify-between gap-2 text-sm font-semibold">
        <span id={labelId}>
          {next === null ? t("account.loyalty.allReached") : t("account.loyalty.nextReward", { points: points(next) })}
        </span>
        <span className="tabular-nums text-muted">{percent} %</span>
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={
          next === null
            ? t("account.loyalty.percent", { percent: 100 })
            : t("account.loyalty.progress", { balance: points(summary.balance), next: points(next) })
        }
        className="mt-2 h-3 overflow-hidden rounded-full bg-band"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
      </div>
      {toGo !== null && (
        <p className="mt-2 text-sm text-muted">
          <T k="account.loyalty.toGo" values={{ points: points(toGo) }} components={{ 0: <span className="font-semibold text-ink" /> }} />
        </p>
      )}
    </div>
  );
}
