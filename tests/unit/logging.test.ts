import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createLogger, logLevelFrom, scrubText, type Logger } from "~/.server/logger";
import { noteSignedInUser, runWithRequestFacts } from "~/.server/request-facts";
import { logger, useLogger } from "../../server/logger.mjs";
import { createMetrics } from "../../server/metrics.mjs";
import { loggablePath, observeRequests } from "../../server/observe-requests.mjs";
import { assignRequestId } from "../../server/request-guards.mjs";
import { createRouteLabeler } from "../../server/route-labels.mjs";
import { lastResortErrorHandler } from "../../server/server.mjs";

const CARD = "4242424242424242";
const PASSWORD = "Tr0ub4dor&3-horse";
const COOKIE = "better-auth.session_token=s3ss10n.t0k3n-value";
const BEARER = "eyJhbGciOiJIUzI1NiJ9.payload.signature";

/** A logger writing JSON lines into an array, at the level asked. */
function capturedLogger(level = "debug"): { log: Logger; lines: () => Record<string, any>[]; raw: () => string } {
  const chunks: string[] = [];
  const log = createLogger({
    env: { LOG_LEVEL: level, NODE_ENV: "production" },
    destination: { write: (s: string) => void chunks.push(s) },
  });
  return {
    log,
    raw: () => chunks.join(""),
    lines: () =>
      chunks
        .join("")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

function expectNoSecret(output: string) {
  for (const secret of [CARD, "4242 4242 4242 4242", PASSWORD, "s3ss10n.t0k3n-value", BEARER]) {
    expect(output).not.toContain(secret);
  }
  // Short codes are looked for as the JSON strings a logged body would hold: bare, "987" can
  // be part of a timestamp or a request id.
  for (const code of ["123456", "987"]) expect(output).not.toContain(`"${code}"`);
}

describe("the logger never writes secrets", () => {
  it("redacts secret fields at any depth and scrubs free text", () => {
    const { log, raw, lines } = capturedLogger();
    log.info(
      {
        body: { email: "lea@example.com", password: PASSWORD, card: { number: "4242 4242 4242 4242", cvc: "987", expiry: "12/39" } },
        request: { headers: { cookie: COOKIE, authorization: `Bearer ${BEARER}`, accept: "text/html" } },
        nested: { deeper: { twoFactor: { code: "123456" } } },
        order: { number: "AUR-2026-000042" },
      },
      "sign-in with %s",
      `Bearer ${BEARER}`,
    );
    log.error(new Error(`charge refused for card ${CARD} (password=${PASSWORD})`));
    log.error(
      { err: new Error("order failed", { cause: new Error(`Failed query: select 1\nparams: ${COOKIE},${CARD}`) }) },
      "place-order: failed",
    );
    log.warn({ reason: `provider said: card 4242-4242-4242-4242 declined, cookie: ${COOKIE}` }, "payment declined");
    expectNoSecret(raw());
    const [first, second, third, fourth] = lines();
    expect(first.body).toEqual({
      email: "lea@example.com",
      password: "[REDACTED]",
      card: { number: "[REDACTED]", cvc: "[REDACTED]", expiry: "12/39" },
    });
    expect(first.request.headers).toEqual({ cookie: "[REDACTED]", authorization: "[REDACTED]", accept: "text/html" });
    expect(first.nested.deeper.twoFactor.code).toBe("[REDACTED]");
    expect(first.order.number).toBe("AUR-2026-000042");
    expect(first.msg).toBe("sign-in with Bearer [REDACTED]");
    expect(second.err.message).toBe("charge refused for card [REDACTED] (password=[REDACTED])");
    expect(second.msg).toBe(second.err.message);
    expect(third.err.cause.message).toBe("Failed query: select 1\nparams: [REDACTED]");
    expect(fourth.reason).toContain("card [REDACTED] declined");
  });

  it("keeps what is not a secret", () => {
    expect(scrubText("order AUR-2026-000042 of 59,90 € at 2026-11-26 10:00")).toBe("order AUR-2026-000042 of 59,90 € at 2026-11-26 10:00");
    expect(scrubText(`card ${CARD}`)).toBe("card [REDACTED]");
  });

  it("is quiet under Vitest unless LOG_LEVEL asks, and refuses unknown levels", () => {
    expect(logLevelFrom({ VITEST: "true" })).toBe("silent");
    expect(logLevelFrom({ VITEST: "true", LOG_LEVEL: "warn" })).toBe("warn");
    expect(logLevelFrom({ LOG_LEVEL: "loud" })).toBe("info");
    expect(logLevelFrom({})).toBe("info");
  });
});

describe("the request log line", () => {
  const captured = capturedLogger();
  const metrics = createMetrics();
  let base = "";
  let server: http.Server;
  const previous = logger();

  beforeAll(async () => {
    useLogger(captured.log);
    const app = express();
    app.use(assignRequestId);
    app.use(
      observeRequests({
        log: logger,
        metrics,
        routeLabel: createRouteLabeler({
          root: { id: "root", path: "" },
          account: { id: "account", parentId: "root", path: "dashboard" },
          reset: { id: "reset", parentId: "root", path: "definir-mot-de-passe" },
          broken: { id: "broken", parentId: "root", path: "api/v1/orders" },
        }),
        runWithFacts: runWithRequestFacts,
      }),
    );
    app.use("/assets", (_req, res) => void res.type("js").send("export {}"));
    // A page that looks the session up, as getCurrentSession does.
    app.get("/dashboard", async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      noteSignedInUser("user-7");
      res.send("ok");
    });
    app.get("/definir-mot-de-passe", (_req, res) => void res.send("ok"));
    app.post("/api/v1/orders", express.json(), (req) => {
      throw new Error(`could not charge ${req.body.card.number} for ${req.body.email}, password=${req.body.password}`);
    });
    app.use(lastResortErrorHandler);
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    useLogger(previous);
    await new Promise((resolve) => server.close(resolve));
  });

  const requestLines = () => captured.lines().filter((line) => line.msg === "request");

  it("writes id, method, path, route, status, duration and the signed-in user", async () => {
    const res = await fetch(`${base}/dashboard?tab=orders`, { headers: { cookie: COOKIE } });
    expect(res.status).toBe(200);
    await expect.poll(() => requestLines().length).toBe(1);
    const [line] = requestLines();
    expect(line).toMatchObject({ level: 30, requestId: res.headers.get("x-request-id"), method: "GET", path: "/dashboard?tab=orders" });
    expect(line).toMatchObject({ route: "/dashboard", status: 200, userId: "user-7" });
    expect(line.durationMs).toBeGreaterThanOrEqual(4);
    expect(line.pid).toBe(process.pid);
    expect(line.hostname).toEqual(expect.any(String));
    expect(captured.raw()).not.toContain("s3ss10n");
  });

  it("leaves out the values of secret query parameters", async () => {
    await fetch(`${base}/definir-mot-de-passe?token=abc123secret&email=lea%40example.com&step=2`);
    await expect.poll(() => requestLines().some((line) => line.route === "/definir-mot-de-passe")).toBe(true);
    const line = requestLines().find((l) => l.route === "/definir-mot-de-passe")!;
    expect(line.path).toBe("/definir-mot-de-passe?token=[REDACTED]&email=[REDACTED]&step=2");
    expect(line.userId).toBeUndefined();
    expect(loggablePath("/x?Code=1&password=2&q=rouge")).toBe("/x?Code=[REDACTED]&password=[REDACTED]&q=rouge");
  });

  it("writes build files at debug level only", async () => {
    await fetch(`${base}/assets/root-abc.js`);
    await expect.poll(() => requestLines().some((line) => line.route === "assets")).toBe(true);
    expect(requestLines().find((line) => line.route === "assets")!.level).toBe(20);
  });

  it("logs a failed request's error and body without the password, card number, cookie or bearer token", async () => {
    const res = await fetch(`${base}/api/v1/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: COOKIE, authorization: `Bearer ${BEARER}` },
      body: JSON.stringify({ email: "lea@example.com", password: PASSWORD, card: { number: CARD, cvc: "987" } }),
    });
    expect(res.status).toBe(500);
    await expect.poll(() => requestLines().some((line) => line.status === 500)).toBe(true);
    const failure = captured.lines().find((line) => line.msg === "request failed outside the app")!;
    expect(failure.err.message).toBe("could not charge [REDACTED] for lea@example.com, password=[REDACTED]");
    expect(requestLines().find((line) => line.status === 500)!.level).toBe(50);
    expectNoSecret(captured.raw());
  });

  it("counts each request under its route pattern", async () => {
    const text = await metrics.registry.metrics();
    expect(text).toContain('aurore_http_requests_total{method="GET",route="/dashboard",status_class="2xx"} 1');
    expect(text).toContain('aurore_http_requests_total{method="POST",route="/api/v1/orders",status_class="5xx"} 1');
  });
});
