/**
 * The team's journey (decision 066), in real browsers: the owner sets the refund limit and invites
 * a customer-service agent; the agent opens the mailed link, creates the account and enrols in
 * two-factor before seeing anything; the agent receives and refunds a return under the limit, is
 * refused one above it, and cannot open Paramètres; the owner disables the agent, and the page the
 * agent still has open is refused at its next request.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { HTTP_ADDRESS, HTTP_CARD, HTTP_CONTACT, apiCall } from "../../support/orders-http";
import { waitForMail } from "../../support/mail";
import { totp } from "../../support/totp";
import { e2eShop } from "../../support/e2e-shop";
import { centsAsInputText, formatPrice } from "~/lib/money";
import { refundOverLimitMessage, missingPermissionMessage } from "~/domain/staff/staff-messages";

type Json = Record<string, any>;
const { baseURL, dataDir } = e2eShop();
const PASSWORD = "Service-Client-2026!";
const run = randomUUID().slice(0, 6);

let browser: Browser;
let owner: string;

/** A delivered order of one product, and its return requested by the shopper: the return's number. */
async function requestedReturn(shopper: string, product: Json): Promise<string> {
  const address = await apiCall(baseURL, "POST", "/api/v1/addresses", shopper, HTTP_ADDRESS);
  const placed = await apiCall(
    baseURL,
    "POST",
    "/api/v1/orders",
    shopper,
    { address_id: address.json.data.id, contact: HTTP_CONTACT, card: HTTP_CARD, lines: [{ product_id: product.id, quantity: 1 }] },
    { "idempotency-key": randomUUID() },
  );
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  for (const status of ["shipped", "delivered"]) {
    const changed = await apiCall(baseURL, "POST", "/api/v1/admin/order-status", owner, { order_id: placed.json.data.id, status });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
  }
  const asked = await apiCall(baseURL, "POST", `/api/v1/orders/${placed.json.data.id}/returns`, shopper, {
    lines: [{ order_item_id: placed.json.data.items[0].id, quantity: 1 }],
    reason: "changed_mind",
    confirm_unopened: true,
  });
  expect(asked.status, JSON.stringify(asked.json)).toBe(201);
  return asked.json.data.number as string;
}

