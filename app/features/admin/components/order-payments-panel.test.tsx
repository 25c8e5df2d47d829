import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { withI18n } from "../../../../tests/support/i18n";
import type { OrderChargeView, OrderDisputeView, OrderPaymentsView } from "~/domain/payments/order-payments";
import { OrderPayments, OrderPaymentsPanel } from "./order-payments-panel";

const PI = "pi_3QabcDEF123";

function charge(overrides: Partial<OrderChargeView>): OrderChargeView {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    kind: "payment",
    instalment_seq: null,
    provider: "stripe",
    provider_payment_id: PI,
    amount_cents: 8990,
    currency: "EUR",
    status: "succeeded",
    created_at: "2026-03-02T09:29:00.000Z",
    charged_at: "2026-03-02T09:30:00.000Z",
    due_date: null,
    dashboard_url: `https://dashboard.stripe.com/test/payments/${PI}`,
    ...overrides,
  };
}

function dispute(overrides: Partial<OrderDisputeView>): OrderDisputeView {
  return {
    id: "dp_1",
    provider: "stripe",
    provider_payment_id: PI,
    amount_cents: 8990,
    currency: "EUR",
    reason: "product_not_received",
    status: "needs_response",
    evidence_due_by: "2026-03-20T22:59:59.000Z",
    opened_at: "2026-03-06T08:00:00.000Z",
    needs_response: true,
    response_overdue: false,
    dashboard_url: `https://dashboard.stripe.com/test/payments/${PI}`,
    ...overrides,
  };
}

function render(payments: Partial<OrderPaymentsView>, language: "fr" | "en" = "fr"): string {
  const view: OrderPaymentsView = {
    order_id: "00000000-0000-4000-8000-0000000000aa",
    charges: [],
    external_refunds: [],
    disputes: [],
    ...payments,
  };
  return renderToStaticMarkup(withI18n(<OrderPayments payments={view} refundsHref="#order-refunds" />, language));
}

/** The <a> elements of the markup that point to `href`. */
function linksTo(html: string, href: string): string[] {
  return [...html.matchAll(/<a [^>]*>.*?<\/a>/g)].map((m) => m[0]).filter((a) => a.includes(`href="${href}"`));
}

