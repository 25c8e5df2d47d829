/**
 * Stripe's webhook over HTTP in the demonstration shop, which takes cards with the simulated
 * acquirer: the endpoint does not exist there (a documented 404, whatever the body), so nobody can
 * post payment events to a shop that has no Stripe account. Its handling with Stripe configured is
 * tested on the route and the workflow (app/routes/api/v1/payments/stripe-webhook.test.ts,
 * app/.server/workflows/stripe-webhooks.test.ts).
 */
import { describe, expect, it } from "vitest";
import Stripe from "stripe";
import { STRIPE_WEBHOOK_NOT_FOUND_MESSAGE } from "~/domain/payments/stripe-webhooks";
import { apiClient } from "../../support/api/typed-client";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;

describe("POST /api/v1/payments/stripe/webhook in the demonstration", () => {
  it("answers the documented 404, signed or not, as Stripe would post it", async () => {
    const payload = JSON.stringify({ id: "evt_demo", object: "event", type: "payment_intent.succeeded", data: { object: {} } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_demoDemoDemoDemo" });
    const client = apiClient();
    const answer = await client.POST("/api/v1/payments/stripe/webhook", {
      params: { header: { "Stripe-Signature": header } },
      body: payload,
      bodySerializer: (body) => body,
      headers: { "content-type": "application/json" },
    });
    expect(answer.response.status).toBe(404);
    expect(answer.error).toEqual({ error: { code: "not_found", message: STRIPE_WEBHOOK_NOT_FOUND_MESSAGE } });

    // Stripe sends no Origin header and no cookie.
    const bare = await fetch(`${baseURL}/api/v1/payments/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: payload,
    });
    expect(bare.status).toBe(404);
    expect(await bare.json()).toEqual({ error: { code: "not_found", message: STRIPE_WEBHOOK_NOT_FOUND_MESSAGE } });
  });
});
