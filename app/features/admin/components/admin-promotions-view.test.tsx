// @vitest-environment happy-dom
/**
 * Codes promo for a role that reads them without changing them (decision 066): the codes and
 * their conditions stay, 'Nouveau code promo', 'Modifier' and 'Désactiver' are left out and the
 * page says why; the owner keeps them.
 */
import { act } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { reactRoot } from "../../../../tests/support/react-root";
import { withI18n } from "../../../../tests/support/i18n";
import type { AdminPromoCodeRow } from "~/domain/promotions/promotions.schema";
import { AdminPromotionsView, PROMOTIONS_READ_ONLY, type PromotionsPageAccess } from "./admin-promotions-view";
import { readOnlyMessage } from "./read-only-notice";

const dom = reactRoot();

const code: AdminPromoCodeRow = {
  id: "11111111-1111-4111-8111-111111111111",
  code: "HIVER10",
  description: "Soldes d'hiver",
  kind: "percentage",
  percent_off: 10,
  amount_off_cents: null,
  min_order_cents: 3000,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  used_count: 4,
  per_customer_limit: 1,
  customer_email: null,
  category_ids: [],
  active: true,
  origin: "admin",
  created_at: "2026-11-02T10:00:00.000Z",
  updated_at: "2026-11-02T10:00:00.000Z",
};

async function show(may?: PromotionsPageAccess) {
  const Stub = createRoutesStub([
    { path: "/admin/promotions", Component: () => withI18n(<AdminPromotionsView codes={[code]} categories={[]} may={may} />) },
  ]);
  await act(async () => dom.root.render(<Stub initialEntries={["/admin/promotions"]} />));
}

const buttons = () => [...dom.container.querySelectorAll("button")].map((b) => b.textContent);
const headers = () => [...dom.container.querySelectorAll("thead th")].map((th) => th.textContent);

describe("Codes promo by role", () => {
  it("shows a read-only role the codes without any way to change them, and says why", async () => {
    await show({ write: false });
    expect(dom.container.textContent).toContain(readOnlyMessage(PROMOTIONS_READ_ONLY));
    expect(dom.container.textContent).toContain("HIVER10");
    expect(dom.container.textContent).toContain("Soldes d'hiver");
    expect(buttons()).toEqual([]);
    expect(headers()).not.toContain("Actions");
    expect(dom.container.querySelector("form")).toBeNull();
  });

  it("keeps the owner's buttons, without the line", async () => {
    await show();
    expect(buttons()).toEqual(["Nouveau code promo", "Modifier", "Désactiver"]);
    expect(headers()).toContain("Actions");
    expect(dom.container.textContent).not.toContain("Lecture seule");
  });
});
