import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { addSessionCookies, launchBrowser, newShopContext, seriousA11yViolations, waitForHydration } from "../../support/browser";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
let browser: Browser;
let context: BrowserContext;
let page: Page;

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

const BALM = "Baume Lèvres Nourrissant";

async function productId(name: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/v1/products?sort=price_asc&page_size=24`);
  const { data } = (await res.json()) as { data: { id: string; name: string }[] };
  return data.find((p) => p.name === name)!.id;
}

const hydrated = () => waitForHydration(page);

function card(name: string): Locator {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

function favouritesLink(): Locator {
  return page
    .getByRole("banner")
    .getByRole("link", { name: /^Mes Favoris/ })
    .first();
}

function useSession(ctx: BrowserContext, cookieHeader: string): Promise<void> {
  return addSessionCookies(ctx, baseURL, cookieHeader);
}

describe("favourites (visitor)", () => {
  it("asks a visitor to sign in from the heart and on /favorites", async () => {
    await page.goto("/products?sort=price_asc");
    await hydrated();
    const heart = card(BALM).getByRole("button", { name: "Ajouter aux favoris" });
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    expect(await heart.getAttribute("title")).toBe("Ajouter aux favoris");
    await heart.click();
    await page.getByRole("status").getByText("Veuillez vous connecter pour ajouter des favoris").waitFor();
    expect(await heart.getAttribute("aria-pressed")).toBe("false");

    await page.goto("/favorites");
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Mes Favoris", level: 1 }).waitFor();
    const crumbs = await page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("listitem").allTextContents();
    expect(crumbs.map((c) => c.replace("›", "").trim())).toEqual(["Accueil", "Mes Favoris"]);
    expect(await main.getByText("Connectez-vous pour voir vos favoris").count()).toBe(1);
    await hydrated();
    await main.getByRole("button", { name: "Connexion" }).click();
    await page.getByRole("dialog", { name: "Connexion" }).waitFor();
  });

  it("refuses favourites API calls without an account, in French", async () => {
    const id = await productId(BALM);
    const add = await fetch(`${baseURL}/api/v1/favorites`, {
      method: "POST",
      headers: { origin: baseURL, "content-type": "application/json" },
      body: JSON.stringify({ product_id: id }),
    });
    expect(add.status).toBe(401);
    expect(((await add.json()) as { error: { message: string } }).error.message).toBe("Vous devez être connecté pour ajouter des favoris");
    const remove = await fetch(`${baseURL}/api/v1/favorites/${id}`, { method: "DELETE", headers: { origin: baseURL } });
    expect(remove.status).toBe(401);
    expect(((await remove.json()) as { error: { message: string } }).error.message).toBe(
      "Vous devez être connecté pour supprimer des favoris",
    );
    expect((await fetch(`${baseURL}/api/v1/favorites`)).status).toBe(401);
  });
});

describe("favourites (signed in)", () => {
  it("toggles the heart, counts in the header, lists on /favorites and in the dashboard", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("favoris"));
    await useSession(context, cookie);
    const id = await productId(BALM);

    await page.goto("/products?sort=price_asc");
    await hydrated();
    expect(await favouritesLink().textContent()).toContain("(0 favori)");
    const heart = card(BALM).getByRole("button", { name: /aux favoris|des favoris/ });
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    expect(await heart.getAttribute("aria-label")).toBe("Retirer des favoris");
    expect(await heart.getAttribute("title")).toBe("Retirer des favoris");
    await expect.poll(() => favouritesLink().textContent()).toContain("(1 favori)");

    // Saved on the server: a new page load still shows it.
    await expect
      .poll(async () => {
        const res = (await (await fetch(`${baseURL}/api/v1/favorites`, { headers: { cookie } })).json()) as {
          data: { id: string }[];
        };
        return res.data.map((p) => p.id);
      })
      .toEqual([id]);

    await favouritesLink().click();
    await page.waitForURL(/\/favorites$/);
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Mes Favoris", level: 1 }).waitFor();
    const grid = main.getByRole("list", { name: "Produits favoris" });
    await grid.getByRole("heading", { name: BALM }).waitFor();
    expect(await grid.getByRole("listitem").count()).toBe(1);
    expect(await main.getByRole("link", { name: "Continuer mes achats" }).getAttribute("href")).toBe("/products");
    expect(await main.getByRole("link", { name: "Retour à l'accueil" }).getAttribute("href")).toBe("/");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await grid.getByRole("button", { name: "Retirer des favoris" }).click();
    await main.getByText("Aucun favori pour le moment", { exact: true }).waitFor();
    await expect.poll(() => favouritesLink().textContent()).toContain("(0 favori)");
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${baseURL}/api/v1/favorites`, { headers: { cookie } })).json()) as { data: unknown[] }).data.length,
      )
      .toBe(0);

    // Back through the API (idempotent), then the dashboard tab lists it.
    for (const expected of [201, 200]) {
      const res = await fetch(`${baseURL}/api/v1/favorites`, {
        method: "POST",
        headers: { cookie, origin: baseURL, "content-type": "application/json" },
        body: JSON.stringify({ product_id: id }),
      });
      expect(res.status).toBe(expected);
    }
    const unknown = await fetch(`${baseURL}/api/v1/favorites`, {
      method: "POST",
      headers: { cookie, origin: baseURL, "content-type": "application/json" },
      body: JSON.stringify({ product_id: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(unknown.status).toBe(404);
    const invalid = await fetch(`${baseURL}/api/v1/favorites`, {
      method: "POST",
      headers: { cookie, origin: baseURL, "content-type": "application/json" },
      body: JSON.stringify({ product_id: "pas-un-id" }),
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { message: string } }).error.message).toBe("Produit invalide");

    await page.goto("/dashboard?tab=wishlist");
    const tab = page.getByRole("region", { name: "Mes Favoris" });
    await tab.getByRole("heading", { name: "Mes Favoris", level: 2 }).waitFor();
    await tab.getByRole("heading", { name: BALM }).waitFor();
    expect(await tab.getByRole("button", { name: "Retirer des favoris" }).getAttribute("aria-pressed")).toBe("true");
    expect(await favouritesLink().textContent()).toContain("(1 favori)");
  });

  it("keeps each shopper's favourites to themselves", async () => {
    const id = await productId(BALM);
    const alice = await signUpCookie(baseURL, uniqueEmail("fav-a"));
    const bruno = await signUpCookie(baseURL, uniqueEmail("fav-b"));
    await fetch(`${baseURL}/api/v1/favorites`, {
      method: "POST",
      headers: { cookie: alice, origin: baseURL, "content-type": "application/json" },
      body: JSON.stringify({ product_id: id }),
    });
    const list = async (cookie: string) =>
      ((await (await fetch(`${baseURL}/api/v1/favorites`, { headers: { cookie } })).json()) as { data: { id: string }[] }).data.map(
        (p) => p.id,
      );
    expect(await list(alice)).toEqual([id]);
    expect(await list(bruno)).toEqual([]);
    await fetch(`${baseURL}/api/v1/favorites/${id}`, { method: "DELETE", headers: { cookie: bruno, origin: baseURL } });
    expect(await list(alice)).toEqual([id]);
  });
});
