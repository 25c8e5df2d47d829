import { beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, placeOrderOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";

/**
 * 'Préparer l'expédition' over HTTP with the demonstration's carrier (docs/decisions/062): the
 * weight comes pre-filled, a bad one is refused in French, the label is a PDF with the carrier's
 * number, 'Expédier' ships with that number without typing one, and the day's batch joins the
 * labels and prints the picking list. A shopper reaches none of it.
 */
const baseURL = e2eShop().baseURL;
let adminCookie: string;
let shopperCookie: string;

beforeAll(async () => {
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  shopperCookie = await signUpCookie(baseURL, uniqueEmail("prepare-shipment"), "Secret123!Aurore", "Inès");
});

async function pdf(path: string, cookie: string) {
  const res = await fetch(`${baseURL}${path}`, { headers: { cookie } });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    head: Buffer.from(await res.arrayBuffer())
      .subarray(0, 4)
      .toString(),
  };
}

describe("Préparer l'expédition", () => {
  it("prints the carrier's label at the checked weight and ships with its number", async () => {
    const order = (await placeOrderOverHttp(baseURL, shopperCookie)) as { id: string; number: string };
    const path = `/api/v1/admin/orders/${order.id}/shipment`;
    const opened = await apiCall(baseURL, "GET", path, adminCookie);
    expect(opened.status).toBe(200);
    expect(opened.json.data).toMatchObject({ carrier: "colissimo", product_code: "DOM", refusal: null, shipment: null });
    expect(opened.json.data.suggested_weight_grams).toBeGreaterThan(0);

    for (const weight_grams of [0, 30_001, "lourd"]) {
      const refused = await apiCall(baseURL, "POST", path, adminCookie, { weight_grams });
      expect(refused.status, String(weight_grams)).toBe(400);
      expect(refused.json.error).toMatchObject({ code: "invalid_weight", message: expect.stringMatching(/poids/i) });
    }
    expect((await apiCall(baseURL, "POST", path, shopperCookie, { weight_grams: 500 })).status).toBe(403);

    const printed = await apiCall(baseURL, "POST", path, adminCookie, {
      weight_grams: opened.json.data.suggested_weight_grams,
      format: "A4",
    });
    expect(printed.status).toBe(200);
    const number = printed.json.data.shipment.tracking_number as string;
    expect(number).toMatch(/^6A[0-9]{11}$/);
    expect(await pdf(`${path}/label`, adminCookie)).toEqual({ status: 200, type: "application/pdf", head: "%PDF" });
    expect((await pdf(`${path}/label`, shopperCookie)).status).toBe(403);
    const again = await apiCall(baseURL, "POST", path, adminCookie, { weight_grams: 500 });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("shipment_exists");

    const mine = await apiCall(baseURL, "GET", `/api/v1/orders/${order.id}`, shopperCookie);
    expect(mine.json.data.status).toBe("processing");
    const shipped = await apiCall(baseURL, "POST", `/api/v1/admin/orders/${order.id}/ship`, adminCookie, {});
    expect(shipped.status).toBe(200);
    expect(shipped.json.data).toMatchObject({ status: "shipped", tracking_number: number });
  });

  it("prints the day's batch, joins its labels and lists what to pick", async () => {
    const a = (await placeOrderOverHttp(baseURL, shopperCookie)) as { id: string; number: string };
    const b = (await placeOrderOverHttp(baseURL, shopperCookie)) as { id: string; number: string };
    const batch = await apiCall(baseURL, "POST", "/api/v1/admin/shipments/batch", adminCookie, {
      order_ids: [a.id, b.id],
      format: "10x15",
    });
    expect(batch.status).toBe(200);
    expect(batch.json.data.map((o: { order_number: string; ok: boolean }) => [o.order_number, o.ok])).toEqual([
      [a.number, true],
      [b.number, true],
    ]);
    expect((await apiCall(baseURL, "POST", "/api/v1/admin/shipments/batch", shopperCookie, { order_ids: [a.id] })).status).toBe(403);
    const ids = `${a.id},${b.id}`;
    expect(await pdf(`/api/v1/admin/shipments/labels?order_ids=${ids}`, adminCookie)).toEqual({
      status: 200,
      type: "application/pdf",
      head: "%PDF",
    });
    expect(await pdf(`/api/v1/admin/shipments/picking-list?order_ids=${ids}`, adminCookie)).toEqual({
      status: 200,
      type: "application/pdf",
      head: "%PDF",
    });
    for (const body of [{ order_ids: [] }, { order_ids: "x" }, { order_ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }]) {
      const refused = await apiCall(baseURL, "POST", "/api/v1/admin/shipments/batch", adminCookie, body);
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(refused.json.error.code).toBe("invalid_order_ids");
    }
    expect(
      (await apiCall(baseURL, "GET", "/api/v1/admin/shipments/labels?order_ids=00000000-0000-0000-0000-000000000000", adminCookie)).status,
    ).toBe(404);
  });
});
