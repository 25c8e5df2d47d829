import { setupI18n } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { pageI18n, pageMessagesFile } from "~/.server/i18n/catalogs";
import { metaI18n, metaLanguage, provideMetaI18n, type MetaMatches } from "~/components/ui/meta-i18n";
import type { Language } from "~/domain/i18n/languages";
import { plural } from "~/lib/plural";

/** The matches a meta function receives, with the root loader's language. */
const matchesIn = (language: unknown): MetaMatches => [
  { id: "root", loaderData: { language } },
  { id: "routes/shop/layout", loaderData: undefined },
];

/** The browser's instance, built as entry.client.tsx builds it from the language's messages file. */
function browserI18n(language: Language) {
  const messages = JSON.parse(pageMessagesFile(language).body) as Record<string, never>;
  return setupI18n({ locale: language, messages: { [language]: messages } });
}

afterEach(() => provideMetaI18n(pageI18n));

describe("titles and descriptions of route meta functions (decision 044)", () => {
  it("take the language the root loader resolved, French when it has none", () => {
    expect(metaLanguage(matchesIn("en"))).toBe("en");
    expect(metaLanguage(matchesIn("fr"))).toBe("fr");
    expect(metaLanguage(matchesIn("de"))).toBe("fr");
    expect(metaLanguage([undefined, { id: "routes/shop/layout" }])).toBe("fr");
  });

  it("word a title with the server's instance of that language, and name the Open Graph locale", () => {
    provideMetaI18n(pageI18n);
    const english = metaI18n(matchesIn("en"));
    const french = metaI18n(matchesIn("fr"));
    expect(english.t("common.meta.cart.title")).toBe("My Cart");
    expect(french.t("common.meta.cart.title")).toBe("Mon Panier");
    expect([french.ogLocale, english.ogLocale]).toEqual(["fr_FR", "en_GB"]);
    expect(english.t("common.meta.catalogue.search", { search: "rouge", title: "Parfums" })).toBe("Search “rouge” — Parfums");
    expect(french.t("common.meta.catalogue.search", { search: "rouge", title: "Parfums" })).toBe("Recherche « rouge » — Parfums");
  });

  it("count products in French exactly as the former wording did, on the server and in the browser", () => {
    const before = (count: number) =>
      `${plural(count, "produit", "produits")} de beauté : parfums, soins, maquillage, accessoires. Livraison 48H offerte dès 100 €.`;
    for (const [name, resolve] of [
      ["server", pageI18n],
      ["browser", browserI18n],
    ] as const) {
      provideMetaI18n(resolve);
      const { t } = metaI18n(matchesIn("fr"));
      for (const count of [0, 1, 2, 92, 1234])
        expect(t("common.meta.catalogue.description", { count }), `${name} ${count}`).toBe(before(count));
      expect(metaI18n(matchesIn("en")).t("common.meta.catalogue.description", { count: 1 }), name).toMatch(/^1 beauty product: /);
    }
  });
});
