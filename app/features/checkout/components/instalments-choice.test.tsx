import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { withI18n } from "../../../../tests/support/i18n";
import { InstalmentsChoice } from "./instalments-choice";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("InstalmentsChoice", () => {
  it("offers 3 instalments from 50 € with their amounts, in a fieldset with a legend", () => {
    const html = renderToStaticMarkup(withI18n(<InstalmentsChoice cardCents={10_000} />, "fr"));
    expect(html).toContain("<legend");
    expect(html.match(/<input type="radio"[^>]* name="instalments"/g)).toHaveLength(2);
    const shown = text(html);
    expect(shown).toContain("Payer en une fois");
    expect(shown).toContain("Payer en 3 fois sans frais");
    expect(shown).toMatch(/Aujourd'hui 33,34\s€/);
    expect(shown.match(/33,33\s€/g)).toHaveLength(2);
  });

  it("is not offered under 50 €", () => {
    expect(renderToStaticMarkup(withI18n(<InstalmentsChoice cardCents={4999} />, "fr"))).toBe("");
  });
});
