import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, newShopContext, waitForHydration } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";
import { byRole, fetchPage, headings, links, occurrences, textOf } from "../../support/html-page";

const baseURL = e2eShop().baseURL;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SUCCESS = "Votre message a bien été envoyé. Notre équipe vous répond sous 2 heures en moyenne.";
const TICKET = /SAV-\d{4}-\d{6}/;
const TOO_LONG = /Le message ne doit pas dépasser 5\s000 caractères/;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newShopContext(browser, baseURL);
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});

/** Posts the contact form as a browser without JavaScript would. */
function postContact(fields: Record<string, string>, contentType = "application/x-www-form-urlencoded") {
  return fetch(`${baseURL}/service-client`, {
    method: "POST",
    headers: { "Content-Type": contentType },
    body: contentType.includes("urlencoded") ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
  });
}

/** Waits until React has committed the page's hydration and the element carries its props (a client render's too). */
async function elementHydrated(selector: string): Promise<void> {
  await waitForHydration(page, { timeout: 15_000 });
  await page.waitForFunction(
    (sel) => {
      const node = document.querySelector(sel);
      return Boolean(node && Object.keys(node).some((key) => key.startsWith("__reactProps")));
    },
    selector,
    { timeout: 15_000 },
  );
}

async function expectNoSeriousViolations(label: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${label}\n${violations.join("\n")}`).toEqual([]);
}

describe("information pages", () => {
  const pages = [
    { path: "/service-client", h1: "Service client", title: /^Service client : nous contacter \| Aurore$/ },
    { path: "/faq", h1: "Foire aux questions", title: /^FAQ : questions fréquentes \| Aurore$/ },
    { path: "/livraison-retours", h1: "Livraison et retours", title: /^Livraison et retours \| Aurore$/ },
    {
      path: "/guide-tailles",
      h1: "Guide des tailles",
      title: /^Guide des tailles : parfums, maquillage et soins \| Aurore$/,
    },
    { path: "/accessibilite", h1: "Déclaration d'accessibilité", title: /^Déclaration d'accessibilité \| Aurore$/ },
    { path: "/beauty-pass", h1: "Beauty Pass", title: /^Beauty Pass : le programme fidélité \| Aurore$/ },
  ];

  it("answer 200 with their title, h1, breadcrumb and canonical link, without serious axe violations", async () => {
    for (const { path, h1, title } of pages) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      expect(await page.title(), path).toMatch(title);
      expect(await page.getByRole("heading", { level: 1 }).textContent(), path).toBe(h1);
      const breadcrumb = page.getByRole("navigation", { name: "Fil d'Ariane" });
      expect(await breadcrumb.getByRole("link", { name: "Accueil" }).getAttribute("href")).toBe("/");
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}${path}`);
      expect(res?.headers()["cache-control"]).toContain("s-maxage");
      await expectNoSeriousViolations(path);
    }
  });

  // What the server renders, read over HTTP with an HTML parser (decision 053).
  it("delivery page states the zones, the four return steps and links to the terms and to customer service", async () => {
    const page = await fetchPage(baseURL, "/livraison-retours");
    const [zones] = byRole(page.root, "table", /Délais et frais de livraison/, page.root);
    expect(zones).toBeDefined();
    for (const zone of [
      "France métropolitaine",
      "Corse",
      "Outre-mer (DROM)",
      "Belgique",
      "Luxembourg",
      "Monaco",
      "Suisse",
      "Point relais",
    ]) {
      expect(byRole(zones!, "rowheader", zone), zone).toHaveLength(1);
    }
    const row = (name: RegExp) => textOf(byRole(zones!, "row", name)[0]!);
    expect(row(/Outre-mer/)).toMatch(/7 à 10 jours ouvrés.*19,90/);
    expect(row(/Belgique/)).toMatch(/3 à 5 jours ouvrés.*12,90/);
    expect(row(/Suisse/)).toMatch(/19,90.*Hors Union européenne/);
    expect(headings(page.root, undefined, /^Étape \d : /)).toHaveLength(4);
    expect(links(page.main, "conditions générales")[0]?.getAttribute("href")).toBe("/conditions-generales");
    expect(occurrences(page.root, /14 jours/)).toBeGreaterThan(0);
    expect(links(page.main, "Contacter le service client")[0]?.getAttribute("href")).toBe("/service-client");
  });

  it("accessibility statement names the target, the status, the contact and the Défenseur des droits", async () => {
    const page = await fetchPage(baseURL, "/accessibilite");
    expect(occurrences(page.root, "WCAG 2.1 niveau AA")).toBe(1);
    expect(occurrences(page.root, "partiellement conforme")).toBe(1);
    expect(occurrences(page.root, "contact@aurore-beaute.fr")).toBeGreaterThan(0);
    expect(headings(page.root, undefined, "Voies de recours")).toHaveLength(1);
    expect(occurrences(page.root, /Défenseur des droits/)).toBeGreaterThan(0);
  });
});

