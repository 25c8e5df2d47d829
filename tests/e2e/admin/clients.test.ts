import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, newShopContext, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, placeOrderOverHttp } from "../../support/orders-http";
import { waitForMail } from "../../support/mail";
import { e2eShop } from "../../support/e2e-shop";

/**
 * Gestion des Clients as the administrator: a new shopper with an order is found, shown active,
 * exported (whole list and selection), then deleted: signed out, order kept and anonymised.
 */
const baseURL = e2eShop().baseURL;
const dataDir = e2eShop().dataDir;
let browser: Browser;
let adminCookie: string;
let shopperCookie: string;
let shopperEmail: string;
let order: { id: string };

function contextWith(cookie: string): Promise<BrowserContext> {
  return signedInContext(browser, baseURL, cookie, { viewport: { width: 1440, height: 900 } });
}

const hydrated = waitForHydration;

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperEmail = uniqueEmail("admin-clients");
  shopperCookie = await signUpCookie(baseURL, shopperEmail, "Secret123!Aurore", "Capucine");
  order = (await placeOrderOverHttp(baseURL, shopperCookie)) as { id: string };
});

afterAll(async () => {
  await browser?.close();
});

describe("Gestion des Clients", () => {
  it("finds, exports and deletes a client; the order stays, the client is signed out", async () => {
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto("/admin/clients");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Gestion des Clients");
      await hydrated(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const stats = page.getByRole("list", { name: "Statistiques clients" });
      for (const label of ["Total clients", "Clients actifs", "Commandes totales", "Chiffre d'affaires clients", "Points fidélité"]) {
        expect(await stats.getByText(label, { exact: true }).count()).toBe(1);
      }

      await page.getByRole("searchbox", { name: "Rechercher" }).fill(shopperEmail);
      await page.getByRole("button", { name: "Rechercher", exact: true }).click();
      await page.waitForURL(/search=/);
      const row = page.getByRole("row").filter({ hasText: shopperEmail });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator("[data-status]").textContent()).toBe("Actif");
      expect(await row.textContent()).toContain("Capucine");

      // Whole-list export with the current search: BOM and the spec's columns.
      const exportHref = await page.getByRole("link", { name: "Exporter CSV" }).getAttribute("href");
      const csv = await fetch(`${baseURL}${exportHref}`, { headers: { cookie: adminCookie } });
      expect(csv.headers.get("content-disposition")).toMatch(/filename="clients_\d{4}-\d{2}-\d{2}\.csv"/);
      const bytes = new Uint8Array(await csv.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder().decode(bytes.slice(3)).trim().split("\r\n");
      expect(lines[0]).toBe(
        "Prénom;Nom;Email;Téléphone;Date d'inscription;Dernière connexion;Dernière commande;Commandes;Total dépensé;Points fidélité;Statut",
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`;${shopperEmail};`);
      expect(lines[1].endsWith(";Actif")).toBe(true);

      // Selection bar: Exporter sélection links to the chosen rows.
      await row.getByRole("checkbox").check();
      const selection = page.getByRole("region", { name: "Sélection" });
      await expect.poll(() => selection.getByText("1 client sélectionné").count()).toBe(1);
      const selectionHref = await selection.getByRole("link", { name: "Exporter sélection" }).getAttribute("href");
      const chosen = await fetch(`${baseURL}${selectionHref}`, { headers: { cookie: adminCookie } });
      expect((await chosen.text()).trim().split("\r\n")).toHaveLength(2);

      // The shopper was just seen (the server remembers sessions a few seconds, decision 019).
      expect((await apiCall(baseURL, "GET", "/api/v1/me", shopperCookie)).status).toBe(200);
      // Delete with the spec's confirmation.
      await row.getByRole("button", { name: /^Supprimer / }).click();
      const dialog = page.getByRole("dialog", { name: "Supprimer le client" });
      expect(await dialog.getByText("Êtes-vous sûr de vouloir supprimer ce client ?").count()).toBe(1);
      await dialog.getByRole("button", { name: "Supprimer", exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => page.getByText("Aucun client ne correspond à votre recherche.").count()).toBe(1);

      expect((await apiCall(baseURL, "GET", "/api/v1/me", shopperCookie)).status).toBe(401);
      const kept = await apiCall(baseURL, "GET", `/api/v1/admin/orders/${order.id}`, adminCookie);
      expect(kept.status).toBe(200);
      expect(JSON.stringify(kept.json)).not.toContain(shopperEmail);
    } finally {
      await context.close();
    }
  });

  it("views a client, edits their phone, sends them an e-mail, and creates a new client who sets a password", async () => {
    const email = uniqueEmail("admin-client-view");
    await signUpCookie(baseURL, email, "Secret123!Aurore", "Margaux");
    const context = await contextWith(adminCookie);
    const page = await context.newPage();
    try {
      await page.goto(`/admin/clients?search=${encodeURIComponent(email)}`);
      await hydrated(page);
      const row = page.getByRole("row").filter({ hasText: email });
      await row.getByRole("link", { name: "Voir Margaux" }).click();
      await page.waitForURL(/\/admin\/clients\/[^/?]+$/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Margaux");
      const profile = page.getByRole("region", { name: "Profil" });
      expect(await profile.getByText(email).count()).toBe(1);
      expect(await profile.getByText("Téléphone non renseigné").count()).toBe(1);
      expect(await page.getByRole("region", { name: "Beauty Pass" }).getByText("Beauty Lover").count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Modifier: a bad phone is refused in French, a good one is saved and shown.
      await page.getByRole("button", { name: "Modifier" }).click();
      const edit = page.getByRole("dialog", { name: "Modifier le client" });
      await edit.getByLabel("Téléphone").fill("abc");
      await edit.getByRole("button", { name: "Enregistrer" }).click();
      await expect.poll(() => edit.getByText("Format de téléphone invalide").count()).toBe(1);
      await edit.getByLabel("Téléphone").fill("06 98 76 54 32");
      await edit.getByRole("button", { name: "Enregistrer" }).click();
      await expect.poll(() => edit.count()).toBe(0);
      await expect.poll(() => profile.getByText("06 98 76 54 32").count()).toBe(1);
      await page.reload();
      await expect.poll(() => page.getByRole("region", { name: "Profil" }).getByText("06 98 76 54 32").count()).toBe(1);
      await hydrated(page);

      // Envoyer email: through the outbox, the message lands in the mail folder.
      await page.getByRole("button", { name: "Envoyer email" }).click();
      const mail = page.getByRole("dialog", { name: "Envoyer un email" });
      await mail.getByRole("button", { name: "Envoyer" }).click();
      await expect.poll(() => mail.getByText("L'objet est obligatoire").count()).toBe(1);
      await mail.getByLabel("Objet").fill("Votre commande du mois");
      await mail.getByLabel("Message").fill("Bonjour Margaux,\nVotre colis est prêt à partir.");
      await mail.getByRole("button", { name: "Envoyer" }).click();
      await expect.poll(() => mail.count()).toBe(0);
      const sent = await waitForMail(dataDir, email, "Votre colis est prêt à partir.");
      expect(sent).toContain("Subject: Votre commande du mois");

      // Nouveau Client: created, invited by mail; the link sets the password; a duplicate is refused.
      const newEmail = uniqueEmail("admin-client-new");
      await page.goto("/admin/clients");
      await hydrated(page);
      await page.getByRole("button", { name: "Nouveau Client" }).click();
      const create = page.getByRole("dialog", { name: "Nouveau client" });
      await create.getByLabel("Email").fill(newEmail);
      await create.getByLabel("Prénom").fill("Solène");
      await create.getByLabel("Téléphone").fill("0601020304");
      await create.getByRole("button", { name: "Créer" }).click();
      await page.waitForURL(/\/admin\/clients\/[^/?]+$/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Solène");
      expect(await page.getByText("En attente (invitation envoyée)").count()).toBe(1);

      const invitation = await waitForMail(dataDir, newEmail, "/definir-mot-de-passe?token=");
      const link = invitation.match(/https?:\/\/\S+\/definir-mot-de-passe\?token=\S+/)![0];
      const visitor = await newShopContext(browser, baseURL);
      const setPage = await visitor.newPage();
      try {
        await setPage.goto(new URL(link).pathname + new URL(link).search);
        await expect.poll(() => setPage.getByRole("heading", { level: 1 }).textContent()).toBe("Définir votre mot de passe");
        await setPage.getByLabel("Nouveau mot de passe").fill("Solene-2031!");
        await setPage.getByLabel("Confirmer le mot de passe").fill("Solene-2031!");
        await setPage.getByRole("button", { name: "Définir le mot de passe" }).click();
        await expect.poll(() => setPage.getByText("Votre mot de passe est défini. Vous pouvez maintenant vous connecter.").count()).toBe(1);
      } finally {
        await visitor.close();
      }
      expect(await signInCookie(baseURL, newEmail, "Solene-2031!")).toContain("session_token");

      await page.goto("/admin/clients");
      await hydrated(page);
      await page.getByRole("button", { name: "Nouveau Client" }).click();
      await create.getByLabel("Email").fill(newEmail.toUpperCase());
      await create.getByLabel("Prénom").fill("Doublon");
      await create.getByRole("button", { name: "Créer" }).click();
      await expect.poll(() => create.getByText("Un compte existe déjà avec cette adresse e-mail").count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("refuses the export and the delete to a shopper", async () => {
    const other = await signUpCookie(baseURL, uniqueEmail("admin-clients-intruder"), "Secret123!Aurore", "Intrus");
    expect((await fetch(`${baseURL}/admin/clients/export`, { headers: { cookie: other }, redirect: "manual" })).status).toBe(403);
    const res = await fetch(`${baseURL}/admin/clients`, {
      method: "POST",
      headers: { cookie: other, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete", clientId: "whoever" }),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    const page = await fetch(`${baseURL}/admin/clients/${encodeURIComponent("whoever")}`, {
      headers: { cookie: other },
      redirect: "manual",
    });
    expect(page.status).toBe(403);
    const create = await fetch(`${baseURL}/admin/clients`, {
      method: "POST",
      headers: { cookie: other, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", email: uniqueEmail("intruder-made"), firstName: "Intrus" }),
      redirect: "manual",
    });
    expect(create.status).toBe(403);
  });
});
