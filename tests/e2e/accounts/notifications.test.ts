/**
 * Notifications journey: the header bell (count, "9+", newest first, age text, mark read, delete,
 * mark all) and the dashboard's Notifications tab (types, priorities, filters), on a shop of this
 * file's own whose database holds notifications from the start (no public flow creates one yet).
 * Also: the live stream answers through the real Node server without being compressed or held
 * back, another shopper's notification ids are 404 and change nothing, and the browser's
 * notification permission is asked once, on a click, never on load.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, newShopContext, seriousA11yViolations } from "../../support/browser";
import { signInCookie } from "../../support/http-session";
import { createPasswordShopper, startPrivateShop, type PrivateShop } from "../../support/private-shop";
import { notifications } from "../../../app/.server/db/schema";
import type { NotificationView } from "../../../app/domain/notifications/notification.types";

const PASSWORD = "Secret123!Aurore";
const ALICE = { email: "alice.notifications@example.com", password: PASSWORD, firstName: "Alice" };
const BOB = { email: "bob.notifications@example.com", password: PASSWORD, firstName: "Bob" };
const HOUR = 60 * 60 * 1000;

let shop: PrivateShop;
let baseURL: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let aliceCookie: string;
let bobCookie: string;
let bobNotificationId: string;

beforeAll(async () => {
  const now = Date.now();
  shop = await startPrivateShop(async (db) => {
    const alice = await createPasswordShopper(db, ALICE);
    const bob = await createPasswordShopper(db, BOB);
    // Twelve unread order updates, the newest a minute ago, one read two hours ago, one three days ago.
    await db.insert(notifications).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        userId: alice,
        type: "order_status",
        title: `Commande ${String(12 - i).padStart(2, "0")} expédiée`,
        message: `Votre commande n°${12 - i} est en route.`,
        metadata: { new_status: "shipped" },
        createdAt: new Date(now - (i + 1) * 60_000),
      })),
      {
        userId: alice,
        type: "order_status",
        title: "Commande livrée",
        message: "Votre commande a été livrée.",
        isRead: true,
        metadata: { new_status: "delivered" },
        createdAt: new Date(now - 2 * HOUR - 60_000),
      },
      {
        userId: alice,
        type: "order_status",
        title: "Commande annulée",
        message: "Votre commande a été annulée.",
        isRead: true,
        metadata: { new_status: "cancelled" },
        createdAt: new Date("2025-03-14T10:00:00Z"),
      },
      {
        userId: alice,
        type: "promotion",
        priority: "urgent",
        title: "Ventes privées",
        message: "-20 % sur les parfums jusqu'à dimanche.",
        actionUrl: "/products",
        createdAt: new Date(now - 30 * 60_000),
      },
      {
        userId: alice,
        type: "system",
        priority: "low",
        title: "Maintenance prévue",
        message: "Le site sera indisponible dimanche de 2h à 3h.",
        actionUrl: "javascript:alert(1)",
        createdAt: new Date(now - 5 * HOUR),
      },
    ]);
    const [own] = await db
      .insert(notifications)
      .values({ userId: bob, type: "order_status", title: "Commande de Bob", message: "En route." })
      .returning({ id: notifications.id });
    bobNotificationId = own.id;
  });
  baseURL = shop.baseURL;
  [aliceCookie, bobCookie] = await Promise.all([
    signInCookie(baseURL, ALICE.email, ALICE.password),
    signInCookie(baseURL, BOB.email, BOB.password),
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

beforeEach(async () => {
  context = await newShopContext(browser, baseURL);
  // Counts permission requests instead of showing a prompt.
  await context.addInitScript(() => {
    const w = window as unknown as { __permissionRequests: number };
    w.__permissionRequests = 0;
    Object.defineProperty(Notification, "permission", { configurable: true, get: () => "default" });
    Notification.requestPermission = async () => {
      w.__permissionRequests += 1;
      return "default";
    };
  });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

async function signIn(cookieHeader: string) {
  await context.addCookies(
    cookieHeader.split("; ").map((pair) => {
      const [name, ...rest] = pair.split("=");
      return { name, value: rest.join("="), url: baseURL };
    }),
  );
}

async function api(method: string, path: string, cookie: string | null, body?: unknown) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      origin: baseURL,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, any> };
}

async function aliceHeader(): Promise<{ data: NotificationView[]; unread_count: number }> {
  return (await api("GET", "/api/v1/notifications?type=order_status", aliceCookie)).json as never;
}

function bell(): Locator {
  return page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
}

function panel(): Locator {
  return page.getByRole("dialog", { name: "Notifications" });
}

function item(title: string): Locator {
  return panel().getByRole("listitem").filter({ hasText: title });
}

async function permissionRequests(): Promise<number> {
  return page.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests);
}

describe("header bell", () => {
  it("is not there for visitors", async () => {
    await page.goto("/");
    await expect.poll(() => page.getByRole("banner").getByRole("button", { name: "Mon Panier" }).first().isVisible()).toBe(true);
    expect(await bell().count()).toBe(0);
  });

  it("shows 9+ for 12 unread and lists the order notifications newest first with their age", async () => {
    await signIn(aliceCookie);
    await page.goto("/");
    await expect.poll(() => bell().getAttribute("aria-expanded")).toBe("false");
    await expect.poll(async () => (await bell().textContent())?.includes("9+")).toBe(true);
    await expect.poll(() => bell().textContent()).toContain("12 non lues");
    expect(await permissionRequests()).toBe(0);

    await bell().click();
    await expect.poll(() => panel().isVisible()).toBe(true);
    const titles = await panel()
      .getByRole("listitem")
      .evaluateAll((items) => items.map((li) => li.querySelector("p")?.textContent?.replace("Non lue : ", "") ?? ""));
    expect(titles).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `Commande ${String(12 - i).padStart(2, "0")} expédiée`),
      "Commande livrée",
      "Commande annulée",
    ]);
    // Only order updates in the bell: promotions and system messages live in the dashboard.
    expect(await panel().getByText("Ventes privées").count()).toBe(0);
    expect(await item("Commande 12 expédiée").getByText("À l'instant").count()).toBe(1);
    expect(await item("Commande livrée").getByText("Il y a 2h").count()).toBe(1);
    expect(await item("Commande annulée").getByText("14/03/2025").count()).toBe(1);
    // Opening the bell is the gesture that asks, once.
    expect(await permissionRequests()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => panel().isVisible()).toBe(false);
    await bell().click();
    expect(await permissionRequests()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("marks one read and deletes one, the count follows and the server keeps it", async () => {
    await signIn(aliceCookie);
    await page.goto("/");
    await expect.poll(() => bell().textContent()).toContain("12 non lues");
    await bell().click();

    await item("Commande 12 expédiée").getByRole("button", { name: "Marquer comme lu" }).click();
    await expect.poll(() => bell().textContent()).toContain("11 non lues");
    expect(await item("Commande 12 expédiée").getByRole("button", { name: "Marquer comme lu" }).count()).toBe(0);

    await item("Commande 11 expédiée").getByRole("button", { name: "Supprimer" }).click();
    await expect.poll(() => item("Commande 11 expédiée").count()).toBe(0);
    await expect.poll(() => bell().textContent()).toContain("10 non lues");

    // Deleting a read one does not lower the count.
    await item("Commande livrée").getByRole("button", { name: "Supprimer" }).click();
    await expect.poll(() => item("Commande livrée").count()).toBe(0);
    expect(await bell().textContent()).toContain("10 non lues");

    await expect.poll(async () => (await aliceHeader()).unread_count).toBe(10);
    const header = await aliceHeader();
    expect(header.data.map((n) => n.title)).not.toContain("Commande 11 expédiée");
    expect(header.data.find((n) => n.title === "Commande 12 expédiée")?.is_read).toBe(true);
  });
});

describe("another shopper's notifications", () => {
  it("are 404 to Alice and stay untouched", async () => {
    for (const [method, path, body] of [
      ["GET", `/api/v1/notifications/${bobNotificationId}`, undefined],
      ["PATCH", `/api/v1/notifications/${bobNotificationId}`, { is_read: true }],
      ["DELETE", `/api/v1/notifications/${bobNotificationId}`, undefined],
      ["PATCH", "/api/v1/notifications/not-a-uuid", { is_read: true }],
      ["DELETE", "/api/v1/notifications/not-a-uuid", undefined],
    ] as const) {
      const res = await api(method, path, aliceCookie, body);
      expect({ method, path, status: res.status, error: res.json.error }).toEqual({
        method,
        path,
        status: 404,
        error: { code: "not_found", message: "Notification introuvable" },
      });
    }
    await api("POST", "/api/v1/notifications/read-all", aliceCookie, {});
    const bobs = await api("GET", "/api/v1/notifications", bobCookie);
    expect(bobs.json.data).toMatchObject([{ id: bobNotificationId, title: "Commande de Bob", is_read: false }]);
    expect(bobs.json.unread_count).toBe(1);
    expect(JSON.stringify((await api("GET", "/api/v1/notifications", aliceCookie)).json)).not.toContain(bobNotificationId);
  });
});

describe("dashboard Notifications tab", () => {
  it("shows every type with its priority, filters, marks read and deletes", async () => {
    await signIn(bobCookie);
    // Bob has one unread; Alice's were all read by the test above: the tab is tested on Bob's and new ones.
    await page.goto("/dashboard?tab=notifications");
    const tab = page.getByRole("region", { name: "Notifications" });
    await expect.poll(() => tab.getByRole("heading", { name: "Commande de Bob" }).isVisible()).toBe(true);
    const filters = tab.getByRole("group", { name: "Filtrer les notifications" });
    expect(await filters.getByRole("button", { name: "Toutes" }).getAttribute("aria-pressed")).toBe("true");

    await filters.getByRole("button", { name: "Lues", exact: true }).click();
    await expect.poll(() => filters.getByRole("button", { name: "Lues", exact: true }).getAttribute("aria-pressed")).toBe("true");
    expect(await filters.getByRole("button", { name: "Toutes" }).getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => tab.getByText("Aucune notification", { exact: true }).isVisible()).toBe(true);

    await filters.getByRole("button", { name: "Non lues" }).click();
    const card = tab.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Commande de Bob" }) });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain("Suivi de commande");
    expect(await card.textContent()).toContain("Priorité : Normale");

    // Marked read while "Non lues" is shown: it leaves the list, and the bell follows on the same page.
    await card.getByRole("button", { name: "Marquer comme lu" }).click();
    await expect.poll(() => tab.getByText("Aucune notification", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => bell().textContent()).not.toContain("non lue");

    await filters.getByRole("button", { name: "Lues", exact: true }).click();
    await expect.poll(() => card.isVisible()).toBe(true);
    await card.getByRole("button", { name: "Supprimer" }).click();
    await expect.poll(() => tab.getByText("Aucune notification", { exact: true }).isVisible()).toBe(true);
    // The card leaves the list at once; the server's answer to the deletion may still be on its way.
    await expect.poll(async () => (await api("GET", "/api/v1/notifications", bobCookie)).json).toEqual({ data: [], unread_count: 0 });
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("lists Alice's promotions and system messages with type and priority, never a javascript: link", async () => {
    await signIn(aliceCookie);
    await page.goto("/dashboard?tab=notifications");
    const tab = page.getByRole("region", { name: "Notifications" });
    const promo = tab.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Ventes privées" }) });
    const system = tab.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Maintenance prévue" }) });
    await expect.poll(() => promo.isVisible()).toBe(true);
    expect(await promo.textContent()).toContain("Promotion");
    expect(await promo.textContent()).toContain("Priorité : Urgente");
    expect(await promo.getByRole("link", { name: "Voir" }).getAttribute("href")).toBe("/products");
    expect(await system.textContent()).toContain("Système");
    expect(await system.textContent()).toContain("Priorité : Basse");
    expect(await system.getByRole("link").count()).toBe(0);
    // Everything was marked read over the API above: nothing unread, and the button says so.
    expect(await tab.getByRole("button", { name: "Tout marquer comme lu" }).isDisabled()).toBe(true);
  });
});

describe("the live stream through the Node server", () => {
  it("answers visitors with a JSON 401", async () => {
    const res = await api("GET", "/api/v1/notifications/stream", null);
    expect(res.status).toBe(401);
    expect(res.json.error).toEqual({ code: "unauthenticated", message: "Connexion requise" });
  });

  it("opens at once, uncompressed, with the SSE headers, for a browser that accepts gzip", async () => {
    const abort = new AbortController();
    const started = Date.now();
    const res = await fetch(`${baseURL}/api/v1/notifications/stream`, {
      headers: { cookie: aliceCookie, "accept-encoding": "gzip, br" },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain(": connected");
    expect(Date.now() - started).toBeLessThan(2_000);
    abort.abort();
  });

  it("is opened by a signed-in page", async () => {
    await signIn(aliceCookie);
    const stream = page.waitForRequest((request) => request.url().endsWith("/api/v1/notifications/stream"));
    await page.goto("/");
    expect((await stream).url()).toBe(`${baseURL}/api/v1/notifications/stream`);
  });
});
