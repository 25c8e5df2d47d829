import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopContext, seriousA11yViolations, waitForHydration } from "../../support/browser";
import { startPrivateShop, type PrivateShop } from "../../support/private-shop";
import { estimateDeliveryDate, formatDeliveryDate } from "../../../app/domain/delivery/delivery-dates";
import { METROPOLITAN_DELIVERY_WORKING_DAYS } from "../../../app/lib/shop-rules";
import { ensureDemoCategories, insertSeedProducts, type SeedVariant } from "../../../app/.server/db/seed/demo";

/**
 * A foundation in two sizes and three shades, on a shop of this file's own (the product is
 * written before the server starts: PGlite allows one process at a time).
 */
let shop: PrivateShop;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let productId = "";
let relatedName = "";

const SHADES = [
  { code: "POR", shade: "Porcelaine", hex: "#f3dccb" },
  { code: "IVO", shade: "Ivoire", hex: "#ecd0b5" },
  { code: "BEI", shade: "Beige", hex: "#d9b48f" },
];

beforeAll(async () => {
  shop = await startPrivateShop(async (db) => {
    await db.transaction(async (tx) => {
      const categories = await ensureDemoCategories(tx);
      const variants: SeedVariant[] = ["30", "50"].flatMap((ml) =>
        SHADES.map(({ code, shade, hex }) => ({
          sku: `FDT-${ml}-${code}`,
          label: `${ml} ml · ${shade}`,
          size: `${ml} ml`,
          shade,
          shadeHex: hex,
          contentAmount: Number(ml),
          contentUnit: "ml" as const,
          priceCents: ml === "30" ? 3900 : 5400,
          // The 30 ml Beige is sold out.
          stock: ml === "30" && code === "BEI" ? 0 : 6,
        })),
      );
      const seeded = await insertSeedProducts(tx, [
        {
          name: "Fond de teint Aurélien",
          description: "Fond de teint lumineux, tenue 24 h.",
          priceCents: 3900,
          categoryId: categories.get("maquillage"),
          brand: "Maison Aurélien",
          ingredients: "AQUA, GLYCERIN, TITANIUM DIOXIDE",
          usageTips: "Appliquer du centre du visage vers l'extérieur.",
          variants,
        },
        { name: "Poudre Aurélien", priceCents: 2500, categoryId: categories.get("maquillage"), brand: "Maison Aurélien", stock: 5 },
      ]);
      productId = seeded[0].id;
      relatedName = "Poudre Aurélien";
    });
  });
  browser = await launchBrowser();
  context = await newShopContext(browser, shop.baseURL);
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await shop?.stop();
});

const hydrated = () => waitForHydration(page);

const shades = () => page.getByRole("radiogroup", { name: /^Teinte/ });
const sizes = () => page.getByRole("radiogroup", { name: "Contenance" });
/** The product's own button, not the related products' cards. */
const addToCartButton = () => page.locator("form", { has: page.getByLabel("Quantité") }).getByRole("button", { name: "Ajouter au panier" });
const variantParam = () => new URL(page.url()).searchParams.get("variant");
const priceText = async () => (await page.locator("main .text-2xl").first().innerText()).replace(/\u202f|\u00a0/g, " ");

