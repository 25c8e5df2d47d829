import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { placeOrderOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";
import { deleteWebhookEndpointsTo } from "../../support/webhook-endpoints";

/**
 * Paramètres > Webhooks (decision 050): the administrator registers a local receiver (the e2e
 * server runs with WEBHOOK_ALLOW_PRIVATE=true and 500 ms retries), a shopper's order reaches it
 * signed, the receiver's first 500 is retried, the delivery log shows both attempts, 'Renvoyer'
 * sends it again, and a deactivated endpoint receives nothing more.
 */
const baseURL = e2eShop().baseURL;
let browser: Browser;
let adminCookie: string;
let context: BrowserContext;
let page: Page;

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; status: number };
const received: Received[] = [];
/** Event ids already answered with 500 once: the first delivery of each fails. */
const failedOnce = new Set<string>();
let receiver: http.Server;
let receiverUrl: string;

/** What a receiver's verification does, with nothing from the shop's code. */
function verifies(secret: string, header: string | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${body}`).digest("hex");
  return expected === match[2] && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
}

/** What the endpoint under test (the receiver's own path) received for an order. */
const ofOrder = (orderId: string, at = new URL(receiverUrl).pathname) =>
  received.filter((r) => r.path === at && JSON.parse(r.body).data?.id === orderId);

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const id = String(req.headers["aurore-event-id"]);
      const status = failedOnce.has(id) ? 200 : 500;
      failedOnce.add(id);
      received.push({ path: req.url ?? "", headers: req.headers, body, status });
      res.statusCode = status;
      res.end(status === 200 ? "ok" : "indisponible");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/aurore`;
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

afterAll(async () => {
  if (adminCookie && receiverUrl) await deleteWebhookEndpointsTo(baseURL, adminCookie, new URL(receiverUrl).origin);
  await context?.close();
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("Paramètres > Webhooks", () => {
  it("refuses a shopper and a visitor", async () => {
    const shopper = await signUpCookie(baseURL, uniqueEmail("webhooks"));
    const post = (cookie: string | null) =>
      fetch(`${baseURL}/admin/parametres/webhooks`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams({ intent: "create", url: receiverUrl, events: "order.created", active: "on" }).toString(),
      });
    expect((await post(shopper)).status).toBe(403);
    expect([302, 303, 401]).toContain((await post(null)).status);
    expect((await fetch(`${baseURL}/admin/parametres/webhooks`, { headers: { cookie: shopper }, redirect: "manual" })).status).toBe(403);
    expect(received).toHaveLength(0);
  });

  it("creates an endpoint, delivers a signed order.created after a 500, shows both attempts, resends, then is deactivated", async () => {
    await page.goto("/admin/parametres");
    await page.getByRole("link", { name: "Gérer les webhooks" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Webhooks");
    await waitForHydration(page);

    // Only http(s): an ftp:// address is refused with its French message.
    const url = page.getByLabel("URL de destination");
    await url.fill("ftp://hooks.example.com/aurore");
    await page.getByRole("checkbox", { name: /Commande créée/ }).check();
    await page.getByRole("button", { name: "Ajouter le webhook" }).click();
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toContain("Seules les adresses http:// ou https:// sont acceptées");

    await page.getByLabel("URL de destination").fill(receiverUrl);
    await page.getByLabel("Description").fill("Logistique");
    await page.getByRole("button", { name: "Ajouter le webhook" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain(`Webhook ${receiverUrl} créé`);
    const secret = (await page.getByLabel("Secret de signature").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(
      await page
        .getByRole("row", { name: new RegExp(receiverUrl) })
        .getByRole("cell")
        .nth(2)
        .textContent(),
    ).toBe("Actif");

    // A shopper's checkout over the API: the event is written with the order, delivered by the worker.
    const shopper = await signUpCookie(baseURL, uniqueEmail("webhook-order"));
    const order = await placeOrderOverHttp(baseURL, shopper);
    await expect.poll(() => ofOrder(order.id).map((r) => r.status), { timeout: 20_000 }).toEqual([500, 200]);
    const [first, second] = ofOrder(order.id);
    const event = JSON.parse(second.body);
    expect(event).toMatchObject({ type: "order.created", resource_id: order.id, data: { id: order.id, status: "pending" } });
    expect(second.headers["aurore-event-id"]).toBe(event.id);
    expect(first.body).toBe(second.body);
    expect(verifies(secret, second.headers["aurore-signature"] as string, second.body)).toBe(true);
    expect(verifies("whsec_wrong", second.headers["aurore-signature"] as string, second.body)).toBe(false);

    // The delivery log: delivered, with the 500 and the 200.
    await page.getByRole("link", { name: `Gérer ${receiverUrl}` }).click();
    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Journal des envois" }).count()).toBe(1);
    const row = page.getByRole("row").filter({ hasText: "order.created" }).first();
    await expect.poll(() => row.getByRole("cell").nth(1).textContent(), { timeout: 10_000 }).toBe("Livré");
    const attempts = await row.getByRole("listitem").allTextContents();
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatch(/HTTP 500, \d+ ms/);
    expect(attempts[1]).toMatch(/HTTP 200, \d+ ms/);

    // 'Renvoyer': the same event again, same id and body.
    await row.getByRole("button", { name: "Renvoyer" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain("Événement renvoyé");
    await expect.poll(() => ofOrder(order.id).length, { timeout: 15_000 }).toBe(3);
    expect(JSON.parse(ofOrder(order.id)[2].body).id).toBe(event.id);
    await page.reload();
    await expect
      .poll(async () => page.getByRole("row").filter({ hasText: "order.created" }).first().getByRole("listitem").count(), {
        timeout: 10_000,
      })
      .toBe(3);

    // Edit: one more event type and a new description.
    await page.getByRole("checkbox", { name: /Statut de commande modifié/ }).check();
    await page.getByLabel("Description").fill("Logistique et ERP");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain(`Webhook ${receiverUrl} enregistré`);
    await page.reload();
    expect(await page.getByRole("checkbox", { name: /Statut de commande modifié/ }).isChecked()).toBe(true);
    expect(await page.getByLabel("Description").inputValue()).toBe("Logistique et ERP");

    // Deactivate: the next order reaches nobody.
    await page.getByRole("button", { name: "Désactiver" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toContain(`Webhook ${receiverUrl} désactivé`);
    await expect.poll(() => page.getByText("État : Désactivé").count()).toBe(1);
    // A witness endpoint, active, on another path: once it has the next order's event, the
    // worker has delivered that event to every active endpoint, and the deactivated one had none.
    const witnessPath = `${new URL(receiverUrl).pathname}/temoin-${Date.now().toString(36)}`;
    const witness = await fetch(`${baseURL}/api/v1/admin/webhooks`, {
      method: "POST",
      headers: { origin: baseURL, cookie: adminCookie, "content-type": "application/json" },
      body: JSON.stringify({ url: new URL(witnessPath, receiverUrl).href, events: ["order.created"], description: "Témoin" }),
    });
    expect(witness.status).toBe(201);
    const witnessId = ((await witness.json()) as { id: string }).id;
    try {
      const later = await placeOrderOverHttp(baseURL, shopper);
      await expect.poll(() => ofOrder(later.id, witnessPath).length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(ofOrder(later.id)).toHaveLength(0);
    } finally {
      await fetch(`${baseURL}/api/v1/admin/webhooks/${witnessId}`, { method: "DELETE", headers: { origin: baseURL, cookie: adminCookie } });
    }
  });

  it("deletes an endpoint from its page after a confirmation, as the API's DELETE does, and logs it", async () => {
    // An endpoint of its own, inactive, so no other journey's events reach it.
    const url = `${receiverUrl}/a-supprimer-${Date.now().toString(36)}`;
    const created = await fetch(`${baseURL}/admin/parametres/webhooks`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: baseURL, cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", url, events: "review.created", description: "À supprimer" }).toString(),
    });
    expect(created.status).toBe(200);
    const own = await context.newPage();
    try {
      await own.goto("/admin/parametres/webhooks");
      await own.getByRole("link", { name: `Gérer ${url}` }).click();
      await expect.poll(() => own.getByRole("heading", { level: 1 }).textContent()).toBe(url);
      await waitForHydration(own);
      const endpointPath = new URL(own.url()).pathname;

      // 'Annuler' keeps it; the focus starts on 'Annuler', so Enter cannot delete by accident.
      await own.getByRole("button", { name: "Supprimer", exact: true }).click();
      const dialog = own.getByRole("dialog", { name: "Supprimer le webhook" });
      expect(await dialog.getByText("Êtes-vous sûr de vouloir supprimer ce webhook ?").count()).toBe(1);
      expect(await dialog.getByText(url).count()).toBe(1);
      await expect.poll(() => dialog.getByRole("button", { name: "Annuler" }).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await seriousA11yViolations(own)).toEqual([]);
      await own.keyboard.press("Enter");
      await expect.poll(() => dialog.count()).toBe(0);
      expect(new URL(own.url()).pathname).toBe(endpointPath);

      // Confirmed: back on the list, which says so and no longer shows it.
      await own.getByRole("button", { name: "Supprimer", exact: true }).click();
      await dialog.getByRole("button", { name: "Supprimer le webhook" }).click();
      await own.waitForURL((u) => u.pathname === "/admin/parametres/webhooks");
      await expect.poll(() => own.getByRole("status").filter({ hasText: "Webhook supprimé" }).count()).toBe(1);
      expect(await own.getByRole("link", { name: `Gérer ${url}` }).count()).toBe(0);
      expect((await fetch(`${baseURL}${endpointPath}`, { headers: { cookie: adminCookie }, redirect: "manual" })).status).toBe(404);
      // The same service as the API's DELETE: the API no longer knows it either.
      const id = endpointPath.split("/").pop();
      expect((await fetch(`${baseURL}/api/v1/admin/webhooks/${id}`, { headers: { cookie: adminCookie } })).status).toBe(404);

      // A second delete (another tab, an old page): a French refusal, not an error page.
      const again = await fetch(`${baseURL}${endpointPath}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: baseURL, cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
        body: "intent=delete",
      });
      expect(again.status).toBe(404);
      // A shopper cannot delete one (403).
      const shopper = await signUpCookie(baseURL, uniqueEmail("webhook-delete"));
      const refused = await fetch(`${baseURL}${endpointPath}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: baseURL, cookie: shopper, "content-type": "application/x-www-form-urlencoded" },
        body: "intent=delete",
      });
      expect(refused.status).toBe(403);

      // The Journal d'activité has the deletion under the administrator's name.
      await own.goto(`/admin/activity?type=webhook&action=webhook.delete&id=${id}`);
      const row = own
        .getByRole("region", { name: "Journal d'activité" })
        .getByRole("row")
        .filter({ hasText: `Webhook ${url} supprimé` });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain(E2E_ADMIN.email);
    } finally {
      await own.close();
    }
  });
});
