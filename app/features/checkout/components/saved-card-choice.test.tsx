import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { withI18n } from "../../../../tests/support/i18n";
import type { PaymentMethodView } from "~/domain/payment-methods/payment-method.schema";
import { NEW_CARD_CHOICE, SavedCardChoice } from "./saved-card-choice";

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

const visa = card({});
const expired = card({
  id: "00000000-0000-4000-8000-000000000002",
  brand: "mastercard",
  last4: "4444",
  expiry: "01/24",
  expired: true,
  usable: false,
  is_default: false,
});

function render(choice: string, cvcError?: string): string {
  return renderToStaticMarkup(
    withI18n(
      <SavedCardChoice
        cards={[visa, expired]}
        choice={choice}
        onChoiceChange={() => undefined}
        cvc=""
        cvcError={cvcError}
        onCvcChange={() => undefined}
        newCardFields={<p>champs de la nouvelle carte</p>}
      />,
    ),
  );
}

describe("SavedCardChoice", () => {
  it("lists the saved cards by brand, last four and expiry, the expired one disabled with 'Expirée'", () => {
    const html = render(visa.id);
    expect(html).toContain("<legend");
    expect(html).toContain("Carte enregistrée");
    expect(html).toContain("Visa •••• 4242 (expire 12/29)");
    const radio = (id: string) => html.match(new RegExp(`<input[^>]*value="${id}"[^>]*>`))?.[0] ?? "";
    expect(radio(visa.id)).toContain('checked=""');
    expect(radio(visa.id)).not.toContain("disabled");
    expect(radio(expired.id)).toContain('disabled=""');
    expect(html).toContain("Mastercard •••• 4444 (expire 01/24)");
    expect(html).toContain("Expirée");
    expect(html).toContain("Nouvelle carte");
  });

  it("asks the CVC of the chosen card again, or shows the new card's fields", () => {
    const saved = render(visa.id, "Le cryptogramme est obligatoire");
    expect(saved).toContain(">Cryptogramme<");
    expect(saved).toContain("Les 3 chiffres au dos de votre carte");
    expect(saved).toContain('aria-invalid="true"');
    expect(saved).toContain("Le cryptogramme est obligatoire");
    expect(saved).not.toContain("champs de la nouvelle carte");
    const fresh = render(NEW_CARD_CHOICE);
    expect(fresh).toContain("champs de la nouvelle carte");
    expect(fresh).not.toContain(">Cryptogramme<");
  });
});
