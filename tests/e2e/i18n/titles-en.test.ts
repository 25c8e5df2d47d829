import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopContext, waitForHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Page titles and meta descriptions follow the page's language (decision 044): route meta
 * functions word them with the page's messages, on the server render and after a client-side
 * navigation. French stays exactly as it was; product, brand and category names stay French.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

/** A catalog key left in the head: a message missing from the catalogs, shown as its key. */
const RAW_KEY = /\b(shop|account|checkout|common|emails)\.[a-zA-Z]+\.[a-zA-Z.]+/;

type Head = { title: string | null; description: string | null; ogTitle: string | null; ogLocale: string | null; canonical: string | null };

const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** What a browser or a crawler reads in the served document: the first <title> and the meta tags. */
function headOf(html: string): Head {
  const attribute = (pattern: RegExp) => {
    const value = pattern.exec(html)?.[1];
    return value === undefined ? null : decode(value);
  };
  return {
    title: attribute(/<title>([^<]*)<\/title>/),
    description: attribute(/<meta name="description" content="([^"]*)"/),
    ogTitle: attribute(/<meta property="og:title" content="([^"]*)"/),
    ogLocale: attribute(/<meta property="og:locale" content="([^"]*)"/),
    canonical: attribute(/<link rel="canonical" href="([^"]*)"/),
  };
}

async function headAt(path: string, cookie: string): Promise<{ head: Head; html: string; lang: string | null }> {
  const response = await fetch(`${baseURL}${path}`, { headers: { cookie } });
  const html = await response.text();
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  return {
    head: headOf(html),
    html: head.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ""),
    lang: /<html lang="(\w+)"/.exec(html)?.[1] ?? null,
  };
}

/** A signed-in shopper whose Préférences say `language` (the footer's form saves them). */
async function shopperCookie(language: "fr" | "en"): Promise<string> {
  const cookie = await signUpCookie(baseURL, uniqueEmail(`titles-${language}`), "Secret123!Aurore", "Emma");
  const chosen = await fetch(`${baseURL}/langue`, {
    method: "POST",
    headers: { origin: baseURL, cookie },
    body: new URLSearchParams({ language, redirectTo: "/" }),
    redirect: "manual",
  });
  expect(chosen.status).toBe(302);
  return cookie;
}

