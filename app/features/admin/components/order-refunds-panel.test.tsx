// @vitest-environment happy-dom
/**
 * 'Remboursements' in an order's detail for a role without refunds.write (decision 066): the
 * refunds made, their credit notes and what is left stay, 'Rembourser un montant' is left out and
 * the panel says why; a role that refunds keeps the form. The order detail passes the flag on
 * from the page that opens it (OrderDetailAccessProvider), and offers the form without one.
 * The shop's JSON API is a fake fetch, undone after each test.
 */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../../../tests/support/i18n";
import type { AdminOrderDetail } from "~/domain/orders/admin-orders.schema";
import type { OrderRefundsView } from "~/domain/orders/order-refunds";
import { AdminOrderDetailModal, OrderDetailAccessProvider } from "./admin-order-detail-modal";
import { OrderRefundsPanel, REFUNDS_READ_ONLY } from "./order-refunds-panel";
import { readOnlyMessage } from "./read-only-notice";

const ORDER_ID = "00000000-0000-4000-8000-0000000000aa";

const refunds: OrderRefundsView = {
  refunds: [
    {
      id: "rf1",
      order_id: ORDER_ID,
      amount_cents: 1250,
      card_cents: 1250,
      gift_card_cents: 0,
      reduced_cents: 0,
      reason: "Flacon abîmé",
      credit_note_number: "AV-2026-000003",
      credit_note_url: `/api/v1/admin/orders/${ORDER_ID}/credit-notes/AV-2026-000003`,
      created_at: "2026-11-03T10:00:00.000Z",
    },
  ],
  refundable_cents: 7740,
};

const address = {
  first_name: "Camille",
  last_name: "Durand",
  company: null,
  street: "12 rue des Lilas",
  additional_info: null,
  postal_code: "69003",
  city: "Lyon",
  country: "France",
  phone: null,
};

const order = {
  id: ORDER_ID,
  number: "AUR-2026-000123",
  short_id: "000123",
  order_number: "AUR-2026-000123",
  status: "delivered",
  created_at: "2026-11-01T10:00:00.000Z",
  subtotal_cents: 8990,
  shipping_cents: 0,
  discount_cents: 0,
  promo_code: null,
  promo_discount_cents: 0,
  total_cents: 8990,
  customer_name: "Camille Durand",
  email: "camille@example.com",
  phone: null,
  shipping_address: address,
  billing_address: null,
  delivery_method_label: "Livraison standard",
  relay_point: null,
  estimated_delivery_date: null,
  express_perk: null,
  items: [],
  documents: [],
  payment_status: "paid",
  payment_schedule: [],
  tracking_events: [],
  vat_treatment: null,
  business: null,
} as unknown as AdminOrderDetail;

/** The admin API as the order's detail reads it: the order, its payments and its refunds. */
function fakeApi() {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url.endsWith("/refunds")) return json({ data: refunds });
      if (url.endsWith("/payments")) return json({ data: { order_id: ORDER_ID, charges: [], external_refunds: [], disputes: [] } });
      if (url.endsWith(`/orders/${ORDER_ID}`)) return json({ data: order });
      return json({ error: { code: "not_found", message: "Introuvable" } }, 404);
    }),
  );
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  fakeApi();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function show(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin/commandes", Component: () => withI18n(node) }]);
  await act(async () => root.render(<Stub initialEntries={["/admin/commandes"]} />));
  // The order, then its payments and refunds, come from the (fake) API.
  for (let i = 0; i < 3; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** Dialogs are outside the container when the modal renders through the document. */
const text = () => document.body.textContent ?? "";
const refundForm = () => document.querySelector("form[aria-label='Rembourser un montant']");
const creditNote = () => [...document.querySelectorAll("a")].find((a) => a.textContent === "Avoir AV-2026-000003");

describe("the refunds panel by role", () => {
  it("shows a role without refunds.write the refunds and what is left, without the form, and says why", async () => {
    await show(<OrderRefundsPanel orderId={ORDER_ID} number="AUR-2026-000123" refundable={false} />);
    expect(creditNote()).toBeDefined();
    expect(text()).toContain("Flacon abîmé");
    expect(text()).toContain("Reste remboursable");
    expect(refundForm()).toBeNull();
    expect(text()).toContain(readOnlyMessage(REFUNDS_READ_ONLY));
  });

  it("keeps the form for a role that refunds, without the line", async () => {
    await show(<OrderRefundsPanel orderId={ORDER_ID} number="AUR-2026-000123" />);
    expect(refundForm()).not.toBeNull();
    expect(creditNote()).toBeDefined();
    expect(text()).not.toContain("Lecture seule");
  });
});

describe("the order's detail, as the page that opens it allows", () => {
  it("leaves the refund form out when the page says the role may not refund", async () => {
    await show(
      <OrderDetailAccessProvider may={{ refund: false }}>
        <AdminOrderDetailModal orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => {}} />
      </OrderDetailAccessProvider>,
    );
    expect(text()).toContain("Camille Durand");
    expect(creditNote()).toBeDefined();
    expect(refundForm()).toBeNull();
    expect(text()).toContain(readOnlyMessage(REFUNDS_READ_ONLY));
  });

  it("offers the refund form when the page allows it, and when no page says anything", async () => {
    await show(
      <OrderDetailAccessProvider may={{ refund: true }}>
        <AdminOrderDetailModal orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => {}} />
      </OrderDetailAccessProvider>,
    );
    expect(refundForm()).not.toBeNull();
    act(() => root.unmount());
    root = createRoot(container);
    await show(<AdminOrderDetailModal orderId={ORDER_ID} number="AUR-2026-000123" onClose={() => {}} />);
    expect(refundForm()).not.toBeNull();
    expect(text()).not.toContain("Lecture seule");
  });
});
