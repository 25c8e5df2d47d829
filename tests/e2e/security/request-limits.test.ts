import fs from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { launchBrowser } from "../../support/browser";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const serverPid = e2eShop().serverPid;

/** The shop server's resident memory in bytes (Linux /proc). */
function serverRss(): number {
  const status = fs.readFileSync(`/proc/${serverPid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return kb * 1024;
}

/**
 * Streams up to `total` bytes as a chunked POST and stops as soon as the server answers or drops
 * the connection. Resolves with the status (null when the connection was reset first).
 */
function chunkedPost(path: string, total: number, contentType: string): Promise<{ status: number | null; sent: number }> {
  return new Promise((resolve) => {
    let sent = 0;
    let status: number | null = null;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      req.destroy();
      resolve({ status, sent });
    };
    const req = http.request(`${baseURL}${path}`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked", Origin: baseURL },
    });
    req.on("response", (res) => {
      status = res.statusCode ?? null;
      res.resume();
      res.on("end", finish);
    });
    req.on("error", finish);
    req.on("close", finish);
    const chunk = Buffer.alloc(256 * 1024, "a");
    const pump = () => {
      while (!done && status === null && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!done && sent >= total) req.end();
    };
    pump();
  });
}

describe("request bodies are bounded while they are read", () => {
  it("answers a visitor refused by the catalogue import without reading the hundreds of megabytes it takes", async () => {
    const answer = await chunkedPost("/admin/produits/import", 200 * 1024 * 1024, "multipart/form-data; boundary=aurore");
    // Answered at once with the 401, not a redirect that would wait for the body's drain (decision 066).
    expect(answer.status).toBe(401);
    // The socket buffers and the server's small drain, never the route's 221 MB bound.
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it("four parallel 400 MB chunked posts leave the server's memory where it was, and the shop keeps answering", async () => {
    if (!fs.existsSync(`/proc/${serverPid}/status`)) throw new Error("this test reads the server's memory from /proc");
    const before = serverRss();
    const targets: [string, string][] = [
      ["/newsletter", "application/x-www-form-urlencoded"],
      ["/carte-cadeau", "application/x-www-form-urlencoded"],
      ["/api/auth/sign-in/email", "application/json"],
      ["/service-client", "application/x-www-form-urlencoded"],
    ];
    const posts = Promise.all(targets.map(([path, type]) => chunkedPost(path, 400 * 1024 * 1024, type)));
    // Other visitors are served meanwhile.
    const during = await fetch(`${baseURL}/robots.txt`);
    expect(during.status).toBe(200);
    const answers = await posts;
    let peak = serverRss();
    for (const answer of answers) {
      // The server stops reading a few MB past the limit (what it reads then is thrown away, so the
      // answer can be read); a reset instead of the answer is allowed.
      expect(answer.sent).toBeLessThan(100 * 1024 * 1024);
      if (answer.status !== null) expect(answer.status).toBe(413);
    }
    expect(answers.filter((a) => a.status === 413).length).toBeGreaterThan(0);
    peak = Math.max(peak, serverRss());
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    expect((await fetch(`${baseURL}/api/v1/categories`)).status).toBe(200);
  });

  it("refuses a declared Content-Length over 1 MB with 413 and a French message", async () => {
    const res = await fetch(`${baseURL}/api/v1/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL },
      body: JSON.stringify({ padding: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toBe("La requête est trop volumineuse.");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe("the page's scripts run under a per-request nonce", () => {
  it("every inline script carries the CSP nonce and the page hydrates", async () => {
    const res = await fetch(`${baseURL}/faq`, { headers: { "Cache-Control": "no-cache" } });
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    // JSON data blocks (structured data, the page's messages) are never executed: no nonce needed.
    const executable = scripts.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
    expect(executable.length).toBeGreaterThan(0);
    for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      await page.goto(`${baseURL}/faq`);
      // Hydrated: React Router's client router is running.
      await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules));
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
