// @vitest-environment happy-dom
/**
 * Retours for a role that reads the returns without receiving them (decision 066): the returns
 * and their labels stay, 'Réceptionner' is left out and the page says why; the owner keeps it.
 */
import { act } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { reactRoot } from "../../../../tests/support/react-root";
import { withI18n } from "../../../../tests/support/i18n";
import type { AdminReturnView } from "~/domain/returns/returns";
import { AdminReturnsView, RETURNS_READ_ONLY, type ReturnsPageAccess } from "./admin-returns-view";
import { readOnlyMessage } from "./read-only-notice";

const dom = reactRoot();

const requested = {
  id: "11111111-1111-4111-8111-111111111111",
  number: "RET-2026-000007",
  order_id: "22222222-2222-4222-8222-222222222222",
  order_number: "AUR-2026-000123",
  status: "requested",
  status_label: "Demandé",
  reason: "damaged",
  reason_label: "Article endommagé",
  comment: null,
  created_at: "2026-11-02T10:00:00.000Z",
  received_at: null,
  refund_cents: 0,
  refund_card_cents: 0,
  refund_gift_card_cents: 0,
  points_restored: 0,
  points_reversed: 0,
  credit_note_number: null,
  items: [
    {
      id: "i1",
      order_item_id: "oi1",
      name: "Crème hydratante",
      variant_label: null,
      quantity: 1,
      unit_price_cents: 2990,
      decision: "pending",
      refusal_reason: null,
    },
  ],
  label_url: "/api/v1/admin/returns/11111111-1111-4111-8111-111111111111/label",
  customer_name: "Camille Durand",
  customer_email: "camille@example.com",
} as AdminReturnView;

async function show(may?: ReturnsPageAccess) {
  const Stub = createRoutesStub([
    {
      path: "/admin/retours",
      Component: () =>
        withI18n(<AdminReturnsView status="all" page={{ returns: [requested], total: 1, page: 1, page_count: 1 }} may={may} />),
    },
  ]);
  await act(async () => dom.root.render(<Stub initialEntries={["/admin/retours"]} />));
}

const buttons = () => [...dom.container.querySelectorAll("button")].map((b) => b.textContent);
const label = () => dom.container.querySelector(`a[href="${requested.label_url}"]`);

describe("Retours by role", () => {
  it("shows a read-only role the returns and their label without 'Réceptionner', and says why", async () => {
    await show({ receive: false });
    expect(dom.container.textContent).toContain(readOnlyMessage(RETURNS_READ_ONLY));
    expect(dom.container.textContent).toContain("Retour RET-2026-000007");
    expect(label()).not.toBeNull();
    expect(buttons()).not.toContain("Réceptionner le retour RET-2026-000007");
  });

  it("keeps the owner's 'Réceptionner', without the line", async () => {
    await show();
    expect(buttons()).toContain("Réceptionner le retour RET-2026-000007");
    expect(label()).not.toBeNull();
    expect(dom.container.textContent).not.toContain("Lecture seule");
  });
});
