/**
 * The demonstration shop says so once, at the top of the storefront (decision 060), in the
 * reader's language; the checkout no longer repeats that payment is simulated.
 */
import { describe, expect, it } from "vitest";
import { e2eShop } from "../../support/e2e-shop";
import { fetchPage, occurrences, textOf } from "../../support/html-page";

const baseURL = e2eShop().baseURL;
const FRENCH = "Boutique de démonstration : les paiements sont simulés, aucune commande n'est débitée ni expédiée.";

describe("demo mode", () => {
  it("opens every storefront page with one note, before the header's skip link", async () => {
    for (const path of ["/", "/products", "/panier", "/service-client"]) {
      const page = await fetchPage(baseURL, path);
      const notes = page.root.querySelectorAll('[role="note"]').filter((note) => textOf(note) === FRENCH);
      expect(notes, path).toHaveLength(1);
      // Not a link nor a button: the skip link stays the first thing the keyboard reaches.
      expect(notes[0]!.querySelectorAll("a, button, input")).toHaveLength(0);
      const html = page.root.toString();
      expect(html.indexOf(FRENCH), path).toBeLessThan(html.indexOf('href="#contenu"'));
      expect(occurrences(page.root, FRENCH), path).toBe(1);
    }
  });

  it("says it in English to an English reader", async () => {
    const page = await fetchPage(baseURL, "/", { cookie: "aurore_lang=en" });
    expect(occurrences(page.root, "Demonstration shop: payments are simulated; no order is charged or shipped.")).toBe(1);
    expect(occurrences(page.root, FRENCH)).toBe(0);
  });

  it("leaves the back-office without it", async () => {
    const page = await fetchPage(baseURL, "/admin");
    expect(occurrences(page.root, FRENCH)).toBe(0);
  });
});
