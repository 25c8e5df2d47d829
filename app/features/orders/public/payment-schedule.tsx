import { useId } from "react";
import { instalmentStatusLabel, type PaymentScheduleEntry } from "~/domain/payments/instalments";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";

/**
 * "Échéancier" of an order paid in 3 (docs/decisions/035-instalments.md): each instalment's
 * date, amount and status, for the confirmation, the shopper's order detail and the back-office.
 * Nothing for an order paid at once.
 */
export function PaymentSchedule({ schedule, headingLevel = 3 }: { schedule: readonly PaymentScheduleEntry[]; headingLevel?: 2 | 3 }) {
  const titleId = useId();
  const t = useT();
  const tm = useTranslateMessage();
  const format = localizedFormat(useLanguage());
  if (schedule.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={titleId}>
      <Heading id={titleId} className="font-semibold">
        {t("account.schedule.title")}
      </Heading>
      <p className="mt-1 text-sm text-muted">{t("account.schedule.text")}</p>
      <table className="mt-2 w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t("account.history.date")}</th>
            <th scope="col">{t("account.schedule.amount")}</th>
            <th scope="col">{t("account.history.status")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {schedule.map((e) => (
            <tr key={e.seq}>
              <td className="py-1.5 pr-2">{format.date(`${e.due_date}T12:00:00Z`)}</td>
              <td className="py-1.5 pr-2 text-right whitespace-nowrap">{format.price(e.amount_cents)}</td>
              <td className={`py-1.5 text-right ${e.status === "failed" ? "font-semibold text-red-700" : ""}`}>
                {tm(instalmentStatusLabel(e))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
