/** Orders placed and moved over the shop's HTTP API, as the pages and the back-office do. */
import { randomUUID } from "node:crypto";

type Json = Record<string, any>;

export const HTTP_ADDRESS = {
  first_name: "Alice",
  last_name: "Martin",
  address_line_1: "3 place Bellecour",
  city: "Lyon",
  postal_code: "69002",
  country: "France",
  phone: "06 11 22 33 44",
};
export const HTTP_CARD = { holder: "Alice Martin", number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
export const HTTP_CONTACT = { email: "alice@example.com", name: "Alice Martin", phone: "06 11 22 33 44" };

export async function apiCall(
  baseURL: string,
  method: string,
  path: string,
  cookie: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      origin: baseURL,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = { raw: text };
  }
  return { status: res.status, json };
}

/** Saves an address and places a one-line order of an in-stock product; returns the order. */
export async function placeOrderOverHttp(baseURL: string, cookie: string, quantity = 1): Promise<Json> {
  const address = await apiCall(baseURL, "POST", "/api/v1/addresses", cookie, HTTP_ADDRESS);
  if (address.status !== 201) throw new Error(`address: ${address.status} ${JSON.stringify(address.json)}`);
  const list = await apiCall(baseURL, "GET", "/api/v1/products?sort=price_desc&page_size=40", null);
  const product = list.json.data.find((p: Json) => p.variant_count === 1 && p.in_stock && p.stock_quantity >= quantity + 5);
  const order = await apiCall(
    baseURL,
    "POST",
    "/api/v1/orders",
    cookie,
    { address_id: address.json.data.id, contact: HTTP_CONTACT, card: HTTP_CARD, lines: [{ product_id: product.id, quantity }] },
    { "idempotency-key": randomUUID() },
  );
  if (order.status !== 201) throw new Error(`order: ${order.status} ${JSON.stringify(order.json)}`);
  return order.json.data;
}

/** The administrator moves an order to a status through the order status workflow. */
export async function setOrderStatusOverHttp(baseURL: string, adminCookie: string, orderId: string, status: string) {
  return apiCall(baseURL, "POST", "/api/v1/admin/order-status", adminCookie, { order_id: orderId, status });
}