describe("product page with variants", () => {
  it("picks a shade with the keyboard and a size; the address, price and unit price follow, and a reload keeps them", async () => {
    await page.goto(`/product/${productId}`);
    await hydrated();
    // The default variant: the first, 30 ml Porcelaine.
    expect(await shades().getByRole("radio", { name: "Porcelaine" }).getAttribute("aria-checked")).toBe("true");
    expect(await sizes().getByRole("radio", { name: "30 ml" }).getAttribute("aria-checked")).toBe("true");
    expect(await priceText()).toContain("39,00 €");
    expect(await priceText()).toContain("130,00 € / 100 ml");

    // Tab stop on the checked swatch, then the arrow key chooses the next shade.
    await shades().getByRole("radio", { name: "Porcelaine" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(variantParam).toBe("FDT-30-IVO");
    await expect.poll(() => shades().getByRole("radio", { name: "Ivoire" }).getAttribute("aria-checked")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Ivoire");
    await page.getByText("Teinte : Ivoire").waitFor();

    await sizes().getByRole("radio", { name: "50 ml" }).click();
    await expect.poll(variantParam).toBe("FDT-50-IVO");
    await expect.poll(priceText).toContain("54,00 €");
    expect(await priceText()).toContain("108,00 € / 100 ml");

    // The title and the canonical link follow the choice, exactly as a fresh load of the address
    // renders them (the choice changes only the address: no reload).
    const served = await (await fetch(new URL(`/product/${productId}?variant=FDT-50-IVO`, page.url()))).text();
    const servedTitle = /<title>([^<]*)<\/title>/.exec(served)?.[1];
    const servedCanonical = /<link rel="canonical" href="([^"]*)"/.exec(served)?.[1];
    expect(servedTitle).toContain("50 ml · Ivoire");
    expect(servedCanonical).toMatch(/\?variant=FDT-50-IVO$/);
    const canonical = () => page.evaluate(() => document.querySelector('link[rel="canonical"]')?.getAttribute("href"));
    await expect.poll(() => page.title()).toBe(servedTitle!.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&"));
    await expect.poll(canonical).toBe(servedCanonical);

    await page.reload();
    await hydrated();
    expect(variantParam()).toBe("FDT-50-IVO");
    expect(await shades().getByRole("radio", { name: "Ivoire" }).getAttribute("aria-checked")).toBe("true");
    expect(await sizes().getByRole("radio", { name: "50 ml" }).getAttribute("aria-checked")).toBe("true");
    expect(await priceText()).toContain("54,00 €");
    expect(await addToCartButton().isEnabled()).toBe(true);
  });

  it("server-renders the variant of the address, and the default one for an unknown SKU", async () => {
    const chosen = await (await fetch(`${shop.baseURL}/product/${productId}?variant=FDT-50-BEI`)).text();
    expect(chosen).toMatch(/role="radio" aria-checked="true"[^>]*aria-label="Beige"/);
    expect(chosen).toMatch(/role="radio" aria-checked="true"[^>]*aria-label="50 ml"/);
    expect(chosen).toMatch(/<link rel="canonical" href="[^"]*\?variant=FDT-50-BEI"/);
    expect(chosen).toContain('"@type":"ProductGroup"');
    expect(chosen).toContain('"variesBy":["https://schema.org/size","https://schema.org/color"]');

    await page.goto(`/product/${productId}?variant=INCONNU`);
    await hydrated();
    expect(await shades().getByRole("radio", { name: "Porcelaine" }).getAttribute("aria-checked")).toBe("true");
    expect(await sizes().getByRole("radio", { name: "30 ml" }).getAttribute("aria-checked")).toBe("true");
    expect(await priceText()).toContain("39,00 €");

    expect((await fetch(`${shop.baseURL}/product/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
  });

  it("promises the earliest delivery day, in working days of the Paris calendar", async () => {
    const before = estimateDeliveryDate({ now: new Date(), workingDays: METROPOLITAN_DELIVERY_WORKING_DAYS });
    await page.goto(`/product/${productId}?variant=FDT-50-BEI`);
    await hydrated();
    const line = await page.getByText(/Livré à partir du/).textContent();
    const after = estimateDeliveryDate({ now: new Date(), workingDays: METROPOLITAN_DELIVERY_WORKING_DAYS });
    // Read between two estimates, so a cut-off passing during the test cannot fail it.
    expect([before, after].map((day) => `Livré à partir du ${formatDeliveryDate(day)} en France métropolitaine`)).toContain(line);
  });

  it("shows a sold-out shade disabled, offers the restock alert, and passes axe", async () => {
    await page.goto(`/product/${productId}?variant=FDT-50-POR`);
    await hydrated();
    await sizes().getByRole("radio", { name: "30 ml" }).click();
    await expect.poll(variantParam).toBe("FDT-30-POR");
    const soldOut = shades().getByRole("radio", { name: "Beige (épuisé)" });
    expect(await soldOut.getAttribute("aria-disabled")).toBe("true");
    // Still reachable with the arrow keys, to see it and ask for the restock alert.
    await shades().getByRole("radio", { name: "Porcelaine" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(variantParam).toBe("FDT-30-BEI");
    await page.getByText("Rupture de stock", { exact: true }).waitFor();
    expect(await addToCartButton().count()).toBe(0);
    // No delivery date is promised for a variant that cannot be bought.
    expect(await page.getByText(/Livré à partir du/).count()).toBe(0);

    const alert = page.getByRole("region", { name: "30 ml · Beige est épuisé" });
    await alert.getByRole("button", { name: "M'avertir du retour en stock" }).click();
    await alert.getByText("L'e-mail est obligatoire").waitFor();
    await alert.getByLabel("Votre adresse e-mail").fill("cliente@example.com");
    await alert.getByRole("button", { name: "M'avertir du retour en stock" }).click();
    await alert
      .getByRole("status")
      .getByText(/vous recevrez un e-mail pour confirmer votre alerte/)
      .waitFor();

    // The product's sections and related products, server-rendered.
    await page.getByText("Ingrédients").click();
    await page.getByText("AQUA, GLYCERIN, TITANIUM DIOXIDE").waitFor();
    await page.getByRole("region", { name: "Vous aimerez aussi" }).getByRole("heading", { name: relatedName }).waitFor();

    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("answers bad restock alert requests in French, never with a 500", async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${shop.baseURL}/alerte-stock`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.baseURL },
        body: new URLSearchParams(fields),
      });
    const badId = await post({ variant_id: "pas-un-id", email: "a@example.com" });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ ok: false, message: "Choisissez une variante du produit" });
    const badEmail = await post({ variant_id: "00000000-0000-0000-0000-000000000000", email: "pas-un-email" });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({
      ok: false,
      message: "Format d'e-mail invalide",
      fieldErrors: { email: "Format d'e-mail invalide" },
    });
    const unknown = await post({ variant_id: "00000000-0000-0000-0000-000000000000", email: "a@example.com" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, message: "Cette variante du produit n'existe pas." });

    await page.goto("/alerte-stock/confirmation?token=faux-jeton");
    await page.getByRole("heading", { name: "Lien invalide ou déjà utilisé", level: 1 }).waitFor();
  });

  it("lists the recently viewed products, without the current one", async () => {
    const res = await fetch(`${shop.baseURL}/api/v1/products?search=poudre`);
    const { data } = (await res.json()) as { data: { id: string; name: string; variants: { sku: string }[] }[] };
    const powder = data.find((p) => p.name === relatedName)!;
    expect(powder.variants).toHaveLength(1);
    await page.goto(`/product/${powder.id}`);
    await hydrated();
    const shelf = page.getByRole("region", { name: "Récemment consultés" });
    await shelf.getByRole("heading", { name: "Fond de teint Aurélien" }).waitFor();
    expect(await shelf.getByRole("heading", { name: relatedName }).count()).toBe(0);
    // A one-variant product has no selector.
    expect(await page.getByRole("radiogroup").count()).toBe(0);
  });

  it("fits a 390 px screen with its selectors and the restock form, without sideways scroll", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/product/${productId}?variant=FDT-30-BEI`);
    await hydrated();
    await page.getByRole("button", { name: "M'avertir du retour en stock" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
