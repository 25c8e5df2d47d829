/**
 * The shop's promise of free samples (decision 067) says what the checkout does: the shopper
 * chooses them, as many as Paramètres sets per tier, in both languages, and never "surprise".
 */
import { describe, expect, it } from "vitest";
import { pageI18n } from "~/.server/i18n/catalogs";
import type { Translate } from "~/components/ui/i18n";
import { tierBenefits } from "~/content/beauty-pass";
import { buildFaqCategories } from "~/content/faq";
import { DEFAULT_SHIPPING_SETTINGS } from "~/domain/checkout/shipping.rules";
import type { Language } from "~/domain/i18n/languages";
import { DEFAULT_SAMPLE_ALLOWANCES } from "~/domain/samples/sample-allowances";
import fr from "~/locales/fr/common.json";
import frShop from "~/locales/fr/shop.json";
import en from "~/locales/en/common.json";
import enShop from "~/locales/en/shop.json";

const tFor =
  (language: Language): Translate =>
  (key, values) =>
    pageI18n(language)._(key, values);

const faqAnswer = (language: Language, samples = DEFAULT_SAMPLE_ALLOWANCES) =>
  buildFaqCategories({ ...DEFAULT_SHIPPING_SETTINGS, samples }, language)
    .flatMap((c) => c.questions)
    .find((q) => q.id === "echantillons")!.answer;

describe("the free samples' promise", () => {
  it("words the default numbers, 2, 3 and 4, where each page shows it", () => {
    const t = tFor("fr");
    const samples = DEFAULT_SAMPLE_ALLOWANCES;
    expect(t("common.header.freeSamples", samples)).toBe("2 échantillons offerts au choix");
    expect(t("shop.home.freeSamples", samples)).toBe("2 échantillons offerts au choix");
    expect(t("common.footer.about", { freeFrom: "49 €", ...samples })).toContain(
      "2 échantillons offerts au choix dans chaque commande (3 en Beauty Expert, 4 en VIP)",
    );
    expect(t("shop.about.story2", samples)).toContain("2 dans chaque commande, 3 en Beauty Expert, 4 en VIP, dans la limite des stocks");
    expect(tierBenefits(t, "lover", samples)).toContain(
      "2 échantillons offerts au choix dans chaque commande (3 en Beauty Expert, 4 en VIP), dans la limite des stocks",
    );
    expect(faqAnswer("fr")).toContain("cochez 2 échantillons offerts parmi ceux disponibles (3 en Beauty Expert, 4 en VIP)");
    expect(tFor("en")("common.header.freeSamples", samples)).toBe("2 free samples of your choice");
    expect(faqAnswer("en")).toContain("tick 2 free samples among those available (3 for Beauty Expert, 4 for VIP)");
  });

  it("follows the numbers Paramètres saves, one sample in the singular", () => {
    const t = tFor("fr");
    const samples = { base: 1, expert: 5, vip: 6 };
    expect(t("common.header.freeSamples", samples)).toBe("1 échantillon offert au choix");
    expect(tierBenefits(t, "lover", samples)[2]).toBe(
      "1 échantillon offert au choix dans chaque commande (5 en Beauty Expert, 6 en VIP), dans la limite des stocks",
    );
    expect(faqAnswer("fr", samples)).toContain("cochez 1 échantillon offert parmi ceux disponibles (5 en Beauty Expert, 6 en VIP)");
    expect(tFor("en")("shop.home.freeSamples", samples)).toBe("1 free sample of your choice");
  });

  it("never promises a surprise: the shopper chooses", () => {
    const texts = [fr, frShop, en, enShop].flatMap((catalog) => Object.values(catalog as Record<string, string>));
    expect(texts.filter((text) => /surprise/i.test(text))).toEqual([]);
    expect(faqAnswer("fr")).not.toMatch(/surprise/i);
    expect(faqAnswer("en")).not.toMatch(/surprise/i);
  });
});
