import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall } from "../../support/orders-http";
import { waitForMail } from "../../support/mail";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Tickets as conversations (decision 046): the team answers in /admin/tickets/:id, the shopper
 * reads the answer (and its notification) in Support Client and answers back, which the team's
 * list flags as a new message; a resolved ticket is reopened by the shopper's answer; a security
 * report reaches the Support screen; Paramètres' shop identity shows on /service-client.
 */
const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;
const shopperEmail = uniqueEmail("ticket-thread");

function contextWith(cookie: string, width = 1280): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, { viewport: { width, height: 900 } });
}

async function openTicket(subject: string, description: string) {
  const created = await apiCall(baseURL, "POST", "/api/v1/support-tickets", shopperCookie, { subject, description, category: "product" });
  expect(created.status).toBe(201);
  return created.json.data as { id: string; ticket_number: string };
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, shopperEmail, "Secret123!Aurore", "Margot");
});

afterAll(async () => {
  await browser?.close();
});

describe("a ticket conversation", () => {
  it("the team answers, the shopper reads it and answers back, the team sees the new message", async () => {
    const ticket = await openTicket("Flacon fêlé", "Le flacon de parfum est arrivé fêlé.");
    const admin = await contextWith(adminCookie);
    const shopper = await contextWith(shopperCookie, 390);
    try {
      const page = await admin.newPage();
      await page.goto("/admin/tickets");
      const row = page.getByRole("row").filter({ hasText: ticket.ticket_number });
      expect(await row.getByText("Nouveau message").count()).toBe(1);
      await row.getByRole("link", { name: "Flacon fêlé" }).click();
      await page.getByRole("heading", { level: 1, name: "Flacon fêlé" }).waitFor();
      await waitForHydration(page);
      expect(await page.getByRole("list", { name: "Messages du ticket" }).textContent()).toContain("Le flacon de parfum est arrivé fêlé.");
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel("Note interne").fill("Lot 24B déjà signalé par le transporteur.");
      await page.getByRole("button", { name: "Ajouter la note" }).click();
      await page.getByText("Lot 24B déjà signalé par le transporteur.").waitFor();
      await page.getByLabel("Répondre au client").fill("Bonjour Margot,\nUn nouveau flacon part demain.");
      await page.getByRole("button", { name: "Envoyer la réponse" }).click();
      await page.getByText("Un nouveau flacon part demain.").waitFor();
      await waitForMail(dataDir, shopperEmail, "Un nouveau flacon part demain.");

      // The bell's notice follows the reply's domain event, written just after its commit (decision 054).
      await expect
        .poll(
          async () => {
            const notices = await apiCall(baseURL, "GET", "/api/v1/notifications", shopperCookie);
            return (notices.json.data as { title: string }[]).map((n) => n.title);
          },
          { timeout: 15_000 },
        )
        .toContain(`Réponse à votre demande ${ticket.ticket_number}`);

      const mine = await shopper.newPage();
      await mine.goto("/dashboard?tab=support");
      const item = mine.getByRole("listitem").filter({ has: mine.getByRole("heading", { name: "Flacon fêlé" }) });
      await item.getByText("Nouvelle réponse").waitFor();
      await waitForHydration(mine);
      await item.getByRole("button", { name: "Voir la conversation" }).click();
      const thread = item.getByRole("list", { name: `Conversation du ticket ${ticket.ticket_number}` });
      await thread.getByText("Un nouveau flacon part demain.").waitFor();
      expect(await thread.textContent()).not.toContain("Lot 24B");
      await expect.poll(() => item.getByText("Nouvelle réponse").count()).toBe(0);
      await item.getByLabel("Votre réponse").fill("Merci beaucoup !");
      await item.getByRole("button", { name: "Envoyer ma réponse" }).click();
      await thread.getByText("Merci beaucoup !").waitFor();
      expect(await mine.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.goto("/admin/tickets");
      const again = page.getByRole("row").filter({ hasText: ticket.ticket_number });
      expect(await again.getByText("Nouveau message").count()).toBe(1);
    } finally {
      await admin.close();
      await shopper.close();
    }
  });

  it("reopens a resolved ticket when the shopper answers, and refuses someone else's ticket", async () => {
    const ticket = await openTicket("Échantillon manquant", "Il manquait l'échantillon promis.");
    const admin = await contextWith(adminCookie);
    try {
      const page = await admin.newPage();
      await page.goto(`/admin/tickets/${ticket.id}`);
      await waitForHydration(page);
      await page.getByRole("combobox", { name: `Statut du ticket ${ticket.ticket_number}` }).selectOption("resolved");
      await expect
        .poll(async () => (await apiCall(baseURL, "GET", `/api/v1/support-tickets/${ticket.id}`, shopperCookie)).json.data.status)
        .toBe("resolved");
    } finally {
      await admin.close();
    }
    const reply = await apiCall(baseURL, "POST", `/api/v1/support-tickets/${ticket.id}/messages`, shopperCookie, {
      body: "Toujours rien.",
    });
    expect(reply.status).toBe(201);
    expect(reply.json.data.ticket.status).toBe("open");

    const stranger = await signUpCookie(baseURL, uniqueEmail("ticket-stranger"), "Secret123!Aurore", "Paul");
    const refused = await apiCall(baseURL, "POST", `/api/v1/support-tickets/${ticket.id}/messages`, stranger, { body: "Intrusion" });
    expect(refused.status).toBe(404);
    expect(refused.json.error.message).toBe("Ticket introuvable");
    const thread = await apiCall(baseURL, "GET", `/api/v1/support-tickets/${ticket.id}/messages`, shopperCookie);
    expect((thread.json.data.messages as { body: string }[]).map((m) => m.body)).toEqual([
      "Il manquait l'échantillon promis.",
      "Toujours rien.",
    ]);
  });
});

describe("security reports", () => {
  it("a shopper's report appears in Signalements de sécurité with its ticket", async () => {
    const shopper = await contextWith(shopperCookie);
    try {
      const page = await shopper.newPage();
      await page.goto("/dashboard?tab=security");
      await page.getByRole("heading", { name: "Sécurité du Compte" }).waitFor();
      await waitForHydration(page);
      await page.getByRole("button", { name: "Signaler un problème de sécurité" }).click();
      const dialog = page.getByRole("dialog", { name: "Signaler un problème de sécurité" });
      await dialog.getByLabel("Type de problème").selectOption("phishing_attempt");
      await dialog.getByLabel("Description").fill("Un faux e-mail Aurore me demande mon mot de passe.");
      await dialog.getByRole("button", { name: "Envoyer le rapport" }).click();
      await dialog.getByText("Notre équipe vous répond dans l'onglet Support Client.").waitFor();
    } finally {
      await shopper.close();
    }
    const admin = await contextWith(adminCookie);
    try {
      const page = await admin.newPage();
      await page.goto("/admin/tickets");
      await page.getByRole("link", { name: "Signalements de sécurité" }).click();
      await page.getByRole("heading", { level: 1, name: "Signalements de sécurité" }).waitFor();
      const row = page.getByRole("row").filter({ hasText: "Un faux e-mail Aurore me demande mon mot de passe." });
      expect(await row.count()).toBe(1);
      expect(await row.textContent()).toContain("Ouvert");
      expect(await seriousA11yViolations(page)).toEqual([]);
      await row.getByRole("link", { name: "Répondre dans le ticket" }).click();
      await page.getByRole("heading", { level: 1, name: /Signalement de sécurité/ }).waitFor();
    } finally {
      await admin.close();
    }
  });
});

describe("Paramètres: shop identity", () => {
  it("a new phone number shows on /service-client, and a bad e-mail is refused by its field", async () => {
    const admin = await contextWith(adminCookie);
    const page = await admin.newPage();
    const phone = page.getByLabel("Téléphone du service client");
    let original = "";
    try {
      await page.goto("/admin/parametres");
      await page.getByRole("heading", { name: "Identité de la boutique" }).waitFor();
      await waitForHydration(page);
      original = await phone.inputValue();
      const email = page.getByLabel("E-mail du contact sécurité");
      await email.fill("pas-un-email");
      await page.getByRole("button", { name: "Enregistrer l'identité" }).click();
      await page.getByText("Adresse e-mail invalide").waitFor();
      expect(await email.getAttribute("aria-invalid")).toBe("true");
      await email.fill("securite@aurore-beaute.fr");
      await phone.fill("01 98 76 54 32");
      await page.getByRole("button", { name: "Enregistrer l'identité" }).click();
      await page.getByText("Identité de la boutique enregistrée").waitFor();

      const visitor = await browser.newContext({ baseURL });
      try {
        const info = await visitor.newPage();
        await expect
          .poll(
            async () => {
              await info.goto("/service-client");
              return info.getByRole("link", { name: "01 98 76 54 32" }).count();
            },
            { timeout: 20_000, interval: 1_000 },
          )
          .toBe(1);
        expect(await info.getByRole("link", { name: "01 98 76 54 32" }).getAttribute("href")).toBe("tel:+33198765432");
      } finally {
        await visitor.close();
      }
    } finally {
      if (original) {
        await page.goto("/admin/parametres");
        await waitForHydration(page);
        await phone.fill(original);
        await page.getByRole("button", { name: "Enregistrer l'identité" }).click();
        await page.getByText("Identité de la boutique enregistrée").waitFor();
      }
      await admin.close();
    }
  });
});