describe("OrderPayments", () => {
  it("shows a Stripe charge with its PaymentIntent, status and a dashboard link opening in a new tab", () => {
    const html = render({ charges: [charge({})] });
    expect(html).toContain("Paiements par carte");
    expect(html).toContain("Paiement de la commande");
    expect(html).toContain("89,90");
    expect(html).toContain(">Payé<");
    expect(html).toContain("Débité le");
    expect(html).toContain(`Stripe · <code class="break-all">${PI}</code>`);
    const [link] = linksTo(html, `https://dashboard.stripe.com/test/payments/${PI}`);
    expect(link).toContain('target="_blank"');
    expect(link).toContain('rel="noopener noreferrer"');
    expect(link).toContain(`aria-label="Voir dans le tableau de bord Stripe : paiement ${PI} (s&#x27;ouvre dans un nouvel onglet)"`);
    expect(link).toContain(">Voir dans le tableau de bord Stripe<");
    // The shop's own refunds stay in 'Remboursements': a link, not a second list.
    expect(linksTo(html, "#order-refunds")[0]).toContain(">Remboursements<");
  });

  it("shows the simulated acquirer's charge and the instalments without a dashboard link, an unpaid one as 'Échéance impayée'", () => {
    const html = render({
      charges: [
        charge({
          provider: "simulated",
          provider_payment_id: "sim_1",
          instalment_seq: 1,
          due_date: "2026-03-02",
          dashboard_url: null,
          amount_cents: 3334,
        }),
        charge({
          id: "i2",
          kind: "instalment",
          instalment_seq: 2,
          provider: "simulated",
          provider_payment_id: "sim_2",
          dashboard_url: null,
          amount_cents: 3333,
        }),
        charge({
          id: "i3",
          kind: "instalment",
          instalment_seq: 3,
          provider: "simulated",
          provider_payment_id: null,
          status: "unpaid",
          charged_at: null,
          due_date: "2026-05-01",
          dashboard_url: null,
          amount_cents: 3333,
        }),
      ],
    });
    expect(html).toContain("Paiement de la commande (échéance 1/3)");
    expect(html).toContain("Échéance 2/3");
    expect(html).toContain(">Payée<");
    expect(html).toContain("Échéance 3/3");
    expect(html).toContain(">Échéance impayée<");
    expect(html).toContain("Prévue le 1 mai 2026");
    expect(html).toContain("Acquéreur simulé · <code");
    expect(html).toContain("Pas encore d&#x27;identifiant chez le prestataire");
    expect(html).not.toContain("dashboard.stripe.com");
    expect(html).not.toContain("Voir dans le tableau de bord Stripe");
  });

  it("warns of a dispute that needs an answer, with its reason, status and the day evidence is due", () => {
    const html = render({
      charges: [charge({})],
      disputes: [
        dispute({}),
        dispute({ id: "dp_2", reason: "a_brand_new_reason", status: "won", needs_response: false, evidence_due_by: null }),
      ],
    });
    expect(html).toContain(">Litiges<");
    const alert = html.match(/<p role="alert"[^>]*>(.*?)<\/p>/)?.[1];
    expect(alert).toBe(
      "Litige à traiter : répondez avec vos justificatifs depuis le tableau de bord Stripe avant le 20 mars 2026, faute de quoi le montant est perdu.",
    );
    expect(html.match(/role="alert"/g)).toHaveLength(1);
    expect(html).toContain("Produit non reçu");
    expect(html).toContain("Statut : Réponse attendue");
    expect(html).toContain("Réponse avant le 20 mars 2026");
    // A reason the shop does not know yet is shown as Stripe sent it.
    expect(html).toContain(">a_brand_new_reason<");
    expect(html).toContain("Statut : Gagné");
    // "Répondre" while Stripe waits for evidence; a decided dispute is only to be looked at.
    const disputeLinks = linksTo(html, `https://dashboard.stripe.com/test/payments/${PI}`);
    const answer = disputeLinks.filter((a) => a.includes(">Répondre dans le tableau de bord Stripe<"));
    expect(answer).toHaveLength(1);
    expect(answer[0]).toContain('rel="noopener noreferrer"');
    expect(answer[0]).toContain(
      `aria-label="Répondre dans le tableau de bord Stripe : litige du paiement ${PI} (s&#x27;ouvre dans un nouvel onglet)"`,
    );
    const view = disputeLinks.filter((a) => a.includes(">Voir le litige dans le tableau de bord Stripe<"));
    expect(view).toHaveLength(1);
    expect(view[0]).toContain(
      `aria-label="Voir le litige dans le tableau de bord Stripe : paiement ${PI} (s&#x27;ouvre dans un nouvel onglet)"`,
    );
  });

  it("drops the warning once the dispute is under review, and words the bank's decision", () => {
    const html = render({
      disputes: [
        dispute({ status: "under_review", needs_response: false }),
        dispute({ id: "dp_2", status: "lost", needs_response: false }),
      ],
    });
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("Litige à traiter");
    expect(html).toContain("Statut : Réponse à l&#x27;étude par la banque");
    expect(html).toContain("Statut : Perdu");
    expect(html).not.toContain(">Répondre dans le tableau de bord Stripe<");
    expect(html).toContain("Le statut suit ce que Stripe signale");

    const en = render(
      {
        disputes: [
          dispute({ status: "under_review", needs_response: false }),
          dispute({ id: "dp_2", status: "won", needs_response: false }),
        ],
      },
      "en",
    );
    expect(en).not.toContain('role="alert"');
    expect(en).toContain("Status: Response under review by the bank");
    expect(en).toContain("Status: Won");
    expect(en).toContain(">View the dispute in the Stripe dashboard<");
  });

  it("says when the day to answer has passed", () => {
    const html = render({ disputes: [dispute({ needs_response: false, response_overdue: true, reason: "fraudulent" })] });
    expect(html).toContain("Le délai de réponse a expiré le 20 mars 2026");
    expect(html).toContain("Fraude : paiement non autorisé par le titulaire de la carte");
  });

  it("lists the refunds made in Stripe's dashboard", () => {
    const html = render({
      charges: [charge({})],
      external_refunds: [
        {
          id: "re_1",
          provider: "stripe",
          provider_payment_id: PI,
          amount_cents: 300,
          currency: "EUR",
          reason: "requested_by_customer",
          refunded_at: "2026-03-05T10:00:00.000Z",
          dashboard_url: `https://dashboard.stripe.com/test/payments/${PI}`,
        },
      ],
    });
    expect(html).toContain("Remboursements hors boutique");
    expect(html).toContain("Demandé par le client");
    expect(html).toContain("-3,00");
    expect(html).toContain("Remboursé le");
  });

  it("says there is no card payment when gift cards paid everything", () => {
    const html = render({});
    expect(html).toContain("Aucun paiement par carte sur cette commande.");
    expect(html).not.toContain("<ul");
  });

  it("speaks English in English", () => {
    const html = render({ charges: [charge({})], disputes: [dispute({})] }, "en");
    expect(html).toContain("Card payments");
    expect(html).toContain(">Paid<");
    expect(html).toContain("Product not received");
    expect(html).toContain(
      "Dispute to handle: respond with your evidence from the Stripe dashboard by 20 March 2026, or the amount is lost.",
    );
    expect(html).toContain(`aria-label="View in the Stripe dashboard: payment ${PI} (opens in a new tab)"`);
  });
});

describe("OrderPaymentsPanel", () => {
  it("titles the section 'Paiements' and says it is loading before the answer", () => {
    const html = renderToStaticMarkup(withI18n(<OrderPaymentsPanel orderId="00000000-0000-4000-8000-0000000000aa" />));
    expect(html).toContain(">Paiements</h3>");
    expect(html).toContain("Chargement des paiements…");
  });
});
