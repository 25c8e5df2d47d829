import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { IndicativeCurrencyProvider, IndicativePrice } from "./indicative-price";
import { withI18n } from "../../../tests/support/i18n";

function render(language: "fr" | "en") {
  return renderToStaticMarkup(
    withI18n(
      <IndicativeCurrencyProvider value={{ currency: "CHF", rate: 0.5 }}>
        <IndicativePrice cents={1463} />
      </IndicativeCurrencyProvider>,
      language,
    ),
  );
}

describe("IndicativePrice", () => {
  it("explains in the page's language that payment is in euros", () => {
    expect(render("fr")).toContain('title="Prix indicatif : le paiement se fait en euros"');
    const english = render("en");
    expect(english).toContain('title="Indicative price: payment is made in euros"');
    expect(english).toContain("CHF");
    expect(english).not.toContain("Prix indicatif");
  });
});