describe("FAQ", () => {
  const searchBox = () => page.getByRole("searchbox", { name: "Rechercher une question" });

  async function search(text: string) {
    await searchBox().fill(text);
    await searchBox().press("Enter");
    await page.waitForURL((u) => u.searchParams.get("q") === text);
    // The address changes just before the new results render.
    await page
      .getByRole("status")
      .filter({ hasText: new RegExp(`pour « ${text} »|Aucune question ne correspond`) })
      .waitFor();
  }

  it("lists the five categories with a count each and the suggested search terms", async () => {
    await page.goto("/faq");
    for (const name of [
      "Commandes & Livraison",
      "Paiement & Prix",
      "Retours & Échanges",
      "Beauty Pass & Fidélité",
      "Produits & Conseils",
    ]) {
      const heading = page.getByRole("heading", { level: 2, name: new RegExp(`^${name} \\d+ questions$`) });
      expect(await heading.count(), name).toBe(1);
    }
    expect(await searchBox().getAttribute("placeholder")).toBe("Rechercher : livraison, retour, Beauty Pass…");
    expect(await page.getByRole("link", { name: "Toutes les catégories" }).getAttribute("aria-current")).toBe("true");
  });

  it("keeps several answers open at once", async () => {
    await page.goto("/faq");
    await page.getByText("Comment retourner un produit ?").click();
    await page.getByText("Quels moyens de paiement acceptez-vous ?").click();
    expect(await page.getByText(/Imprimez l'étiquette prépayée/).isVisible()).toBe(true);
    expect(await page.getByText(/CB, Visa, Mastercard/).isVisible()).toBe(true);
    expect(await page.locator("details[open]").count()).toBe(2);
    await expectNoSeriousViolations("/faq with open answers");
  });

  it("finds return answers for 'retour' and Beauty Pass answers for 'beaute' (accents and case ignored)", async () => {
    await page.goto("/faq");
    await search("retour");
    expect(await page.getByText("Comment retourner un produit ?").isVisible()).toBe(true);
    expect(await page.getByText("Les retours sont-ils gratuits ?").isVisible()).toBe(true);
    expect(await page.getByText("Quels moyens de paiement acceptez-vous ?").count()).toBe(0);

    await search("BEAUTE");
    expect(await page.getByText("Qu'est-ce que le Beauty Pass ?").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 2, name: /^Beauty Pass & Fidélité/ }).count()).toBe(1);
    expect(await page.getByText("Quels moyens de paiement acceptez-vous ?").count()).toBe(0);
  });

  it("combines the search with a category, in the address", async () => {
    await page.goto("/faq?q=retour");
    await page.getByRole("link", { name: "Commandes & Livraison" }).click();
    await page.waitForURL((u) => u.searchParams.get("category") === "commandes-livraison" && u.searchParams.get("q") === "retour");
    await expect.poll(() => page.getByRole("link", { name: "Commandes & Livraison" }).getAttribute("aria-current")).toBe("true");
    expect(await page.getByText("Puis-je modifier ou annuler ma commande ?").isVisible()).toBe(true);
    expect(await page.getByText("Comment retourner un produit ?").count()).toBe(0);
    expect(await page.getByRole("heading", { level: 2, name: /^Retours & Échanges/ }).count()).toBe(0);
    expect(await searchBox().inputValue()).toBe("retour");

    // A new search keeps the category.
    await search("annuler");
    expect(new URL(page.url()).searchParams.get("category")).toBe("commandes-livraison");
    expect(await page.getByText("Puis-je modifier ou annuler ma commande ?").isVisible()).toBe(true);
  });

  it("says 'Aucun résultat trouvé' for nonsense and the reset button clears every filter", async () => {
    await page.goto("/faq?category=paiement-prix");
    await search("xqzwvk");
    expect(await page.getByRole("heading", { name: "Aucun résultat trouvé" }).isVisible()).toBe(true);
    await expectNoSeriousViolations("/faq without results");
    await page.getByRole("button", { name: "Réinitialiser les filtres" }).click();
    await page.waitForURL((u) => u.pathname === "/faq" && !u.searchParams.has("q") && !u.searchParams.has("category"));
    await page
      .getByRole("status")
      .filter({ hasText: /^\d+ questions$/ })
      .waitFor();
    expect(await page.getByRole("heading", { level: 2, name: /\d+ questions$/ }).count()).toBe(5);
    expect(await searchBox().inputValue()).toBe("");
  });

  it("filters on the server: works without JavaScript and never fails on odd parameters", async () => {
    const html = await (await fetch(`${baseURL}/faq?q=beaute&category=beauty-pass-fidelite`)).text();
    expect(html).toContain("Comment rejoindre le Beauty Pass ?");
    expect(html).not.toContain("Comment gagner des points ?");
    expect(html).not.toContain("Quels moyens de paiement acceptez-vous ?");
    for (const qs of ["category=inconnue", `q=${"%27%3B".repeat(300)}`, "q=&category=", "q=%E2%80%A6"]) {
      const res = await fetch(`${baseURL}/faq?${qs}`);
      expect(res.status, qs).toBe(200);
    }
    const noScript = await browser.newContext({ baseURL, locale: "fr-FR", javaScriptEnabled: false });
    const p = await noScript.newPage();
    await p.goto("/faq");
    await p.getByRole("searchbox", { name: "Rechercher une question" }).fill("remboursé");
    await p.getByRole("search", { name: "Rechercher dans la FAQ" }).getByRole("button", { name: "Rechercher", exact: true }).click();
    await p.waitForURL(/q=rembours/);
    expect(await p.getByText("Quand serai-je remboursé(e) ?").isVisible()).toBe(true);
    await noScript.close();
  });
});

