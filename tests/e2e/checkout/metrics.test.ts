import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../../support/accounts";
import { signUpCookie } from "../../support/http-session";
import { E2E_METRICS_TOKEN, readMetrics, sampleValue } from "../../support/metrics";
import { placeOrderOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;

describe("metrics of the running shop", () => {
  it("refuses /metrics without the token, in French, and never lets it be cached", async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer not-the-token" }];
    for (const headers of attempts) {
      const res = await fetch(`${baseURL}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{12}$/);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: "unauthenticated", message: "Accès aux métriques refusé : jeton manquant ou invalide." });
    }
  });

  it("counts a placed order, its payment and its requests by route", async () => {
    const cookie = await signUpCookie(baseURL, uniqueEmail("metrics"), "Secret123!Aurore", "Maëlle");
    const before = await readMetrics(baseURL);
    await placeOrderOverHttp(baseURL, cookie);
    const after = await readMetrics(baseURL);
    expect(sampleValue(after, "aurore_orders_placed_total")).toBe(sampleValue(before, "aurore_orders_placed_total") + 1);
    expect(sampleValue(after, 'aurore_payments_total{outcome="succeeded"}')).toBe(
      sampleValue(before, 'aurore_payments_total{outcome="succeeded"}') + 1,
    );
    const orders = 'aurore_http_requests_total{method="POST",route="/api/v1/orders",status_class="2xx"}';
    expect(sampleValue(after, orders)).toBe(sampleValue(before, orders) + 1);
    expect(after).toMatch(/^aurore_outbox_due_messages \d+$/m);
    expect(after).toContain("nodejs_eventloop_lag_seconds");
    // The pool's connections on PostgreSQL; PGlite has no pool.
    if (process.env.TEST_DATABASE_URL) expect(after).toMatch(/^aurore_db_pool_connections\{state="total"\} [1-9]\d*$/m);
    else expect(after).not.toContain("aurore_db_pool_connections{");
    // The route label is the pattern, never a raw path with an id in it.
    expect(after).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(E2E_METRICS_TOKEN).not.toBe("");
  });
});
