import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, newShopContext, waitForHydration } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";
import { waitForMail } from "../../support/mail";

const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
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

function aboutNewsletter() {
  return page.getByRole("region", { name: "Rejoignez notre newsletter" });
}

async function subscribeFromAbout(email: string) {
  const section = aboutNewsletter();
  await section.getByLabel("Votre adresse e-mail").fill(email);
  await section.getByRole("button", { name: "S'abonner" }).click();
}

describe("About page and newsletter", () => {
  it("/about answers 200 with 'Notre Histoire', its values and team, without serious axe violations", async () => {
    const res = await page.goto("/about");
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe("Notre Histoire | Aurore");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Notre Histoire");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}/about`);
    expect(await page.getByRole("heading", { level: 3, name: "Livraison en 24-48h" }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Notre équipe" }).getByRole("heading", { level: 3 }).count()).toBe(3);
    const violations = await seriousA11yViolations(page);
    expect(violations, violations.join("\n")).toEqual([]);
  });

  it("shows 'Format d'email invalide' for an invalid address", async () => {
    await page.goto("/about");
    await elementHydrated("#contenu form[action='/newsletter']");
    await subscribeFromAbout("pas-une-adresse");
    const field = aboutNewsletter().getByLabel("Votre adresse e-mail");
    await aboutNewsletter().getByText("Format d'email invalide").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
  });

  it("refuses an invalid address on the server too, with 400", async () => {
    const res = await fetch(`${baseURL}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "pas-une-adresse" }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      message: "Format d'email invalide",
      fieldError: "Format d'email invalide",
    });
  });

  it("subscribes with double opt-in: success message, confirmation mail, link confirms, then already subscribed", async () => {
    const email = `abonnee.${Date.now()}@example.com`;
    await page.goto("/about");
    await elementHydrated("#contenu form[action='/newsletter']");
    await subscribeFromAbout(email);
    const status = aboutNewsletter().getByRole("status");
    await status.getByText(`Merci ! Confirmez votre inscription grâce au lien envoyé à ${email}.`).waitFor({ timeout: 10_000 });

    const mail = await waitForMail(dataDir, email);
    expect(mail).toContain("10 % de réduction sur votre première commande");
    const link = mail.match(/https?:\/\/[^\s"<>]+\/newsletter\/confirmation\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link, "confirmation link in the mail").toBeTruthy();

    const res = await page.goto(new URL(link!).pathname + new URL(link!).search);
    expect(res?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Inscription confirmée");

    await page.goto("/about");
    await elementHydrated("#contenu form[action='/newsletter']");
    await subscribeFromAbout(email);
    await status.getByText("Cette adresse est déjà inscrite à notre newsletter.").waitFor({ timeout: 10_000 });
  });

  it("shows 'Lien invalide ou expiré' for an unknown confirmation token", async () => {
    const res = await page.goto("/newsletter/confirmation?token=jeton-invente");
    expect(res?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Lien invalide ou expiré");
  });
});