describe("size guide", () => {
  it("shows the perfume, makeup and skincare tables", async () => {
    await page.goto("/guide-tailles");
    const perfumes = page.getByRole("table", { name: /Contenances de parfum/ });
    expect(await perfumes.getByRole("columnheader").allTextContents()).toEqual([
      "Contenance",
      "Description",
      "Usage conseillé",
      "Durée indicative",
    ]);
    expect(await perfumes.getByRole("rowheader").allTextContents()).toEqual(["15 ml", "30 ml", "50 ml", "75 ml", "100 ml", "150 ml"]);
    expect(await page.getByRole("table", { name: /^Maquillage/ }).count()).toBe(1);
    expect(await page.getByRole("table", { name: /^Soins/ }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Contacter le service client" }).getAttribute("href")).toBe("/service-client");
  });

  it("suggests a perfume size, with the keyboard only", async () => {
    await page.goto("/guide-tailles");
    await elementHydrated("main button[aria-controls]");
    const launch = page.getByRole("button", { name: "Lancer le calculateur" });
    expect(await launch.getAttribute("aria-expanded")).toBe("false");
    await launch.focus();
    await page.keyboard.press("Enter");
    const sprays = page.getByLabel("Vaporisations par jour");
    await expect.poll(() => sprays.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole("button", { name: "Fermer le calculateur" }).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("3");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("6");
    await page.keyboard.press("Enter");
    const result = page.getByRole("status").filter({ hasText: "Format conseillé" });
    await result.waitFor();
    // 3 sprays × 30 days × 6 months × 0.1 ml = 54 ml: the 75 ml bottle.
    expect(await result.textContent()).toMatch(/Besoin estimé : 54 ml.*Format conseillé : 75 ml/);
    await expectNoSeriousViolations("/guide-tailles with the calculator");

    await sprays.fill("10");
    await page.getByLabel("Durée souhaitée (en mois)").fill("24");
    await page.getByRole("button", { name: "Calculer" }).click();
    await expect.poll(() => result.textContent()).toMatch(/720 ml.*150 ml.*second flacon/);

    await sprays.fill("0");
    await page.getByRole("button", { name: "Calculer" }).click();
    expect(await page.getByText(/Indiquez un nombre entier de vaporisations entre 1 et 20/).isVisible()).toBe(true);
  });
});

describe("customer service", () => {
  async function openForm() {
    await page.goto("/service-client");
    await elementHydrated('main a[aria-controls="formulaire-contact"]');
    await page.getByRole("link", { name: "Écrire un message" }).click();
    await page.getByLabel("Nom", { exact: true }).waitFor({ state: "visible" });
  }

  async function fillValid(subject: string) {
    await page.getByLabel("Nom", { exact: true }).fill("Camille Test");
    // By role: the e-mail contact card is labelled "E-mail" by its heading too.
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill("camille.test@example.com");
    await page.getByLabel("Sujet", { exact: true }).fill(subject);
    await page.getByLabel("Message", { exact: true }).fill("Bonjour, je voudrais savoir si ce parfum existe en 30 ml. Merci !");
  }

  async function sendAndReadTicket(): Promise<number> {
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    const success = page.getByRole("status").filter({ hasText: SUCCESS });
    await success.waitFor();
    const ticket = (await success.textContent())?.match(TICKET)?.[0];
    expect(ticket).toBeDefined();
    return Number(ticket!.slice(-6));
  }

  it("shows the contact cards, the claims and four FAQ teasers", async () => {
    await page.goto("/service-client");
    for (const name of ["Chat en direct", "Téléphone", "E-mail"]) {
      expect(await page.getByRole("heading", { level: 3, name, exact: true }).count(), name).toBe(1);
    }
    expect(await page.getByText("Du lundi au vendredi").count()).toBe(1);
    expect(await page.getByText("de 10h à 18h").count()).toBe(1);
    for (const claim of ["2h", "98 %", "7j/7"]) expect(await page.getByText(claim, { exact: true }).count(), claim).toBe(1);
    expect(await page.getByRole("link", { name: /^Lire la réponse/ }).count()).toBe(4);
    expect(await page.getByRole("link", { name: "Voir toute la FAQ" }).getAttribute("href")).toBe("/faq");
    expect(await page.getByLabel("Nom", { exact: true }).isVisible()).toBe(false);

    // A teaser opens its answer on the FAQ.
    await page.getByRole("link", { name: "Lire la réponse : Comment suivre ma commande ?" }).click();
    await page.waitForURL((u) => u.pathname === "/faq" && u.searchParams.get("category") === "commandes-livraison");
    await expect.poll(() => page.locator("details#suivi-commande").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  });

  it("refuses empty and too long messages with French errors, stores only valid ones", async () => {
    await openForm();
    await fillValid("Première demande");
    const first = await sendAndReadTicket();

    // Empty form in the browser: errors per field, focus on the first one, nothing sent.
    await page.getByRole("link", { name: "Envoyer un autre message" }).click();
    await page.getByLabel("Nom", { exact: true }).waitFor({ state: "visible" });
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    for (const message of [
      "Le nom est obligatoire",
      "L'e-mail est obligatoire",
      "Le sujet est obligatoire",
      "Le message est obligatoire",
    ]) {
      expect(await page.getByText(message).isVisible(), message).toBe(true);
    }
    expect(await page.getByLabel("Nom", { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel("Nom", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await expectNoSeriousViolations("/service-client with errors");

    // 10,000 characters: refused in the browser...
    await fillValid("Message trop long");
    await page.getByLabel("Message", { exact: true }).fill("a".repeat(10_000));
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    expect(await page.getByText(TOO_LONG).isVisible()).toBe(true);
    expect(await page.getByText(SUCCESS).count()).toBe(0);

    // ...and on the server, like an empty or unreadable post: 4xx with French messages, never a 500.
    const empty = await postContact({ name: "", email: "", subject: "", message: "" });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("Le nom est obligatoire");
    expect(emptyHtml).toContain("Le sujet est obligatoire");
    const long = await postContact({
      name: "Camille",
      email: "camille.test@example.com",
      subject: "Long",
      message: "a".repeat(10_000),
    });
    expect(long.status).toBe(400);
    expect(await long.text()).toMatch(TOO_LONG);
    const badEmail = await postContact({
      name: "Camille",
      email: "pas-un-email",
      subject: "Sujet",
      message: "Bonjour",
    });
    expect(badEmail.status).toBe(400);
    const json = await postContact({ name: "Camille" }, "application/json");
    expect(json.status).toBe(415);

    // Nothing above was stored: the next ticket follows the first one.
    await page.getByLabel("Message", { exact: true }).fill("Bonjour, une seconde question sur la livraison en Corse.");
    await page.getByLabel("Sujet", { exact: true }).fill("Seconde demande");
    const second = await sendAndReadTicket();
    expect(second).toBe(first + 1);
  });

  it("sends a message without JavaScript, and the answer is never cached", async () => {
    const noScript = await browser.newContext({ baseURL, locale: "fr-FR", javaScriptEnabled: false });
    const p = await noScript.newPage();
    await p.goto("/service-client");
    await p.getByRole("link", { name: "Écrire un message" }).click();
    await p.getByLabel("Nom", { exact: true }).fill("Sacha Sans Script");
    await p.getByRole("textbox", { name: "E-mail", exact: true }).fill("sacha@example.com");
    await p.getByLabel("Sujet", { exact: true }).fill("Sans JavaScript");
    await p.getByLabel("Message", { exact: true }).fill("Ce message part sans JavaScript.");
    const [response] = await Promise.all([
      p.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/service-client"),
      p.getByRole("button", { name: "Envoyer le message" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    await p.getByText(SUCCESS).waitFor();
    expect(await p.locator("strong").filter({ hasText: TICKET }).count()).toBe(1);
    await noScript.close();
  });
});
