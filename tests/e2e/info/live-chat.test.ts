/**
 * The live chat of /service-client (docs/decisions/047): a shopper's and an administrator's
 * browsers talk in real time; a visitor nobody answers gets a ticket number in the chat; a chat
 * stream only ever carries the caller's own conversation. The e2e shop runs with
 * CHAT_ALWAYS_OPEN=true and a 15 s answer timeout (tests/support/global-setup-e2e.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser, signedInContext, seriousA11yViolations } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
});

/** Opens /service-client and the chat once the card knows the chat is open (after hydration). */
async function openChat(page: Page): Promise<Locator> {
  await page.goto("/service-client");
  const card = page.getByRole("article", { name: "Chat en direct" });
  await card.getByRole("button", { name: "Démarrer le chat" }).click({ timeout: 20_000 });
  return card;
}

/** Letters only (names refuse digits), different on each run. */
const uniqueLetters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

describe("live chat", () => {
  it("a shopper and an administrator talk in real time, then the administrator closes it", async () => {
    const firstName = `Camille${uniqueLetters()}`;
    const shopperCookie = await signUpCookie(baseURL, uniqueEmail("chat"), "Secret123!Aurore", firstName);
    const shopperContext = await signedInContext(browser, baseURL, shopperCookie);
    const adminContext = await signedInContext(browser, baseURL, adminCookie);
    try {
      const admin = await adminContext.newPage();
      const adminStream = admin.waitForResponse((res) => res.url().includes("/admin/chat/stream"), { timeout: 20_000 });
      await admin.goto("/admin/chat");
      expect((await adminStream).status()).toBe(200);
      // The page knows when the server has subscribed it (the stream's `ready` event).
      await admin.locator('[data-live="ready"]').waitFor();

      const shopper = await shopperContext.newPage();
      // The account pages' launcher opens the chat on /service-client.
      await shopper.goto("/dashboard");
      await shopper.getByRole("link", { name: "Une question ? Chat en direct" }).click();
      await shopper.waitForURL(/\/service-client\?chat=ouvert/);
      const card = shopper.getByRole("article", { name: "Chat en direct" });
      // A shopper is not asked a name or an e-mail: the account's are used.
      expect(await card.getByLabel("Nom").count()).toBe(0);
      await card.getByLabel("Votre message").fill("Bonjour, le sérum existe-t-il en 50 ml ?");
      await card.getByRole("button", { name: "Démarrer la conversation" }).click();
      const shopperLog = shopper.getByRole("log", { name: "Messages du chat" });
      await shopperLog.getByText("Bonjour, le sérum existe-t-il en 50 ml ?").waitFor();
      await shopper.getByText("En attente d'une conseillère…").waitFor();
      // Focus moves to the message field once the conversation is open.
      await expect.poll(() => shopper.evaluate(() => document.activeElement?.id)).toBe("chat-message");

      // The administrator's list shows it live, without reload.
      const nav = admin.getByRole("navigation", { name: "Conversations" });
      await nav.getByRole("button", { name: new RegExp(firstName) }).click({ timeout: 15_000 });
      const adminLog = admin.getByRole("log", { name: "Messages" });
      await adminLog.getByText("Bonjour, le sérum existe-t-il en 50 ml ?").waitFor();
      await admin.getByLabel("Votre réponse").fill("Oui, en 30 et 50 ml. <b>Je vous mets le lien</b>");
      await admin.getByRole("button", { name: "Envoyer la réponse" }).click();

      // The reply appears in the shopper's page, HTML shown as text.
      await shopperLog.getByText("Oui, en 30 et 50 ml. <b>Je vous mets le lien</b>").waitFor({ timeout: 10_000 });
      expect(await shopperLog.locator("b").count()).toBe(0);
      await shopper.getByText(/^Vous échangez avec /).waitFor();

      await card.getByLabel("Votre message").fill("Merci beaucoup !");
      await card.getByRole("button", { name: "Envoyer", exact: true }).click();
      await adminLog.getByText("Merci beaucoup !").waitFor({ timeout: 10_000 });

      await admin.getByRole("button", { name: "Terminer la conversation" }).click();
      await shopperLog.getByText("La conversation est terminée. Merci et à bientôt !").waitFor({ timeout: 10_000 });
      expect(await card.getByLabel("Votre message").count()).toBe(0);
      expect(await seriousA11yViolations(admin)).toEqual([]);
    } finally {
      await shopperContext.close();
      await adminContext.close();
    }
  });

  it("a visitor nobody answers reads a ticket number in the chat, on a phone; the ticket is in the administrator's list", async () => {
    const visitorContext = await signedInContext(browser, baseURL, null, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await visitorContext.newPage();
      const card = await openChat(page);
      const name = `Visiteur ${uniqueLetters()}`;
      // A visitor gives a name and an e-mail first; missing, they are asked in French.
      await card.getByLabel("Votre message").fill("Bonjour");
      await card.getByRole("button", { name: "Démarrer la conversation" }).click();
      await card.getByText("Le nom est obligatoire").waitFor();
      await card.getByLabel("Nom").fill(name);
      await card.getByLabel("E-mail").fill("visiteur.chat@example.com");
      await card.getByLabel("Votre message").fill("Personne pour me répondre ?");
      await card.getByRole("button", { name: "Démarrer la conversation" }).click();
      const log = page.getByRole("log", { name: "Messages du chat" });
      await log.getByText("Personne pour me répondre ?").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const converted = log.getByText(/^Nous vous répondrons par e-mail, ticket SAV-\d{4}-\d+\.$/);
      await converted.waitFor({ timeout: 45_000 });
      const ticketNumber = /SAV-\d{4}-\d+/.exec((await converted.textContent()) ?? "")![0];
      expect(await card.getByLabel("Votre message").count()).toBe(0);

      const tickets = await fetch(`${baseURL}/admin/tickets`, { headers: { cookie: adminCookie } });
      expect(await tickets.text()).toContain(ticketNumber);
    } finally {
      await visitorContext.close();
    }
  });

  it("without JavaScript the card lists the hours and offers the contact form", async () => {
    const context = await signedInContext(browser, baseURL, null, { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/service-client");
      const card = page.getByRole("article", { name: "Chat en direct" });
      expect(await card.getByText("Du lundi au vendredi").count()).toBe(1);
      expect(await card.getByText(/arrive bientôt/).count()).toBe(0);
      await card.getByRole("link", { name: "Écrivez-nous" }).click();
      await page.getByRole("heading", { name: "Écrivez-nous" }).waitFor();
      expect(page.url()).toContain("formulaire=ouvert");
    } finally {
      await context.close();
    }
  });

  it("refuses a 10,000-character message in French and never streams someone else's conversation", async () => {
    const start = (message: string, cookie?: string) =>
      fetch(`${baseURL}/chat`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseURL, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ intent: "start", name: "Test", email: "test.chat@example.com", message }),
      });
    const long = await start("x".repeat(10_000));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toBe("Le message ne doit pas dépasser 2\u202f000 caractères");

    const ok = await start("Bonjour");
    expect(ok.status).toBe(200);
    const cookie = ok.headers.getSetCookie().find((c) => c.startsWith("aurore_chat="))!;
    expect(cookie).toContain("HttpOnly");
    const own = cookie.split(";")[0];
    // No cookie, or a made-up token: no stream.
    expect((await fetch(`${baseURL}/chat/stream`)).status).toBe(404);
    expect((await fetch(`${baseURL}/chat/stream`, { headers: { cookie: `aurore_chat=${"a".repeat(43)}` } })).status).toBe(404);
    const stream = await fetch(`${baseURL}/chat/stream`, { headers: { cookie: own } });
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    // Sending without a conversation of one's own is refused.
    const send = await fetch(`${baseURL}/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ intent: "send", message: "Intrus" }),
    });
    expect(send.status).toBe(404);
    expect(((await send.json()) as { message: string }).message).toBe("Conversation introuvable");
  });
});
