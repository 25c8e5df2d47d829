import { inputClass } from "~/components/ui/form-parts";
import { useT } from "~/components/ui/i18n";
import { formatPrice } from "~/lib/money";
import { BEAUTY_PASS_REDEEM_STEP_CENTS, BEAUTY_PASS_REDEEM_STEP_POINTS } from "~/lib/shop-rules";

/** The payment step's 'Beauty Pass' fieldset: points to use by whole blocks, or why there are none to use. */
export function BeautyPassPoints({
  balance,
  maxRedeemable,
  points,
  onPointsChange,
}: {
  balance: number;
  maxRedeemable: number;
  points: number;
  onPointsChange: (points: number) => void;
}) {
  const t = useT();
  const canUsePoints = balance >= BEAUTY_PASS_REDEEM_STEP_POINTS;
  const pointOptions: number[] = [];
  for (let p = 0; p <= maxRedeemable; p += BEAUTY_PASS_REDEEM_STEP_POINTS) pointOptions.push(p);
  return (
    <fieldset>
      <legend className="text-lg font-semibold">Beauty Pass</legend>
      {canUsePoints ? (
        <label className="mt-3 block text-sm font-medium">
          {t("checkout.payment.usePoints", { count: balance })}
          <select
            name="points_to_use"
            value={Math.min(points, maxRedeemable)}
            onChange={(e) => onPointsChange(Number(e.target.value))}
            className={`${inputClass} sm:w-80`}
          >
            {pointOptions.map((p) => (
              <option key={p} value={p}>
                {p === 0
                  ? t("checkout.payment.noPoints")
                  : t("checkout.payment.pointsOption", {
                      points: p,
                      amount: formatPrice((p / BEAUTY_PASS_REDEEM_STEP_POINTS) * BEAUTY_PASS_REDEEM_STEP_CENTS),
                    })}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="mt-3 text-sm text-muted">
          {t("checkout.payment.pointsExplained", {
            count: balance,
            step: BEAUTY_PASS_REDEEM_STEP_POINTS,
            amount: formatPrice(BEAUTY_PASS_REDEEM_STEP_CENTS),
          })}
        </p>
      )}
    </fieldset>
  );
}
