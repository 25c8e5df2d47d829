import { describe, expect, it } from "vitest";
import { e2eShop } from "../../support/e2e-shop";
import { byRole, fetchPage, headings, links, textOf } from "../../support/html-page";

/**
 * The bodies of the information pages in English (decision 044), as the server renders
 * them: read over HTTP with an HTML parser, no browser needed (decision 053).
 */
const baseURL = e2eShop().baseURL;

/** A catalog key left in a page: a message missing from the catalogs, shown as its key. */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z.]+/;

/** The page's visible HTML: without its scripts (the messages' payload holds every key by design). */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

/** The page in English (the language cookie the footer's switch sets). */
const english = (path: string) => fetchPage(baseURL, path, { cookie: "aurore_lang=en" });

describe("the information pages' bodies in English", () => {
  it("leaves no raw catalog key in the translated pages' HTML", async () => {
    for (const path of ["/livraison-retours", "/avis-clients", "/accessibilite"]) {
      const response = await fetch(`${baseURL}${path}`, { headers: { cookie: "aurore_lang=en" } });
      expect(response.status, path).toBe(200);
      const html = withoutScripts(await response.text());
      expect(html, path).toContain('<html lang="en"');
      expect(html.match(RAW_KEY)?.[0] ?? null, path).toBeNull();
    }
  });

  it("words delivery & returns in English, with the shop's figures and no French left", async () => {
    const page = await english("/livraison-retours");
    expect(page.status).toBe(200);
    expect(page.lang).toBe("en");
    expect(headings(page.main, 2, "Return a product in 4 steps")).toHaveLength(1);
    expect(headings(page.main, 2, "Right of withdrawal")).toHaveLength(1);
    expect(links(page.main, "terms and conditions")[0]?.getAttribute("href")).toBe("/conditions-generales");
    expect(byRole(page.root, "region", "Delivery zones table", page.root)).toHaveLength(1);
    expect(byRole(page.root, "rowheader", "Mainland France")).toHaveLength(1);
    const text = textOf(page.main);
    expect(text).toMatch(/free returns for \d+ days/);
    expect(text).toContain("Home delivery, insured and tracked.");
    expect(text).toMatch(/Same-day dispatch for orders placed before \d+:00 on a working day/);
    expect(text).toContain("Opened or unsealed perfumes and cosmetics, for hygiene and safety reasons.");
    for (const french of [
      "Retourner un produit en 4 étapes",
      "Droit de rétractation",
      "Livraison à domicile, assurée et suivie.",
      "Conditions de retour",
      "Produits non repris",
      "France métropolitaine",
      "Expédition le jour même",
      "offerte dès",
      "jours ouvrés",
    ]) {
      expect(text, french).not.toContain(french);
    }
  });

  it("words the reviews policy in English, the refusal reasons included", async () => {
    const page = await english("/avis-clients");
    expect(page.status).toBe(200);
    expect(headings(page.main, 2, "How reviews are checked")).toHaveLength(1);
    expect(links(page.main, "customer service")[0]?.getAttribute("href")).toBe("/service-client");
    const text = textOf(page.main);
    expect(text).toContain("The reviews published on Aurore come from customers who bought and received the product.");
    expect(text).toContain("Abusive, discriminatory or defamatory remarks");
    expect(text).toContain("A review is limited to 3,000 characters.");
    for (const french of ["Qui peut donner son avis", "Chaque avis est lu par notre équipe", "Propos injurieux", "Aucune contrepartie"]) {
      expect(text, french).not.toContain(french);
    }
  });

  it("words the accessibility statement in English", async () => {
    const page = await english("/accessibilite");
    expect(page.status).toBe(200);
    expect(headings(page.main, 2, "Known limitations")).toHaveLength(1);
    expect(headings(page.main, 3, "Keyboard navigation")).toHaveLength(1);
    expect(links(page.root, "Contact customer service").length).toBeGreaterThan(0);
    const text = textOf(page.main);
    expect(text).toContain("WCAG 2.1 level AA");
    expect(text).toContain("partially compliant");
    expect(text).toContain("Online form: formulaire.defenseurdesdroits.fr");
    for (const french of [
      "Limites connues",
      "partiellement conforme",
      "Voies de recours",
      "Navigation au clavier",
      "Formulaire en ligne",
    ]) {
      expect(text, french).not.toContain(french);
    }
  });
});
