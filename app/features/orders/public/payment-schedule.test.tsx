import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { InstalmentUnpaidBadge } from "./instalment-unpaid-badge";
import { PaymentSchedule } from "./payment-schedule";
import { withI18n } from "../../../../tests/support/i18n";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("Échéancier", () => {
  it("lists each instalment's date, amount and status in French", () => {
    const html = renderToStaticMarkup(
      withI18n(
        <PaymentSchedule
          schedule={[
            { seq: 1, due_date: "2026-11-26", amount_cents: 3334, status: "paid" },
            { seq: 2, due_date: "2026-12-26", amount_cents: 3333, status: "failed" },
            { seq: 3, due_date: "2027-01-25", amount_cents: 3333, status: "cancelled" },
          ]}
        />,
      ),
    );
    const shown = text(html);
    expect(shown).toContain("Échéancier");
    expect(shown).toMatch(/26 novembre 2026 33,34\s€ Payée/);
    expect(shown).toMatch(/26 décembre 2026 33,33\s€ Impayée/);
    expect(shown).toMatch(/25 janvier 2027 33,33\s€ Annulée/);
    expect(html).toMatch(/<section aria-labelledby="([^"]+)"><h3 id="\1"/);
  });

  it("shows nothing for an order paid at once", () => {
    expect(renderToStaticMarkup(withI18n(<PaymentSchedule schedule={[]} />))).toBe("");
  });

  it("marks 'Échéance impayée' only after a final failure", () => {
    expect(text(renderToStaticMarkup(withI18n(<InstalmentUnpaidBadge paymentStatus="instalment_unpaid" />)))).toContain("Échéance impayée");
    expect(renderToStaticMarkup(withI18n(<InstalmentUnpaidBadge paymentStatus="instalments" />))).toBe("");
  });
});
