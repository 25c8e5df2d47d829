import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { text } from "node:stream/consumers";
import {
  assignRequestId,
  BODY_LIMIT_BYTES,
  boundRequestBody,
  MALFORMED_ADDRESS_MESSAGE,
  refuseMalformedPath,
  TOO_LARGE_MESSAGE,
  UPLOAD_LIMIT_BYTES,
  bodyLimitFor,
} from "../../server/request-guards.mjs";
import { CATALOG_IMPORT_BODY_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES, megabytes } from "~/domain/http/body-limits.mjs";
import { securityHeaders } from "../../server/server.mjs";

/** The guards in front of a handler that reads the bounded body the way the app does. */
function guardedApp() {
  const app = express();
  app.use(assignRequestId, securityHeaders, refuseMalformedPath, boundRequestBody);
  const reads: number[] = [];
  app.all(/.*/, async (req, res) => {
    if (req.method === "GET") return void res.json({ url: req.originalUrl, id: req.headers["x-aurore-request-id"] });
    if (req.path === "/ignore") return void res.status(405).json({ ignored: true });
    if (req.path === "/refuse-early" || req.path === "/admin/produits/import") return void res.status(403).json({ refused: true });
    const body = (req as unknown as { boundedBody: NodeJS.ReadableStream }).boundedBody;
    try {
      const received = await text(body);
      reads.push(received.length);
      res.json({ length: received.length });
    } catch {
      // The guard has answered 413 already.
    }
  });
  return { app, reads };
}

let server: http.Server;
let base: string;
let reads: number[];

beforeAll(async () => {
  const guarded = guardedApp();
  reads = guarded.reads;
  server = guarded.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

/** Sends `total` bytes in chunks (chunked encoding unless a length is declared); resolves with the answer. */
function post(
  path: string,
  total: number,
  options: { declareLength?: boolean; accept?: string } = {},
): Promise<{ status: number | null; body: string; sent: number; reset: boolean }> {
  return new Promise((resolve) => {
    let sent = 0;
    let status: number | null = null;
    let body = "";
    let done = false;
    const finish = (reset: boolean) => {
      if (done) return;
      done = true;
      resolve({ status, body, sent, reset });
    };
    const headers: Record<string, string> = { "Content-Type": "application/json", Accept: options.accept ?? "application/json" };
    if (options.declareLength) headers["Content-Length"] = String(total);
    else headers["Transfer-Encoding"] = "chunked";
    const req = http.request(`${base}${path}`, { method: "POST", headers, agent: false });
    req.on("response", (res) => {
      status = res.statusCode ?? null;
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => finish(false));
    });
    req.on("error", () => finish(true));
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!done && status === null && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!done && sent >= total) req.end();
    };
    if (options.declareLength && total > BODY_LIMIT_BYTES) req.flushHeaders();
    else pump();
  });
}

describe("request ids", () => {
  it("gives every request its own id and ignores the one a client sends", async () => {
    const res = await fetch(`${base}/anything`, { headers: { "x-aurore-request-id": "forged" } });
    const body = (await res.json()) as { id: string };
    expect(body.id).toMatch(/^[0-9a-f]{12}$/);
    expect(res.headers.get("x-request-id")).toBe(body.id);
    const other = await fetch(`${base}/anything`);
    expect(other.headers.get("x-request-id")).not.toBe(body.id);
  });
});

