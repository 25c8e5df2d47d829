import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import { PaymentTab } from "./payment-tab";
import { withI18n } from "../../../../tests/support/i18n";

function card(overrides: Partial<PaymentMethodView>): PaymentMethodView {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    brand: "visa",
    last4: "4242",
    expiry: "12/29",
    holder: "Léa Moreau",
    is_default: true,
    expired: false,
    usable: true,
    created_at: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

describe("PaymentTab", () => {
  it("shows each card as 'Visa •••• 4242' with its expiry, 'Expirée' or 'À enregistrer à nouveau'", () => {
    const html = renderToStaticMarkup(
      withI18n(
        <PaymentTab
          data={{
            paymentMethods: [
              card({}),
              card({
                id: "00000000-0000-4000-8000-000000000002",
                brand: "mastercard",
                last4: "4444",
                expiry: "01/24",
                expired: true,
                usable: false,
                is_default: false,
              }),
              card({
                id: "00000000-0000-4000-8000-000000000003",
                brand: "amex",
                last4: "0005",
                expiry: null,
                usable: false,
                is_default: false,
              }),
            ],
          }}
        />,
      ),
    );
    expect(html).toContain("Visa •••• 4242");
    expect(html).toContain("Expire 12/29");
    expect(html).toContain("Mastercard •••• 4444");
    expect(html).toContain("Expirée depuis 01/24");
    expect(html.match(/>Expirée</g)).toHaveLength(1);
    expect(html).toContain("American Express •••• 0005");
    expect(html.match(/>À enregistrer à nouveau</g)).toHaveLength(1);
    // Every card can be deleted, the old ones too.
    expect(html.match(/Supprimer [^"]+ se terminant par/g)).toHaveLength(3);
  });
});
