import { describe, expect, it } from "vitest";
import { pageI18n } from "~/.server/i18n/catalogs";
import { FORM_EMPTY_MESSAGE, FORM_EXPECTED_MESSAGE, FORM_UNREADABLE_MESSAGE } from "~/.server/forms";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/.server/limits/form-limits";
import { GIFT_CARD_REDEMPTION_MESSAGES } from "~/.server/modules/gift-cards/gift-cards.service";
import { translateMessage, type Translate } from "~/components/ui/i18n";
import { formatEuros } from "~/content/shop-facts";
import { beautyPassRules, conversionRows, formatBeautyPassPoints, pointsExamples, tierBenefits } from "~/content/beauty-pass";
import type { Language } from "~/domain/i18n/languages";
import { GIFT_CARD_CODE_REQUIRED } from "~/domain/gift-cards/gift-card-code";
import { GIFT_CARD_PRESETS } from "~/domain/gift-cards/gift-card.options";
import { GIFT_CARD_FORM_MESSAGES } from "~/domain/gift-cards/gift-card.schema";
import { LOYALTY_LOAD_ERROR } from "~/domain/loyalty/loyalty.types";
import { CONTACT_SUCCESS_MESSAGE, ContactSchema, contactFieldErrors } from "~/domain/support/contact.schema";

/**
 * The French texts that /service-client, /beauty-pass and /carte-cadeau receive from app/domain or
 * the server and show through useTranslateMessage() (decision 044): each needs a
 * translation under its code (decision 055), or an English page shows it in French. Limits and
 * amounts are inside some of these texts, so a changed limit fails here rather than on an English
 * page.
 */
function englishOf(text: string): string | undefined {
  const english = translateMessage(pageI18n("en"), text);
  return english === text ? undefined : english;
}

/** Every message the contact schema can give, from inputs that trigger each rule. */
function contactMessages(): string[] {
  const long = (n: number) => "a".repeat(n + 1);
  const inputs = [
    { name: "", email: "", subject: "", message: "" },
    { name: long(100), email: `${long(254)}@x.fr`, subject: long(150), message: long(5000) },
    { name: "Léa", email: "pas-une-adresse", subject: "Sujet", message: "Bonjour" },
  ];
  return inputs.flatMap((input) => {
    const parsed = ContactSchema.safeParse(input);
    return parsed.success ? [] : Object.values(contactFieldErrors(parsed.error));
  });
}

const tFor =
  (language: Language): Translate =>
  (key, values) =>
    pageI18n(language)._(key, values);

describe("the French messages the information pages show have an English translation", () => {
  const shown: Record<string, string[]> = {
    "the gift card form": [...Object.values(GIFT_CARD_FORM_MESSAGES), "Carte cadeau invalide", "Requête invalide"],
    "the preset amounts": GIFT_CARD_PRESETS.map((preset) => preset.description),
    "the balance check": [
      GIFT_CARD_CODE_REQUIRED,
      GIFT_CARD_REDEMPTION_MESSAGES.unknown,
      GIFT_CARD_REDEMPTION_MESSAGES.disabled,
      GIFT_CARD_REDEMPTION_MESSAGES.empty,
      GIFT_CARD_REDEMPTION_MESSAGES.tooMany,
    ],
    "the contact form": [
      ...contactMessages(),
      CONTACT_SUCCESS_MESSAGE,
      TOO_MANY_REQUESTS_MESSAGE,
      FORM_EMPTY_MESSAGE,
      FORM_EXPECTED_MESSAGE,
      FORM_UNREADABLE_MESSAGE,
      "Votre message n'a pas pu être envoyé. Veuillez réessayer dans un instant.",
    ],
    "the Beauty Pass member panel": [LOYALTY_LOAD_ERROR],
  };
  for (const [where, texts] of Object.entries(shown)) {
    it(where, () => {
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) {
        const english = englishOf(text);
        expect(english, text).toBeDefined();
        expect(english, text).not.toBe(text);
      }
    });
  }

  it("covers every contact rule (required, too long, e-mail format)", () => {
    expect(new Set(contactMessages()).size).toBe(9);
  });
});

describe("the Beauty Pass texts in each language", () => {
  it("keeps the French wording and figures", () => {
    const t = tFor("fr");
    expect(formatBeautyPassPoints(t, 0)).toBe("0 point");
    expect(formatBeautyPassPoints(t, 1)).toBe("1 point");
    expect(formatBeautyPassPoints(t, 1000)).toBe("1\u202f000 points");
    expect(tierBenefits(t, "lover")).toEqual([
      "1 point par euro dépensé, crédité à la livraison de votre commande",
      `100 points = ${formatEuros(1000)} de réduction, dès 100 points`,
      "2 échantillons offerts au choix dans chaque commande (3 en Beauty Expert, 4 en VIP), dans la limite des stocks",
      "Un rappel 30 jours avant l'expiration de vos points",
    ]);
    expect(pointsExamples(t)[2]).toEqual({
      order: `Commande de ${formatEuros(12_000)}`,
      detail: `dont ${formatEuros(1000)} réglés avec 100 points`,
      points: "110 points",
    });
    expect(conversionRows(t)[2]).toEqual({ points: "500 points", discount: formatEuros(5000) });
    expect(beautyPassRules(t)[1]).toBe(
      "Les points sont valables 12 mois après leur attribution ; nous vous prévenons 30 jours avant leur expiration.",
    );
  });

  it("words them in English with the same figures", () => {
    const t = tFor("en");
    expect(formatBeautyPassPoints(t, 1)).toBe("1 point");
    expect(formatBeautyPassPoints(t, 1000)).toBe("1,000 points");
    expect(tierBenefits(t, "vip")).toEqual(["All the Beauty Expert benefits", "Unlimited free express delivery"]);
    // Amounts keep the shop's euro format in English too (decision 044).
    expect(pointsExamples(t)[1]).toEqual({ order: `Order of ${formatEuros(8990)}`, detail: "cents do not count", points: "89 points" });
    expect(beautyPassRules(t)[2]).toBe("They can be used from 100 points, in blocks of 100 points, when you place your order.");
  });
});
