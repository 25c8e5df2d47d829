import { describe, expect, it } from "vitest";
import { buildFaqCategories, FAQ_CATEGORIES, findFaqQuestion, normalizeForSearch, parseFaqFilters, searchFaq } from "./faq";
import { buildCgv } from "./legal/cgv";
import { suggestPerfumeSize } from "./size-guide";

const ids = (filters: { q: string; category: string | null }) => searchFaq(filters).flatMap((c) => c.questions.map((q) => q.id));

describe("shipping figures edited in Paramètres", () => {
  const edited = { feeCents: 650, freeThresholdCents: 7_500 };
  const seller = { companyName: "Aurore SAS" } as unknown as Parameters<typeof buildCgv>[0];

  it("the FAQ answers with them, for the mainland and Corsica, and finds them", () => {
    const faq = buildFaqCategories(edited);
    const answer = findFaqQuestion("delais-frais-livraison", faq)!.answer.replace(/\s/gu, " ");
    expect(answer).toContain("La livraison coûte 6,50 € et elle est offerte dès 75 € d'achat");
    expect(answer).not.toContain(" 9,90 €");
    expect(searchFaq({ q: "75 €", category: null }, faq).flatMap((c) => c.questions.map((q) => q.id))).toContain("delais-frais-livraison");
    // Same questions and ids whatever the figures; the default FAQ keeps the published ones.
    expect(faq.flatMap((c) => c.questions.map((q) => q.id))).toEqual(FAQ_CATEGORIES.flatMap((c) => c.questions.map((q) => q.id)));
    expect(findFaqQuestion("delais-frais-livraison")!.answer.replace(/\s/gu, " ")).toContain("9,90 €");
  });

  it("the CGV's delivery table charges them for the mainland and Corsica", () => {
    const rows = JSON.stringify(buildCgv(seller, edited)).replace(/\s/gu, " ");
    expect(rows).toContain('["France métropolitaine","48H ouvrées","6,50 €, offerts dès 75 € d\'achat"]');
    expect(rows).toContain('["Corse","3 à 5 jours ouvrés","6,50 €, offerts dès 75 € d\'achat"]');
  });
});

describe("FAQ content", () => {
  it("has the five categories of the spec, each with an icon and at least 5 questions, ids unique", () => {
    expect(FAQ_CATEGORIES.map((c) => c.name)).toEqual([
      "Commandes & Livraison",
      "Paiement & Prix",
      "Retours & Échanges",
      "Beauty Pass & Fidélité",
      "Produits & Conseils",
    ]);
    for (const c of FAQ_CATEGORIES) {
      expect(c.icon.length, c.name).toBeGreaterThan(0);
      expect(c.questions.length, c.name).toBeGreaterThanOrEqual(5);
    }
    const all = FAQ_CATEGORIES.flatMap((c) => c.questions.map((q) => q.id));
    expect(new Set(all).size).toBe(all.length);
  });

  it("states the shop's rules", () => {
    const text = FAQ_CATEGORIES.flatMap((c) => c.questions.map((q) => q.answer))
      .join(" ")
      .replace(/\s/gu, " ");
    for (const fact of [
      "9,90 €",
      "100 €",
      "19,90 €",
      "3 à 5 jours ouvrés",
      "7 à 10 jours ouvrés",
      "2 € de réduction",
      "Colissimo, Chronopost et UPS",
      "1 heure",
      "30 jours",
      "5 à 7 jours",
      "14 jours",
      "3 fois sans frais",
      "50 €",
      "100 points = 10 €",
      "12 mois",
      "1 000 points",
      "10 € à 500 €",
      "3 ans",
    ]) {
      expect(text, fact).toContain(fact);
    }
  });

  it("normalizes case and accents", () => {
    expect(normalizeForSearch("  Beauté  ÉCHANGES ")).toBe("beaute echanges");
  });

  it("searches question and answer text, every word, accent and case insensitive", () => {
    const retour = ids({ q: "retour", category: null });
    expect(retour).toEqual(expect.arrayContaining(["retourner-produit", "retours-gratuits", "delai-remboursement"]));
    expect(retour).not.toContain("moyens-paiement");
    expect(ids({ q: "BEAUTE", category: null })).toEqual(expect.arrayContaining(["beauty-pass", "rejoindre-beauty-pass"]));
    expect(ids({ q: "remboursé", category: null })).toEqual(ids({ q: "rembourse", category: null }));
    expect(ids({ q: "points expire", category: null })).toEqual(["expiration-points"]);
    expect(ids({ q: "xqzwvk", category: null })).toEqual([]);
  });

  it("combines the search with a category", () => {
    const result = searchFaq({ q: "retour", category: "commandes-livraison" });
    expect(result.map((c) => c.slug)).toEqual(["commandes-livraison"]);
    expect(result[0].questions.map((q) => q.id)).toContain("modifier-annuler-commande");
    expect(searchFaq({ q: "", category: "paiement-prix" })[0].questions).toHaveLength(FAQ_CATEGORIES[1].questions.length);
  });

  it("reads filters from the address, ignoring unknown categories and cutting long queries", () => {
    expect(parseFaqFilters(new URLSearchParams("q=%20%20retour%20%20gratuit&category=retours-echanges"))).toEqual({
      q: "retour gratuit",
      category: "retours-echanges",
    });
    expect(parseFaqFilters(new URLSearchParams("category=inconnue")).category).toBeNull();
    expect(parseFaqFilters(new URLSearchParams(`q=${"a".repeat(500)}`)).q).toHaveLength(100);
  });
});

describe("perfume size calculator", () => {
  it("suggests the smallest bottle covering sprays × 30 × months × 0.1 ml", () => {
    expect(suggestPerfumeSize(3, 6)).toEqual({ neededMl: 54, suggestedMl: 75, exceedsLargest: false });
    expect(suggestPerfumeSize(1, 1)).toEqual({ neededMl: 3, suggestedMl: 15, exceedsLargest: false });
    expect(suggestPerfumeSize(5, 1)).toEqual({ neededMl: 15, suggestedMl: 15, exceedsLargest: false });
    expect(suggestPerfumeSize(2, 5)).toEqual({ neededMl: 30, suggestedMl: 30, exceedsLargest: false });
    expect(suggestPerfumeSize(4, 12)).toEqual({ neededMl: 144, suggestedMl: 150, exceedsLargest: false });
    expect(suggestPerfumeSize(10, 24)).toEqual({ neededMl: 720, suggestedMl: 150, exceedsLargest: true });
  });
});