/** Opens a requested return's reception dialog on the Retours page and accepts its line. */
async function receive(page: Page, number: string) {
  await page.goto("/admin/retours?status=requested");
  await waitForHydration(page);
  const card = page.getByRole("article", { name: `Retour ${number}` });
  await card.getByRole("button", { name: `Réceptionner le retour ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: `Réceptionner le retour ${number}` });
  await dialog.waitFor();
  await dialog.getByRole("radio", { name: "Accepté" }).check();
  await dialog.getByRole("button", { name: "Valider la réception" }).click();
  return dialog;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
});

describe("a customer-service agent joins, refunds within the limit, and is disabled", () => {
  it("invite, enrol, refund under the limit, refused above it and from Paramètres, disabled mid-page", async () => {
    // Two in-stock products whose prices lie either side of the limit set below.
    const list = await apiCall(baseURL, "GET", "/api/v1/products?sort=price_asc&page_size=60", null);
    const single = (list.json.data as Json[]).filter((p) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= 5);
    const cheap = single[0];
    const dear = single.findLast((p) => p.price_cents > cheap.price_cents + 200)!;
    expect(dear).toBeDefined();
    const limitCents = cheap.price_cents + 100;
    const shopper = await signUpCookie(baseURL, uniqueEmail("retour-agent"), "Secret123!Aurore", "Alice");
    const underLimit = await requestedReturn(shopper, cheap);
    const overLimit = await requestedReturn(shopper, dear);

    const ownerContext = await signedInContext(browser, baseURL, owner);
    const ownerPage = await ownerContext.newPage();
    const agentContext = await signedInContext(browser, baseURL, null);
    const agent = await agentContext.newPage();
    let limitBefore = "";
    try {
      // The owner: the refund limit, then the invitation.
      await ownerPage.goto("/admin/parametres/equipe");
      await waitForHydration(ownerPage);
      const limitField = ownerPage.getByLabel("Limite par remboursement (€)");
      limitBefore = await limitField.inputValue();
      await limitField.fill(centsAsInputText(limitCents));
      await ownerPage.getByRole("button", { name: /Enregistrer la limite/ }).click();
      await ownerPage.getByText(/Limite de remboursement enregistrée/).waitFor();
      const email = uniqueEmail(`agent-${run}`);
      await ownerPage.getByLabel("Adresse e-mail professionnelle").fill(email);
      await ownerPage.getByRole("combobox", { name: "Rôle", exact: true }).selectOption({ label: "Service client" });
      await ownerPage.getByRole("button", { name: "Inviter", exact: true }).click();
      await ownerPage.getByText(`Invitation envoyée à ${email}`).waitFor();

      // The agent: the mailed link, the account, two-factor before anything else.
      const mail = await waitForMail(dataDir, email, "/admin/invitation?token=");
      const link = new URL(/(http[^\s"<>]+\/admin\/invitation\?token=[\w%-]+)/.exec(mail)![1]);
      await agent.goto(link.pathname + link.search);
      await waitForHydration(agent);
      await agent.getByLabel("Prénom").fill("Chloé");
      await agent.getByLabel(/^Nom/).fill(`Agent ${run}`);
      await agent.getByLabel(/^Mot de passe/).fill(PASSWORD);
      await agent.getByLabel("Confirmation du mot de passe").fill(PASSWORD);
      await agent.getByRole("button", { name: "Créer mon compte" }).click();
      await agent.waitForURL((url) => url.pathname === "/admin/double-authentification");
      await waitForHydration(agent);
      await agent.getByRole("heading", { level: 1, name: "Activez la double authentification" }).waitFor();
      await agent.getByLabel("Mot de passe").fill(PASSWORD);
      await agent.getByRole("button", { name: "Commencer l'activation" }).click();
      const secret = await agent.getByLabel("Clé de configuration").inputValue();
      await agent.getByLabel("Code de l'application d'authentification").fill(totp(secret));
      await agent.getByRole("button", { name: "Activer la double authentification" }).click();
      // Customer service has no dashboard: the back-office opens on its first page.
      await agent.waitForURL((url) => url.pathname.startsWith("/admin/") && url.pathname !== "/admin/double-authentification");
      await agent.getByRole("navigation").getByRole("link", { name: "Retours" }).first().waitFor();
      expect(await agent.getByRole("navigation").getByRole("link", { name: "Paramètres" }).count()).toBe(0);

      // A return under the limit is received and refunded.
      const first = await receive(agent, underLimit);
      await first.waitFor({ state: "hidden" });
      await agent.goto("/admin/retours?status=refunded");
      await agent
        .getByRole("article", { name: `Retour ${underLimit}` })
        .getByText(/^Remboursé \d/)
        .waitFor();

      // One above it is refused, naming the limit, and stays to be received.
      const second = await receive(agent, overLimit);
      await second.getByText(refundOverLimitMessage(formatPrice(limitCents))).waitFor();
      await agent.goto("/admin/retours?status=requested");
      await agent.getByRole("article", { name: `Retour ${overLimit}` }).waitFor();

      // Paramètres is not the agent's: the 403 page names the missing permission.
      const settings = await agent.goto("/admin/parametres");
      expect(settings?.status()).toBe(403);
      await agent.getByText(missingPermissionMessage("settings.read")).waitFor();

      // The owner disables the agent while the agent's Retours page is open.
      await agent.goto("/admin/retours");
      await waitForHydration(agent);
      await ownerPage.reload();
      await waitForHydration(ownerPage);
      const name = `Chloé Agent ${run}`;
      await ownerPage.getByRole("button", { name: `Désactiver ${name}` }).click();
      const confirm = ownerPage.getByRole("dialog", { name: `Désactiver ${name}` });
      await confirm.getByRole("button", { name: "Désactiver le compte" }).click();
      await confirm.waitFor({ state: "hidden" });
      // The agent's next request, a click in the open page, is refused: back to the sign-in page.
      await agent.getByRole("navigation").getByRole("link", { name: "Commandes" }).first().click();
      await agent.waitForURL((url) => url.pathname === "/admin/connexion");
    } finally {
      if (limitBefore) {
        await ownerPage.goto("/admin/parametres/equipe");
        await waitForHydration(ownerPage);
        await ownerPage.getByLabel("Limite par remboursement (€)").fill(limitBefore);
        await ownerPage.getByRole("button", { name: /Enregistrer la limite/ }).click();
        await ownerPage.getByText(/Limite de remboursement enregistrée/).waitFor();
      }
      await ownerContext.close();
      await agentContext.close();
    }
  });
});
