import { instalmentsAllowed, instalmentSchedule } from "~/domain/payments/instalments";
import { useLanguage, useT } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { formatPrice } from "~/lib/money";
import { SHOP_TIME_ZONE, formatDate } from "~/lib/paris-time";

/**
 * 'Payer en une fois' or 'Payer en 3 fois sans frais' (docs/decisions/035-instalments.md), shown
 * only when the card pays at least 50 €, with the 3 dates and amounts the server will use (the same
 * domain function). A form field named `instalments`: the order form reads it when submitted.
 */
export function InstalmentsChoice({ cardCents }: { cardCents: number }) {
  const t = useT();
  const locale = LANGUAGE_LOCALES[useLanguage()];
  if (!instalmentsAllowed(cardCents)) return null;
  const schedule = instalmentSchedule(cardCents, new Date());
  return (
    <fieldset className="min-w-0 rounded-xl border border-line p-4">
      <legend className="px-1 font-semibold">{t("checkout.instalments.legend")}</legend>
      <div className="space-y-3">
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input type="radio" name="instalments" value="1" defaultChecked className="mt-1 h-4 w-4 shrink-0" />
          <span>
            <span className="block font-medium">{t("checkout.instalments.once")}</span>
            <span className="block text-sm text-muted">{t("checkout.instalments.onceToday", { amount: formatPrice(cardCents) })}</span>
          </span>
        </label>
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input type="radio" name="instalments" value="3" className="mt-1 h-4 w-4 shrink-0" aria-describedby="instalments-schedule" />
          <span className="min-w-0">
            <span className="block font-medium">{t("checkout.instalments.three")}</span>
            <ul id="instalments-schedule" className="mt-1 space-y-0.5 text-sm text-muted">
              {schedule.map((e) => (
                <li key={e.seq} className="flex flex-wrap justify-between gap-x-3">
                  <span>
                    {e.seq === 1
                      ? t("checkout.instalments.today")
                      : t("checkout.instalments.on", { date: formatDate(`${e.due_date}T12:00:00Z`, SHOP_TIME_ZONE, locale) })}
                  </span>
                  <span className="whitespace-nowrap">{formatPrice(e.amount_cents)}</span>
                </li>
              ))}
            </ul>
          </span>
        </label>
      </div>
    </fieldset>
  );
}

/** The choice in the submitted order form: 3 only when offered and picked. */
export function instalmentsOf(form: HTMLFormElement): 1 | 3 {
  return new FormData(form).get("instalments") === "3" ? 3 : 1;
}