type ApiProduct = { id: string; name: string; brand: string | null; description?: string | null; variant_count?: number };

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("page titles and descriptions in English (decision 044)", () => {
  it("gives the storefront, account and checkout pages an English title and description, and keeps the French ones", async () => {
    const { data } = (await (await fetch(`${baseURL}/api/v1/products?page_size=50`)).json()) as { data: ApiProduct[] };
    // A demo product with its own description (other tests create products without one, whose
    // description is then worded in the page's language: "… à 24,00 € chez Aurore").
    const described = data.filter((p) => (p.description ?? "").trim() !== "");
    const product = described.find((p) => (p.variant_count ?? 1) <= 1) ?? described[0];
    const [frenchShopper, englishShopper] = await Promise.all([shopperCookie("fr"), shopperCookie("en")]);
    const visitor = { fr: "aurore_lang=fr", en: "aurore_lang=en" };
    const shopper = { fr: frenchShopper, en: englishShopper };

    type Expected = { title: string | RegExp; description?: string | RegExp };
    const pages: { path: string; cookies: { fr: string; en: string }; fr: Expected; en: Expected }[] = [
      {
        path: "/",
        cookies: visitor,
        fr: {
          title: "Aurore — Parfums, soins et maquillage en ligne",
          description:
            "Parfums, soins du visage et du corps, maquillage et accessoires. Livraison 48H offerte dès 100 €, retours gratuits sous 30 jours et points Beauty Pass.",
        },
        en: {
          title: "Aurore — Perfume, skincare and make-up online",
          description:
            "Perfume, face and body care, make-up and accessories. Free 48-hour delivery from €100, free returns within 30 days and Beauty Pass points.",
        },
      },
      {
        path: "/products",
        cookies: visitor,
        fr: {
          title: "Tous les produits | Aurore",
          description: /^\d+ produits de beauté : parfums, soins, maquillage, accessoires\. Livraison 48H offerte dès 100 €\.$/,
        },
        en: {
          title: "All products | Aurore",
          description: /^\d+ beauty products: perfume, skincare, make-up and accessories\. Free 48-hour delivery from €100\.$/,
        },
      },
      {
        path: "/products?search=xqzwvk",
        cookies: visitor,
        fr: { title: "Recherche « xqzwvk » — Tous les produits | Aurore", description: /^0 produit de beauté : / },
        en: { title: "Search “xqzwvk” — All products | Aurore", description: /^0 beauty products: / },
      },
      // The category's name and description are product data: French in both languages.
      { path: "/category/parfums", cookies: visitor, fr: { title: "Parfums | Aurore" }, en: { title: "Parfums | Aurore" } },
      {
        path: "/category/pas-une-categorie",
        cookies: visitor,
        fr: { title: "Catégorie non trouvée | Aurore" },
        en: { title: "Category not found | Aurore" },
      },
      {
        path: "/marques",
        cookies: visitor,
        fr: { title: "Nos marques de A à Z | Aurore" },
        en: { title: "Our brands from A to Z | Aurore" },
      },
      {
        path: "/panier",
        cookies: visitor,
        fr: { title: "Mon Panier | Aurore", description: "Votre panier Aurore." },
        en: { title: "My Cart | Aurore", description: "Your Aurore cart." },
      },
      {
        path: "/faq",
        cookies: visitor,
        fr: {
          title: "FAQ : questions fréquentes | Aurore",
          description:
            "Livraison, paiement, retours, Beauty Pass, conseils produits : toutes les réponses à vos questions sur Aurore, votre boutique beauté en ligne.",
        },
        en: {
          title: "FAQ: frequently asked questions | Aurore",
          description:
            "Delivery, payment, returns, Beauty Pass, product advice: all the answers to your questions about Aurore, your online beauty shop.",
        },
      },
      {
        path: "/livraison-retours",
        cookies: visitor,
        fr: {
          title: "Livraison et retours | Aurore",
          description: /^Livraison 48H offerte dès .+ retours gratuits sous 30 jours : délais, frais et procédure de retour Aurore\.$/,
        },
        en: {
          title: "Delivery and returns | Aurore",
          description: /^Free 48-hour delivery from .+ free returns within 30 days: Aurore's delivery times, fees and returns procedure\.$/,
        },
      },
      {
        path: "/conditions-generales",
        cookies: visitor,
        fr: { title: "Conditions générales de vente | Aurore", description: /^Conditions générales de vente Aurore : prix, commande/ },
        en: {
          title: "Terms and conditions of sale | Aurore",
          description: /^Aurore's terms and conditions of sale, in French: prices, ordering/,
        },
      },
      {
        path: "/register",
        cookies: visitor,
        fr: {
          title: "Créer un compte | Aurore",
          description: "Créez votre compte Aurore : suivez vos commandes, gardez vos favoris et cumulez des points Beauty Pass.",
        },
        en: {
          title: "Create an account | Aurore",
          description: "Create your Aurore account: follow your orders, keep your favourites and collect Beauty Pass points.",
        },
      },
      { path: "/pas-une-page", cookies: visitor, fr: { title: "Page introuvable | Aurore" }, en: { title: "Page not found | Aurore" } },
      { path: "/dashboard", cookies: shopper, fr: { title: "Mon Compte | Aurore" }, en: { title: "My Account | Aurore" } },
      { path: "/checkout", cookies: shopper, fr: { title: "Commande | Aurore" }, en: { title: "Checkout | Aurore" } },
    ];

    for (const { path, cookies, fr, en } of pages) {
      const french = await headAt(path, cookies.fr);
      const english = await headAt(path, cookies.en);
      expect([french.lang, english.lang], path).toEqual(["fr", "en"]);
      for (const [served, expected] of [
        [french, fr],
        [english, en],
      ] as const) {
        const label = `${served.lang} ${path}`;
        if (typeof expected.title === "string") expect(served.head.title, label).toBe(expected.title);
        else expect(served.head.title, label).toMatch(expected.title);
        if (expected.description !== undefined) {
          if (typeof expected.description === "string") expect(served.head.description, label).toBe(expected.description);
          else expect(served.head.description, label).toMatch(expected.description);
        }
        expect(served.html.match(RAW_KEY)?.[0] ?? null, label).toBeNull();
      }
      // The SEO tags that are not words stay as they were: same canonical address in both languages,
      // Open Graph's title is the document's and its locale says the language.
      expect(english.head.canonical, path).toBe(french.head.canonical);
      if (french.head.ogTitle !== null) {
        expect(french.head.ogTitle, path).toBe(french.head.title);
        expect(english.head.ogTitle, path).toBe(english.head.title);
        expect([french.head.ogLocale, english.head.ogLocale], path).toEqual(["fr_FR", "en_GB"]);
      }
    }

    // A product's title is its name and brand, as the shop wrote them, in both languages; its
    // structured data is still there.
    const frenchProduct = await headAt(`/product/${product.id}`, visitor.fr);
    const englishProduct = await headAt(`/product/${product.id}`, visitor.en);
    expect(frenchProduct.head.title).toBe(`${product.name}${product.brand ? ` — ${product.brand}` : ""} | Aurore`);
    expect(englishProduct.head.title).toBe(frenchProduct.head.title);
    expect(englishProduct.head.description).toBe(frenchProduct.head.description);
    expect(englishProduct.head.ogLocale).toBe("en_GB");
    const englishProductPage = await (await fetch(`${baseURL}/product/${product.id}`, { headers: { cookie: visitor.en } })).text();
    expect(englishProductPage).toContain('type="application/ld+json"');
    expect((await headAt("/product/00000000-0000-4000-8000-000000000000", visitor.en)).head.title).toBe("Product not found | Aurore");
  });

  it("words the title and description in English after a client-side navigation, and in French for a French visitor", async () => {
    for (const language of ["en", "fr"] as const) {
      const context = await newShopContext(browser, baseURL, { locale: language === "en" ? "en-GB" : "fr-FR" });
      await context.addCookies([{ name: "aurore_lang", value: language, url: baseURL }]);
      const page: Page = await context.newPage();
      try {
        await page.goto("/");
        await waitForHydration(page);
        // A mark on the window proves no document was loaded on the way.
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
        const description = () => page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null);

        const categories = page.getByRole("banner").getByRole("navigation", { name: language === "en" ? "Categories" : "Catégories" });
        await categories.getByRole("link", { name: language === "en" ? "All products" : "Tous les produits" }).click();
        await page.waitForURL(/\/products$/);
        if (language === "en") {
          await expect.poll(() => page.title()).toBe("All products | Aurore");
          await expect.poll(description).toMatch(/^\d+ beauty products: perfume, skincare/);
        } else {
          await expect.poll(() => page.title()).toBe("Tous les produits | Aurore");
          await expect.poll(description).toMatch(/^\d+ produits de beauté : parfums, soins/);
        }

        await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
        await page.waitForURL(/\/faq$/);
        await expect
          .poll(() => page.title())
          .toBe(language === "en" ? "FAQ: frequently asked questions | Aurore" : "FAQ : questions fréquentes | Aurore");
        await expect.poll(description).toMatch(language === "en" ? /^Delivery, payment, returns/ : /^Livraison, paiement, retours/);
        expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
        expect(await page.title()).not.toMatch(RAW_KEY);
      } finally {
        await context.close();
      }
    }
  });
});
