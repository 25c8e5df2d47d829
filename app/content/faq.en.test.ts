import { describe, expect, it } from "vitest";
import { DEFAULT_SHIPPING_SETTINGS } from "~/domain/checkout/shipping.rules";
import { buildFaqCategories, findFaqQuestion, searchFaq, type FaqCategory } from "./faq";
import { SIZE_GUIDE_TABLES_FR } from "./size-guide";
import { SIZE_GUIDE_TABLES_EN } from "./size-guide.en";

const french = buildFaqCategories(DEFAULT_SHIPPING_SETTINGS, "fr");
const english = buildFaqCategories(DEFAULT_SHIPPING_SETTINGS, "en");

/** Everything but the words: categories, their order, icons, question ids and links' targets. */
const structureOf = (faq: readonly FaqCategory[]) =>
  faq.map((c) => ({ slug: c.slug, icon: c.icon, questions: c.questions.map((q) => ({ id: q.id, link: q.link?.to ?? null })) }));

const idsOf = (faq: readonly FaqCategory[]) => faq.flatMap((c) => c.questions.map((q) => q.id));

describe("the FAQ in English", () => {
  it("has exactly the French FAQ's categories, ids and links, in the same order", () => {
    expect(structureOf(english)).toEqual(structureOf(french));
    expect(idsOf(english)).toHaveLength(32);
  });

  it("words every category, question, answer and link in English, none left as the French", () => {
    for (const [index, category] of english.entries()) {
      expect(category.name).not.toBe(french[index].name);
      for (const [i, q] of category.questions.entries()) {
        const fr = french[index].questions[i];
        expect(q.question, q.id).not.toBe(fr.question);
        expect(q.answer, q.id).not.toBe(fr.answer);
        expect(q.link?.label ?? null, q.id).not.toBe(fr.link?.label ?? "no link");
        // A few words only French uses: a question copied untranslated would show them.
        expect(`${q.question} ${q.answer}`, q.id).not.toMatch(/\b(les|votre|vous|est|pour|avec|dans)\b/u);
      }
    }
    expect(findFaqQuestion("delai-remboursement", english)!.question).toBe("When will I be refunded?");
  });

  it("answers with the shipping figures edited in Paramètres, in the shop's euro format", () => {
    const faq = buildFaqCategories({ feeCents: 650, freeThresholdCents: 7_500 }, "en");
    const answer = findFaqQuestion("delais-frais-livraison", faq)!.answer.replace(/\s/gu, " ");
    expect(answer).toContain("Delivery costs 6,50 € and is free on orders of 75 € or more.");
    expect(findFaqQuestion("niveaux-beauty-pass", faq)!.answer).toContain("Beauty VIP from 1,000 points");
  });

  it("is searched in its own language, and the French FAQ still in French", () => {
    const found = (faq: readonly FaqCategory[], q: string) => idsOf(searchFaq({ q, category: null }, faq));
    expect(found(english, "REFUNDED")).toEqual(["delai-remboursement", "echanger-produit"]);
    expect(found(english, "remboursé")).toEqual([]);
    expect(found(french, "remboursé")).toEqual(["delai-remboursement", "echanger-produit"]);
    expect(found(french, "refunded")).toEqual([]);
    expect(idsOf(searchFaq({ q: "pickup", category: "retours-echanges" }, english))).toEqual(["retourner-produit"]);
  });
});

describe("the size guide in English", () => {
  it("has the French tables' rows, in the same order and with the same perfume sizes", () => {
    expect(SIZE_GUIDE_TABLES_EN.perfumes.map((p) => p.size)).toEqual(SIZE_GUIDE_TABLES_FR.perfumes.map((p) => p.size));
    expect(SIZE_GUIDE_TABLES_EN.makeup).toHaveLength(SIZE_GUIDE_TABLES_FR.makeup.length);
    expect(SIZE_GUIDE_TABLES_EN.skincare).toHaveLength(SIZE_GUIDE_TABLES_FR.skincare.length);
    expect(SIZE_GUIDE_TABLES_EN.makeup.map((m) => m.category)).toContain("Foundation");
    expect(JSON.stringify(SIZE_GUIDE_TABLES_EN)).not.toMatch(/\b(mois|Environ)\b| à /u);
  });
});
