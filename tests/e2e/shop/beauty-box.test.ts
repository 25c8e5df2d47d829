/**
 * The Beauty Box over HTTP (docs/decisions/071-beauty-box.md): the offer and its legal
 * information, subscribing (refused without a saved card), skipping a month and cancelling in two
 * steps, another shopper's subscription answered 404, and the back-office page's permission.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, seriousA11yViolations, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { e2eShop } from "../../support/e2e-shop";
import { byRole, fetchPage, headings, links, occurrences } from "../../support/html-page";
import { signUpCookie } from "../../support/http-session";
import { apiCall, HTTP_ADDRESS, HTTP_CARD } from "../../support/orders-http";
import { staffCookie } from "../../support/staff";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

const baseURL = e2eShop().baseURL;
let alice: string;
let bob: string;
let aliceAddress: string;

/** What a page's form posts, answered as route data (turbo-stream text). */
async function post(path: string, cookie: string | null, body: Record<string, string>) {
  const res = await fetch(`${baseURL}${path}.data`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(body),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([signUpCookie(baseURL, uniqueEmail("box-a")), signUpCookie(baseURL, uniqueEmail("box-b"))]);
  const address = await apiCall(baseURL, "POST", "/api/v1/addresses", alice, HTTP_ADDRESS);
  expect(address.status).toBe(201);
  aliceAddress = address.json.data.id;
});

