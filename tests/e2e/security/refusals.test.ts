/**
 * Refusals a shop process of its own answers (decision 023), where the test reads the log and sets
 * the server's bounds.
 *
 * A form posted to a page that takes none: 405 with a short page in the
 * visitor's language and `Allow`, nothing at error level in the log (before, each such POST wrote
 * about 1.9 KB with a stack trace, so a visitor could fill the log), and the debug pages of the
 * specification answer 404 to anyone but an administrator, whatever the method, so a POST does not
 * reveal that they exist.
 *
 * Slow clients: headers that do not end, or a body that does not come, are cut at the
 * server's own bounds (server/timeouts.mjs), shortened here to 1 and 2 seconds.
 */
import fs from "node:fs";
import os from "node:os";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN } from "../../support/accounts";
import { signInCookie } from "../../support/http-session";
import { startShopProcess, type ShopProcess } from "../../support/shop-process";

const PORT = 4250;
let dataDir: string;
let shop: ShopProcess;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-page-methods-"));
  shop = await startShopProcess({
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      HTTP_HEADERS_TIMEOUT_SECONDS: "1",
      HTTP_REQUEST_TIMEOUT_SECONDS: "2",
    },
  });
});

afterAll(async () => {
  await shop?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${shop.baseURL}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: shop.baseURL, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "champ=valeur",
  });

/** The log lines at error level (pino's 50) written since `from`. */
const errorLines = (from: number) =>
  shop
    .output()
    .slice(from)
    .split("\n")
    .filter((line) => line.includes('"level":50'));

describe("a form posted to a page without an action", () => {
  it("answers 405 with a short French page and Allow, and logs no error", async () => {
    const from = shop.output().length;
    for (const pathname of ["/", "/faq", "/products", "/product/inconnu"]) {
      const res = await post(pathname);
      const body = await res.text();
      expect(res.status, pathname).toBe(405);
      expect(res.headers.get("allow"), pathname).toBe("GET, HEAD");
      expect(res.headers.get("cache-control"), pathname).toBe("no-store");
      expect(body, pathname).toContain("Cette page ne reçoit pas de formulaire.");
      expect(body, pathname).toContain('<html lang="fr">');
      expect(body.length, pathname).toBeLessThan(1_000);
    }
    // The single-fetch form of the same request (what a hydrated page posts).
    expect((await post("/faq.data")).status).toBe(405);
    // Each request's line is written once it is answered, after whatever it logged: wait for the
    // last one's, then read.
    await expect.poll(() => shop.output().slice(from).includes('"path":"/faq.data"')).toBe(true);
    expect(errorLines(from)).toEqual([]);
  });

  it("speaks English to an English visitor", async () => {
    const res = await post("/faq", { cookie: "aurore_lang=en" });
    expect(res.status).toBe(405);
    const body = await res.text();
    expect(body).toContain("This page does not take a form.");
    expect(body).toContain('<html lang="en">');
  });
});

describe("the debug pages", () => {
  const pages = ["/checkout-debug", "/checkout-diagnostic", "/address-test"];

  it("answer 404 to a visitor and a shopper whatever the method, so they do not reveal themselves", async () => {
    for (const pathname of pages) {
      expect((await fetch(`${shop.baseURL}${pathname}`, { redirect: "manual" })).status, pathname).toBe(404);
      const posted = await post(pathname);
      expect(posted.status, pathname).toBe(404);
      expect(await posted.text(), pathname).not.toContain("formulaire");
    }
  });

  it("answer 405 to the administrator's POST and serve them the page", async () => {
    const cookie = await signInCookie(shop.baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const pathname of pages) {
      expect((await fetch(`${shop.baseURL}${pathname}`, { headers: { cookie }, redirect: "manual" })).status, pathname).toBe(200);
      const posted = await post(pathname, { cookie });
      expect(posted.status, pathname).toBe(405);
      expect(await posted.text(), pathname).toContain("Cette page ne reçoit pas de formulaire.");
    }
  });
});

/** Writes `bytes` on a connection of its own and resolves with what came back once it closed, and when. */
function holdConnection(bytes: string): Promise<{ received: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(PORT, "127.0.0.1", () => socket.write(bytes));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", () => {});
    socket.on("close", () => resolve({ received, closedAfterMs: Date.now() - started }));
  });
}

describe("slow clients", () => {
  it("cuts headers that never end at the headers bound, with 408", async () => {
    const { received, closedAfterMs } = await holdConnection(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nX-Lent: `);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it("cuts a body that never comes at the request bound, with 408", async () => {
    const email = `lent-${Date.now()}@example.fr`;
    const body = `email=${encodeURIComponent(email)}`;
    const { received, closedAfterMs } = await holdConnection(
      `POST /newsletter HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${body.length + 10}\r\n\r\n${body}`,
    );
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(closedAfterMs).toBeLessThan(12_000);
  });
});
