// @vitest-environment happy-dom
/**
 * Cartes cadeaux for a role that reads them without changing them (decision 066): the list and
 * each card's history stay, 'Désactiver' is left out and the page says why; the owner keeps it.
 */
import { act } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { reactRoot } from "../../../../tests/support/react-root";
import { withI18n } from "../../../../tests/support/i18n";
import type { AdminGiftCardView } from "~/domain/gift-cards/gift-card-admin.types";
import { AdminGiftCardsView, GIFT_CARDS_READ_ONLY, type GiftCardsPageAccess } from "./admin-gift-cards-view";
import { readOnlyMessage } from "./read-only-notice";

const dom = reactRoot();

const card: AdminGiftCardView = {
  id: "11111111-1111-4111-8111-111111111111",
  last4: "AB12",
  amount_cents: 5000,
  balance_cents: 3000,
  status: "active",
  expired: false,
  delivery_mode: "email",
  recipient_email: "ami@example.com",
  buyer_email: "camille@example.com",
  order_reference: null,
  expires_at: "2027-11-02T10:00:00.000Z",
  created_at: "2026-11-02T10:00:00.000Z",
};

async function show(may?: GiftCardsPageAccess) {
  const Stub = createRoutesStub([
    {
      path: "/admin/cartes-cadeaux",
      Component: () =>
        withI18n(
          <AdminGiftCardsView
            query={{ q: "", page: 1 }}
            list={{ cards: [card], total: 1, page: 1, page_count: 1 }}
            ledger={null}
            ledgerCardId={null}
            may={may}
          />,
        ),
    },
  ]);
  await act(async () => dom.root.render(<Stub initialEntries={["/admin/cartes-cadeaux"]} />));
}

const disable = () => dom.container.querySelector(`[aria-label="Désactiver la carte cadeau •••• ${card.last4}"]`);
const history = () => dom.container.querySelector(`[aria-label="Historique de la carte cadeau •••• ${card.last4}"]`);

describe("Cartes cadeaux by role", () => {
  it("shows a read-only role the cards and their history without 'Désactiver', and says why", async () => {
    await show({ write: false });
    expect(dom.container.textContent).toContain(readOnlyMessage(GIFT_CARDS_READ_ONLY));
    expect(history()).not.toBeNull();
    expect(disable()).toBeNull();
    expect(dom.container.querySelector("form[method='post']")).toBeNull();
  });

  it("keeps the owner's 'Désactiver', without the line", async () => {
    await show();
    expect(disable()).not.toBeNull();
    expect(dom.container.textContent).not.toContain("Lecture seule");
  });
});
