import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, placeOrderOverHttp, setOrderStatusOverHttp } from "../../support/orders-http";
import { openOrderDetail } from "../../support/order-pages";
import { e2eShop } from "../../support/e2e-shop";

/**
 * A verified review from end to end: a shopper with a delivered order writes a review on the
 * product page; the administrator publishes it in 'Avis' and answers; the product page shows it
 * with 'Avis vérifié' and the new count. A shopper who did not buy is offered no form, and the
 * API refuses them in French.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;

type Summary = { count: number; average: number };
const summaryOf = async (productId: string): Promise<Summary> =>
  ((await (await fetch(`${baseURL}/api/v1/products/${productId}/reviews?fresh=${Date.now()}`)).json()) as { data: { summary: Summary } })
    .data.summary;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("reviews", () => {
  it("lets a delivered buyer review, the administrator publish and answer, and shows it verified", async () => {
    const admin = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    const buyer = await signUpCookie(baseURL, uniqueEmail("avis"), "Secret123!Aurore", "Camille Durand");
    const order = await placeOrderOverHttp(baseURL, buyer);
    const productId = order.items[0].product_id as string;
    expect((await setOrderStatusOverHttp(baseURL, admin, order.id, "delivered")).status).toBe(200);
    const before = await summaryOf(productId);
    const title = `Mon avis ${Date.now().toString(36)}`;

    const context = await signedInContext(browser, baseURL, buyer);
    const page = await context.newPage();
    // From the delivered order's detail: 'Donner mon avis' opens the product's review form.
    await page.goto("/dashboard?tab=orders");
    const detail = await openOrderDetail(page, order.number);
    await detail.getByRole("link", { name: /Donner mon avis/ }).click();
    await page.waitForURL(new RegExp(`/product/${productId}#donner-mon-avis`));
    const block = page.getByRole("region", { name: "Avis clients" });
    // The form's own checks, in French, before anything is sent.
    await block.getByRole("button", { name: "Publier mon avis" }).click();
    await block.getByText("Choisissez une note de 1 à 5 étoiles").waitFor();
    await block.getByRole("radio", { name: "2 étoiles" }).check();
    await block.getByRole("textbox", { name: "Titre" }).fill(title);
    await block.getByRole("textbox", { name: "Votre avis" }).fill("Première version de mon avis.");
    await block.getByRole("combobox", { name: "Type de peau (facultatif)" }).selectOption({ label: "Mixte" });
    // A photo goes through the image pipeline; a file that is not an image is refused in French.
    const photos = block.getByLabel(/^Photos \(facultatif/);
    await photos.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("Pas une image.\n".repeat(40)) });
    await block.getByText("Format d'image non supporté. Utilisez JPG, PNG ou WebP.").waitFor();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 120, b: 160 } } })
      .png()
      .toBuffer();
    await photos.setInputFiles({ name: "flacon.png", mimeType: "image/png", buffer: png });
    await block.getByRole("img", { name: "Ajoutée (1 sur 1)" }).waitFor();
    await block.getByRole("button", { name: "Publier mon avis" }).click();
    await block.getByText("Merci ! Votre avis sera publié après vérification").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Pending: not counted yet.
    expect(await summaryOf(productId)).toEqual(before);
    // Until moderated, its author may change it.
    await page.reload();
    await waitForHydration(page);
    await block.getByText("Vos avis sur ce produit").waitFor();
    await block.getByRole("button", { name: "Modifier mon avis" }).click();
    const edit = block.getByRole("form", { name: "Modifier mon avis" });
    await edit.getByRole("textbox", { name: "Votre avis" }).fill("Texture agréable mais <b>tenue</b> courte sur ma peau mixte.");
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await block.getByText("Votre avis a été modifié.").waitFor();

    const adminContext = await signedInContext(browser, baseURL, admin);
    const adminPage = await adminContext.newPage();
    await adminPage.goto("/admin/avis?status=pending");
    const card = adminPage.getByRole("article", { name: new RegExp(title) });
    await card.getByRole("button", { name: `Publier l'avis « ${title} »` }).click();
    await adminPage.getByText(`Avis « ${title} » publié`).waitFor();
    await adminPage.goto("/admin/avis?status=published");
    await adminPage
      .getByRole("article", { name: new RegExp(title) })
      .getByRole("button", { name: /Répondre/ })
      .click();
    const dialog = adminPage.getByRole("dialog", { name: "Répondre à l'avis" });
    await dialog.getByRole("textbox", { name: "Réponse publique" }).fill("Merci Camille, notre conseillère vous recontacte.");
    await dialog.getByRole("button", { name: "Publier la réponse" }).click();
    await adminPage.getByText("Réponse publiée").waitFor();
    await adminContext.close();

    const after = await summaryOf(productId);
    expect(after.count).toBe(before.count + 1);
    await page.goto(`/product/${productId}?avis_note=2#avis`);
    const review = page.getByRole("article", { name: title });
    await review.getByText("Avis vérifié").waitFor();
    await review.getByText("Camille D.").waitFor();
    // Markup in a review is shown as text.
    await review.getByText("Texture agréable mais <b>tenue</b> courte sur ma peau mixte.").waitFor();
    await review.getByText("Merci Camille, notre conseillère vous recontacte.").waitFor();
    const photo = review.getByRole("img", { name: "Envoyée par Camille D. (1 sur 1)" });
    expect(await photo.getAttribute("src")).toMatch(/^\/media\/uploads\/reviews\/\d{13}-[a-z0-9]{16}\.webp$/);
    expect((await fetch(`${baseURL}${await photo.getAttribute("src")}`)).headers.get("content-type")).toBe("image/webp");
    expect(await page.getByRole("region", { name: "Avis clients" }).getByText(`${after.count} avis`).count()).toBeGreaterThan(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld.aggregateRating).toMatchObject({ reviewCount: after.count, ratingValue: after.average.toFixed(1) });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Reviewed: no form any more, the shopper's own review is listed with its status.
    await page.reload();
    await page.getByText("Vos avis sur ce produit").waitFor();
    expect(await page.getByRole("button", { name: "Donner mon avis" }).count()).toBe(0);
    await context.close();
  });

  it("offers no form to a shopper who did not buy, and the API refuses them in French", async () => {
    const stranger = await signUpCookie(baseURL, uniqueEmail("curieux"));
    const list = await apiCall(baseURL, "GET", "/api/v1/products?page_size=1", null);
    const productId = list.json.data[0].id as string;
    const refused = await apiCall(baseURL, "POST", `/api/v1/products/${productId}/reviews`, stranger, {
      rating: 5,
      title: "Génial",
      body: "Je ne l'ai jamais acheté mais c'est génial.",
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe("Seuls les clients ayant reçu ce produit peuvent donner leur avis (avis vérifiés).");
    for (const [body, message] of [
      [{ rating: 0, title: "Bof", body: "Un texte assez long." }, "Choisissez une note de 1 à 5 étoiles"],
      [{ rating: 6, title: "Bof", body: "Un texte assez long." }, "Choisissez une note de 1 à 5 étoiles"],
      [{ rating: 4, title: "Bof", body: "x".repeat(20_000) }, "Votre avis ne doit pas dépasser 3000 caractères"],
    ] as const) {
      const bad = await apiCall(baseURL, "POST", `/api/v1/products/${productId}/reviews`, stranger, body);
      expect([bad.status, bad.json.error.message]).toEqual([400, message]);
    }
    expect((await apiCall(baseURL, "POST", `/api/v1/products/${productId}/reviews`, null, {})).status).toBe(401);

    const context = await signedInContext(browser, baseURL, stranger);
    const page = await context.newPage();
    await page.goto(`/product/${productId}`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Avis clients", level: 2 }).waitFor();
    // Let the browser's question about this shopper come back before looking.
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("button", { name: "Donner mon avis" }).count()).toBe(0);
    await context.close();
  });

  it("explains the rules on /avis-clients, linked from every review block", async () => {
    const context = await signedInContext(browser, baseURL, null);
    const page = await context.newPage();
    const list = await apiCall(baseURL, "GET", "/api/v1/products?page_size=1", null);
    await page.goto(`/product/${list.json.data[0].id}`);
    await page.getByRole("link", { name: "Comment nous vérifions les avis" }).click();
    await page.getByRole("heading", { name: "Nos avis clients", level: 1 }).waitFor();
    await page.getByText(/positifs\s+comme négatifs/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
