// @vitest-environment happy-dom
/**
 * Avis for a role that reads the reviews without moderating them (decision 066): the reviews and
 * the filters stay, 'Publier', 'Refuser' and 'Répondre' are left out and the page says why; the
 * owner keeps them.
 */
import { act } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { reactRoot } from "../../../../tests/support/react-root";
import { withI18n } from "../../../../tests/support/i18n";
import type { AdminReviewView } from "~/domain/reviews/review-rules";
import { AdminReviewsView, REVIEWS_READ_ONLY, type ReviewsPageAccess } from "./admin-reviews-view";
import { readOnlyMessage } from "./read-only-notice";

const dom = reactRoot();

function review(overrides: Partial<AdminReviewView>): AdminReviewView {
  return {
    id: "r1",
    product_id: "p1",
    variant_id: null,
    variant_label: null,
    rating: 4,
    title: "Très doux",
    body: "Ma peau est apaisée.",
    skin_type: null,
    age_range: null,
    author: "Camille D.",
    verified: true,
    helpful_count: 0,
    created_at: "2026-11-02T10:00:00.000Z",
    published_at: null,
    shop_answer: null,
    shop_answered_at: null,
    photos: [],
    status: "pending",
    rejection_reason: null,
    product_name: "Crème hydratante",
    user_id: null,
    report_count: 0,
    moderated_at: null,
    ...overrides,
  };
}
const reviews = [review({}), review({ id: "r2", title: "Parfait", status: "published" })];

async function show(may?: ReviewsPageAccess) {
  const Stub = createRoutesStub([
    {
      path: "/admin/avis",
      Component: () =>
        withI18n(
          <AdminReviewsView
            filters={{ status: "", rating: "", withPhotos: false, q: "" }}
            page={{ reviews, page: 1, page_count: 1, total: 2 }}
            may={may}
          />,
        ),
    },
  ]);
  await act(async () => dom.root.render(<Stub initialEntries={["/admin/avis"]} />));
}

const buttons = () => [...dom.container.querySelectorAll("button")].map((b) => b.textContent);

describe("Avis by role", () => {
  it("shows a read-only role the reviews and the filter without moderating them, and says why", async () => {
    await show({ write: false });
    expect(dom.container.textContent).toContain(readOnlyMessage(REVIEWS_READ_ONLY));
    expect(dom.container.querySelectorAll("article")).toHaveLength(2);
    expect(buttons()).toEqual(["Filtrer"]);
  });

  it("keeps the owner's moderation buttons, without the line", async () => {
    await show();
    expect(buttons()).toEqual([
      "Filtrer",
      "Publier l'avis « Très doux »",
      "Refuser l'avis « Très doux »",
      "Refuser l'avis « Parfait »",
      "Répondre à l'avis « Parfait »",
    ]);
    expect(dom.container.textContent).not.toContain("Lecture seule");
  });
});