describe("paths that do not decode", () => {
  it("refuses an overlong or lone-surrogate sequence with a French 400 (JSON for the API, a page for browsers)", async () => {
    for (const bad of ["/api/v1/products/%C0%80", "/api/v1/orders/%ED%A0%80/cancel", "/api/v1/products/%E9"]) {
      const res = await fetch(`${base}${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: "malformed_path",
        message: MALFORMED_ADDRESS_MESSAGE,
      });
    }
    const page = await fetch(`${base}/produits/%C0%80`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Cette adresse n&#39;est pas valide.");
  });

  it("passes paths that decode, encoded slashes and NUL included, and leaves the query to the app", async () => {
    for (const good of ["/produits/cr%C3%A8me", "/a%2Fb", "/x/%00", "/search?q=%C0%80"]) {
      const res = await fetch(`${base}${good}`);
      expect(res.status, good).toBe(200);
    }
  });
});

describe("bodies bounded while they are read", () => {
  it("passes a body under the limit whole", async () => {
    const answer = await post("/newsletter", 300 * 1024);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ length: 300 * 1024 });
  });

  it("refuses a declared Content-Length over the limit before reading it", async () => {
    const answer = await post("/api/auth/sign-in/email", 50 * 1024 * 1024, { declareLength: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toMatchObject({ code: "payload_too_large", message: TOO_LARGE_MESSAGE });
    expect(answer.sent).toBe(0);
  });

  it("stops a chunked body at the limit with a 413, and the app never gets the rest", async () => {
    const before = reads.length;
    const answer = await post("/carte-cadeau", 40 * 1024 * 1024, { accept: "text/html" });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(TOO_LARGE_MESSAGE);
    // It stopped reading a few MB past the limit, far before the 40 MB the client had to send.
    expect(answer.sent).toBeLessThan(20 * 1024 * 1024);
    expect(reads.length).toBe(before);
  });

  it("allows the image upload route its own larger limit, and only that route", async () => {
    const image = await post("/api/v1/admin/product-images", 4 * 1024 * 1024);
    expect(image.status).toBe(200);
    expect(JSON.parse(image.body)).toEqual({ length: 4 * 1024 * 1024 });
    expect(UPLOAD_LIMIT_BYTES).toBeGreaterThan(5 * 1024 * 1024);
    const elsewhere = await post("/api/v1/orders", 2 * 1024 * 1024);
    expect(elsewhere.status).toBe(413);
  });

  it("throws away a body the app did not read, so the connection keeps working", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (method: string, path: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${base}${path}`, { method, agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end(body);
      });
    expect(await ask("POST", "/ignore", "x".repeat(200 * 1024))).toBe(405);
    expect(await ask("GET", "/after")).toBe(200);
    agent.destroy();
  });
});

describe("answers given before the body was read", () => {
  it("reach a client still sending its body on a connection it asked to close", async () => {
    const answer = await new Promise<{ status: number | null; error?: string }>((resolve) => {
      const req = http.request(`${base}/refuse-early`, {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked", Connection: "close" },
      });
      let status: number | null = null;
      req.on("response", (res) => {
        status = res.statusCode ?? null;
        res.resume();
        res.on("end", () => resolve({ status }));
      });
      req.on("error", (e) => resolve({ status, error: e.message }));
      // 600 kB in small pieces, slower than the server answers.
      let sent = 0;
      const timer = setInterval(() => {
        if (sent >= 600 * 1024) {
          clearInterval(timer);
          req.end();
          return;
        }
        req.write(Buffer.alloc(20 * 1024, "a"));
        sent += 20 * 1024;
      }, 5);
    });
    expect(answer).toEqual({ status: 403 });
  });
});

describe("limits read from one place", () => {
  it("gives every route the API document says takes a raw file the backstop above its documented bound", async () => {
    const { buildOpenApiDocument } = await import("~/.server/api/openapi");
    const document = buildOpenApiDocument("http://localhost") as {
      paths: Record<string, Record<string, { requestBody?: { content?: object } }>>;
    };
    const rawPaths = Object.entries(document.paths)
      .filter(([, ops]) => Object.values(ops).some((op) => Object.keys(op.requestBody?.content ?? {}).some((t) => t.startsWith("image/"))))
      .map(([path]) => path);
    expect(rawPaths.sort()).toEqual(["/api/v1/admin/product-images", "/api/v1/review-photos"]);
    for (const path of rawPaths) expect(bodyLimitFor(path), path).toBeGreaterThan(IMAGE_UPLOAD_MAX_BYTES);
    expect(bodyLimitFor("/admin/produits/import")).toBeGreaterThan(CATALOG_IMPORT_BODY_MAX_BYTES);
    expect(bodyLimitFor("/api/v1/orders")).toBe(BODY_LIMIT_BYTES);
    // The document words the same figure: "5 Mo au plus".
    expect(JSON.stringify(document.paths["/api/v1/review-photos"])).toContain(`${megabytes(IMAGE_UPLOAD_MAX_BYTES)} au plus`);
  });

  it("lets a review photo of the documented size through to its route", async () => {
    const photo = await post("/api/v1/review-photos", IMAGE_UPLOAD_MAX_BYTES);
    expect(photo.status).toBe(200);
    expect(JSON.parse(photo.body)).toEqual({ length: IMAGE_UPLOAD_MAX_BYTES });
  });
});

describe("a large route's early refusal", () => {
  it("reads at most a little of the announced body before answering, never the route's whole bound", async () => {
    const answer = await new Promise<{ status: number | null; sent: number; connection: string | undefined }>((resolve) => {
      let sent = 0;
      let status: number | null = null;
      let connection: string | undefined;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        resolve({ status, sent, connection });
      };
      const req = http.request(`${base}/admin/produits/import`, {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(200 * 1024 * 1024) },
      });
      req.on("response", (res) => {
        status = res.statusCode ?? null;
        connection = res.headers.connection;
        res.resume();
        res.on("end", finish);
      });
      req.on("error", finish);
      const chunk = Buffer.alloc(256 * 1024, "a");
      const pump = () => {
        while (!done && status === null && sent < 200 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
      };
      pump();
    });
    expect(answer.status).toBe(403);
    expect(answer.connection).toBe("close");
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  });
});