describe("/beauty-box", () => {
  it("shows a visitor the price, the legal information and how to sign in", async () => {
    const page = await fetchPage(baseURL, "/beauty-box");
    expect(page.status).toBe(200);
    expect(headings(page.main, 1, "La Beauty Box")).toHaveLength(1);
    expect(occurrences(page.main, "29,90 € / mois")).toBe(1);
    expect(headings(page.main, 2, "Avant de vous abonner")).toHaveLength(1);
    expect(occurrences(page.main, /en quelques clics/)).toBe(1);
    expect(occurrences(page.main, /Rétractation : 14 jours/)).toBe(1);
    expect(occurrences(page.main, "Connectez-vous ou créez un compte pour vous abonner.")).toBe(1);
  });

  it("refuses a subscription without a saved card, in French, and links to Moyens de paiement", async () => {
    const page = await fetchPage(baseURL, "/beauty-box", { cookie: alice });
    expect(links(page.main, "Ajouter une carte dans Moyens de paiement")[0]?.getAttribute("href")).toBe("/dashboard?tab=payment");
    const answer = await post("/beauty-box", alice, { intent: "subscribe", address_id: aliceAddress, accept_terms: "on" });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("box_no_saved_card");
    expect(answer.text).toContain(ACCOUNT_MESSAGES.boxNoSavedCard);
  });

  it("subscribes, skips a month, refuses another shopper, then cancels in two steps", async () => {
    const card = await apiCall(baseURL, "POST", "/api/v1/payment-methods", alice, { ...HTTP_CARD, cvc: undefined });
    expect(card.status).toBe(201);
    const subscribed = await post("/beauty-box", alice, {
      intent: "subscribe",
      payment_method_id: card.json.data.id,
      address_id: aliceAddress,
      accept_terms: "on",
    });
    expect(subscribed.text).toContain("/ma-beauty-box");

    let mine = await fetchPage(baseURL, "/ma-beauty-box", { cookie: alice });
    expect(mine.status).toBe(200);
    expect(headings(mine.main, 2, "Statut : Active")).toHaveLength(1);
    const id = mine.main.querySelector('input[name="subscription_id"]')?.getAttribute("value") ?? "";
    const month = mine.main.querySelector('input[name="month"]')?.getAttribute("value") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(month).toMatch(/^\d{4}-\d{2}$/);

    const skipped = await post("/ma-beauty-box", alice, { intent: "skip", subscription_id: id, month });
    expect(skipped.status).toBe(200);
    expect(skipped.text).toContain(ACCOUNT_MESSAGES.boxMonthSkipped);
    mine = await fetchPage(baseURL, "/ma-beauty-box", { cookie: alice });
    expect(headings(mine.main, 2, "Box sautées")).toHaveLength(1);

    // Bob cannot act on Alice's subscription: the same 404 as an unknown one.
    for (const intent of ["cancel", "pause"]) {
      const intruder = await post("/ma-beauty-box", bob, { intent, subscription_id: id });
      expect(intruder.status).toBe(404);
      expect(intruder.text).toContain(ACCOUNT_MESSAGES.boxSubscriptionNotFound);
    }
    expect((await post("/ma-beauty-box", null, { intent: "cancel", subscription_id: id })).status).toBe(401);

    // First click: "Résilier" (a GET form) shows the confirmation; second: "Confirmer la résiliation".
    mine = await fetchPage(baseURL, "/ma-beauty-box", { cookie: alice });
    const cancelSection = byRole(mine.main, "region", "Résilier")[0]!;
    expect(byRole(cancelSection, "button", "Résilier")).toHaveLength(1);
    const confirm = await fetchPage(baseURL, "/ma-beauty-box?resilier=1", { cookie: alice });
    expect(byRole(confirm.main, "button", "Confirmer la résiliation")).toHaveLength(1);
    const cancelled = await post("/ma-beauty-box", alice, { intent: "cancel", subscription_id: id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.text).toContain(ACCOUNT_MESSAGES.boxCancelled);
    mine = await fetchPage(baseURL, "/ma-beauty-box", { cookie: alice });
    expect(headings(mine.main, 2, "Statut : Résiliée")).toHaveLength(1);
    const again = await post("/ma-beauty-box", alice, { intent: "skip", subscription_id: id, month });
    expect(again.status).toBe(409);
    expect(again.text).toContain(ACCOUNT_MESSAGES.boxSubscriptionCancelled);
  });
});

describe("/admin/beauty-box", () => {
  it("is for staff who read orders: a shopper is refused, the owner sees the sections", async () => {
    const visitor = await fetch(`${baseURL}/admin/beauty-box`, { redirect: "manual" });
    expect([302, 303]).toContain(visitor.status);
    const shopper = await fetchPage(baseURL, "/admin/beauty-box", { cookie: bob });
    expect(shopper.status).toBe(403);
    const admin = await staffCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    const page = await fetchPage(baseURL, "/admin/beauty-box", { cookie: admin });
    expect(page.status).toBe(200);
    expect(headings(page.main, 1, "Beauty Box")).toHaveLength(1);
    for (const name of [/^Liste de préparation/, /^Box du mois/, "Prélèvements refusés", /^Abonnés/, /^Résiliations/]) {
      expect(headings(page.main, 2, name), String(name)).toHaveLength(1);
    }
    // The edition's editor refuses an unknown variant in French.
    const month = page.main.querySelector('input[name="month"]')?.getAttribute("value") ?? "";
    const res = await fetch(`${baseURL}/admin/beauty-box.data`, {
      method: "POST",
      headers: { origin: baseURL, "content-type": "application/x-www-form-urlencoded", cookie: admin },
      body: new URLSearchParams({ intent: "save_edition", month, title: "Test", variant_id: "SKU-QUI-N-EXISTE-PAS", quantity: "1" }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(ACCOUNT_MESSAGES.boxEditionVariantNotFound);
  });
});

describe("the journey in a browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("subscribes to the Beauty Box, skips a month, then cancels in two clicks (390 px)", async () => {
    const camille = await signUpCookie(baseURL, uniqueEmail("box-journey"));
    expect((await apiCall(baseURL, "POST", "/api/v1/addresses", camille, HTTP_ADDRESS)).status).toBe(201);
    expect((await apiCall(baseURL, "POST", "/api/v1/payment-methods", camille, { ...HTTP_CARD, cvc: undefined })).status).toBe(201);
    const context = await signedInContext(browser, baseURL, camille, { viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto("/beauty-box");
      await waitForHydration(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const main = page.getByRole("main");
      // Without the terms accepted: refused in French, nothing subscribed.
      await main.getByRole("button", { name: "S'abonner" }).click();
      await main.getByRole("alert").getByText(ACCOUNT_MESSAGES.boxTermsRequired).waitFor();
      await main.getByRole("checkbox", { name: /J'ai lu les informations ci-dessus/ }).check();
      await main.getByRole("button", { name: "S'abonner" }).click();
      await page.waitForURL(/\/ma-beauty-box$/);
      await main.getByRole("heading", { level: 2, name: "Statut : Active" }).waitFor();
      await waitForHydration(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const skip = main.getByRole("button", { name: /^Sauter la box de / });
      const skippedName = (await skip.textContent())!.replace("Sauter la box de ", "");
      await skip.click();
      await main.getByRole("status").getByText(ACCOUNT_MESSAGES.boxMonthSkipped).waitFor();
      await main.getByText(`Box de ${skippedName} : sautée`).waitFor();

      // Two clicks: "Résilier", then "Confirmer la résiliation".
      await main.getByRole("button", { name: "Résilier", exact: true }).click();
      await main.getByRole("button", { name: "Confirmer la résiliation" }).click();
      await main.getByRole("status").getByText(ACCOUNT_MESSAGES.boxCancelled).waitFor();
      await main.getByRole("heading", { level: 2, name: "Statut : Résiliée" }).waitFor();
      expect(await main.getByRole("button", { name: "Résilier", exact: true }).count()).toBe(0);
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
