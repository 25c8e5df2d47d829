import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { LoyaltySummary, LoyaltyTransactionView } from "~/domain/loyalty/loyalty.types";
import { BeautyPassCard } from "./beauty-pass-card";
import { BeautyPassHistory } from "./beauty-pass-history";
import { withI18n } from "../../../../tests/support/i18n";

const ORDER_ID = "0b6f3f9e-5a1c-4d2e-9f00-12ab34cd56ef";

function tx(i: number, overrides: Partial<LoyaltyTransactionView> = {}): LoyaltyTransactionView {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    points: 10 + i,
    type: "earned",
    description: `Points gagnés n° ${i}`,
    order_id: null,
    order_reference: null,
    created_at: new Date(Date.UTC(2026, 1, 20 - i, 12)).toISOString(),
    ...overrides,
  };
}

const summary: LoyaltySummary = {
  balance: 640,
  lifetime_points: 845,
  tier: { id: "expert", name: "Beauty Expert", min: 500, max: 999 },
  next_threshold: 1000,
  progress_percent: 64,
  points_to_next: 360,
  next_expiry: { points: 120, expires_at: "2026-04-05T10:00:00.000Z" },
  transactions: [
    tx(1, { order_id: ORDER_ID, order_reference: "CD56EF00", description: "Points gagnés pour la commande CD56EF00" }),
    tx(2, { points: -100, type: "used", description: "Points utilisés pour la commande" }),
    tx(3, { type: "reversed", points: -45, description: "Points annulés" }),
    ...Array.from({ length: 17 }, (_, i) => tx(i + 4)),
  ],
};

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(withI18n(<MemoryRouter>{node}</MemoryRouter>)).replace(/[\u202f\u00a0]/g, " ");

describe("BeautyPassCard", () => {
  it("shows tier, balance, lifetime points, the next reward and the latest 3 transactions", () => {
    const html = render(<BeautyPassCard summary={summary} />);
    expect(html).toContain("Beauty Expert");
    expect(html).toContain("640 points");
    expect(html).toContain("845 points");
    expect(html).toContain("Prochaine récompense : 1 000 points");
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="64"/);
    expect(html).toContain('aria-valuetext="640 points sur 1 000 points"');
    expect(html).toContain("360 points</span> pour atteindre le prochain palier");
    expect(html).toContain("60,00 € de réduction à utiliser");
    expect(html).toContain("120 points expirent le <time");
    expect(html).toContain("5 avril 2026");
    expect(html).toContain("+11 points");
    expect(html).toContain("Commande CD56EF00");
    expect(html).toContain("-100 points");
    expect(html).toContain("19 février 2026");
    expect(html).toContain("-45 points");
    expect(html).not.toContain("Points gagnés n° 4");
    expect(html).toContain('href="/dashboard?tab=profile#beauty-pass"');
  });

  it("past every threshold: 100 % and no points to go", () => {
    const html = render(
      <BeautyPassCard summary={{ ...summary, balance: 1200, next_threshold: null, points_to_next: null, progress_percent: 100 }} />,
    );
    expect(html).toContain("Tous les paliers de récompense sont atteints");
    expect(html).toMatch(/aria-valuenow="100"/);
    expect(html).not.toContain("pour atteindre le prochain palier");
  });

  it("falls back to the spec's message when the summary failed to load", () => {
    const html = render(<BeautyPassCard summary={null} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Erreur lors du chargement des points");
  });
});

describe("BeautyPassHistory", () => {
  it("lists all 20 transactions with their French type", () => {
    const html = render(<BeautyPassHistory summary={summary} />);
    expect(html.match(/<li /g)?.length).toBe(20);
    expect(html).toContain("Gagnés");
    expect(html).toContain("Utilisés");
    expect(html).toContain("Annulés");
    expect(html).toContain("Points gagnés n° 20");
    expect(html).toContain('id="beauty-pass"');
  });

  it("says 'Erreur lors du chargement des transactions' when they could not be read", () => {
    expect(render(<BeautyPassHistory summary={null} />)).toContain("Erreur lors du chargement des transactions");
  });
});