/**
 * Streams a chunked body on a bare socket until the server's answer has come and the connection
 * ends; resolves with how it ended: "fin" for an orderly close, or the socket error's code.
 */
function sendUntilClosed(path: string): Promise<{ status: string | null; ending: string; sent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    let received = "";
    let ending: string | null = null;
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, "a");
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    socket.on("data", (data) => void (received += data.toString("latin1")));
    socket.on("end", () => {
      ending ??= "fin";
      socket.destroy();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => void (ending ??= error.code ?? "error"));
    socket.on("close", () => resolve({ status: /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? null, ending: ending ?? "close", sent }));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: shop\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const pump = () => {
      while (!socket.destroyed && ending === null && sent < 300 * 1024 * 1024) {
        sent += chunk.length;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
    };
    pump();
  });
}

describe("a connection closed after an answer while the client still sends", () => {
  // Destroying the socket with the body's bytes unread makes the kernel reset the connection, and
  // a client busy sending then meets the reset before it reads the answer (decision 023).
  it("ends with an orderly close, not a reset, after an early refusal", async () => {
    const answer = await sendUntilClosed("/admin/produits/import");
    expect(answer).toMatchObject({ status: "403", ending: "fin" });
    expect(answer.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it("ends with an orderly close, not a reset, after a 413", async () => {
    const answer = await sendUntilClosed("/newsletter");
    expect(answer).toMatchObject({ status: "413", ending: "fin" });
    expect(answer.sent).toBeLessThan(64 * 1024 * 1024);
  });
});

describe("security headers", () => {
  it("gives each page its own script nonce, without 'unsafe-inline' for scripts", async () => {
    const a = await fetch(`${base}/page`);
    const b = await fetch(`${base}/page`);
    const csp = a.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(b.headers.get("content-security-policy")).not.toBe(csp);
  });

  it("lets Stripe's script, frames and API in only when the shop takes cards with Stripe (decision 059)", async () => {
    const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
    const saved = process.env.PAYMENT_PROVIDER;
    try {
      delete process.env.PAYMENT_PROVIDER;
      const demo = await fetch(`${base}/page`);
      const demoCsp = demo.headers.get("content-security-policy") ?? "";
      expect(demoCsp).not.toContain("stripe.com");
      expect(directive(demoCsp, "frame-src")).toBe("");
      expect(demo.headers.get("permissions-policy")).toContain("payment=(self)");

      process.env.PAYMENT_PROVIDER = "stripe";
      const live = await fetch(`${base}/page`);
      const csp = live.headers.get("content-security-policy") ?? "";
      expect(directive(csp, "script-src")).toMatch(
        /^script-src 'self' 'nonce-[^']+' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com$/,
      );
      expect(directive(csp, "frame-src")).toBe("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
      expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://api.stripe.com");
      // Still nobody may frame the shop, and no inline script runs without the nonce.
      expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
      expect(directive(csp, "script-src")).not.toContain("unsafe-inline");
      expect(live.headers.get("permissions-policy")).toContain('payment=(self "https://js.stripe.com")');
    } finally {
      if (saved === undefined) delete process.env.PAYMENT_PROVIDER;
      else process.env.PAYMENT_PROVIDER = saved;
    }
  });

  it("sends HSTS only when the public address is https", async () => {
    const saved = process.env.PUBLIC_URL;
    try {
      process.env.PUBLIC_URL = "http://localhost:3000";
      expect((await fetch(`${base}/page`)).headers.get("strict-transport-security")).toBeNull();
      process.env.PUBLIC_URL = "https://boutique.example";
      expect((await fetch(`${base}/page`)).headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    } finally {
      if (saved === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = saved;
    }
  });
});
