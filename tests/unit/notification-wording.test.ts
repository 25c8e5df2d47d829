import { describe, expect, it } from "vitest";
import { pageI18n } from "~/.server/i18n/catalogs";
import { NOTIFICATION_MESSAGE_KEYS, type NotificationMessageKey } from "~/domain/notifications/notification-wording";
import { REVIEW_REJECTION_LABELS, REVIEW_REJECTION_REASONS } from "~/domain/reviews/review-rules";
import { disputeClosedNotice, disputeOpenedNotice, paymentMismatchNotice, refundedOutsideNotice } from "~/domain/payments/payment-alerts";
import { wordStoredNotification } from "../support/notification-wording";

/** A notification as a service stores it; its French text is unused when the key words it. */
const stored = (key: NotificationMessageKey, params: Record<string, string>) => ({
  title: "titre enregistré",
  message: "message enregistré",
  message_key: key,
  params,
});
const both = (key: NotificationMessageKey, params: Record<string, string>) => ({
  fr: wordStoredNotification("fr", stored(key, params)),
  en: wordStoredNotification("en", stored(key, params)),
});

describe("notification wording (decision 044)", () => {
  it("has a title and a message for every key in both languages", () => {
    for (const language of ["fr", "en"] as const) {
      const messages = pageI18n(language).messages;
      for (const key of NOTIFICATION_MESSAGE_KEYS) {
        expect(messages[`account.notification.${key}.title`], `${language} ${key}.title`).toBeDefined();
        expect(messages[`account.notification.${key}.message`], `${language} ${key}.message`).toBeDefined();
      }
    }
  });

  it("words a gift card offered by the shop, its amount and expiry in the reader's language", () => {
    const params = { amountCents: "2500", last4: "K7QP", expiresAt: "2029-11-26T10:00:00.000Z" };
    expect(both("giftCardOffered", params)).toEqual({
      fr: {
        title: "Vous avez reçu une carte cadeau",
        message:
          "L'équipe Aurore vous offre une carte cadeau de 25,00\u00a0€ (•••• K7QP), valable jusqu'au 26 novembre 2029. Son code vous a été envoyé par e-mail.",
      },
      en: {
        title: "You have received a gift card",
        message:
          "The Aurore team is giving you a gift card worth €25.00 (•••• K7QP), valid until 26 November 2029. Its code has been sent to you by e-mail.",
      },
    });
  });

  it("words an unpaid instalment", () => {
    expect(both("instalmentUnpaid", { orderNumber: "CMD-2026-000042", seq: "2", amountCents: "3333" })).toEqual({
      fr: {
        title: "Échéance impayée : commande CMD-2026-000042",
        message: "Votre échéance 2/3 de 33,33\u00a0€ n'a pas pu être prélevée après 3 tentatives.",
      },
      en: {
        title: "Unpaid instalment: order CMD-2026-000042",
        message: "Your instalment 2/3 of €33.33 could not be collected after 3 attempts.",
      },
    });
  });

  it("words a published review and a rejected one with each reason", () => {
    expect(both("reviewPublished", { title: "Très agréable" })).toEqual({
      fr: {
        title: "Votre avis est publié",
        message: "Merci ! Votre avis « Très agréable » est maintenant visible sur la fiche du produit.",
      },
      en: {
        title: "Your review has been published",
        message: "Thank you! Your review “Très agréable” is now visible on the product page.",
      },
    });
    expect(both("reviewRejected", { title: "Déçue", reason: "offensive" })).toEqual({
      fr: {
        title: "Votre avis n'a pas été publié",
        message:
          "Votre avis « Déçue » n'a pas été publié : Propos injurieux, discriminatoires ou diffamatoires. Vous pouvez le supprimer et en écrire un nouveau conforme à nos règles (/avis-clients).",
      },
      en: {
        title: "Your review was not published",
        message:
          "Your review “Déçue” was not published: Abusive, discriminatory or defamatory remarks. You can delete it and write a new one that follows our rules (/avis-clients).",
      },
    });
    // Every reason reads as the domain's French label, and has its own English words.
    const english = new Set<string>();
    for (const reason of REVIEW_REJECTION_REASONS) {
      const worded = both("reviewRejected", { title: "T", reason });
      expect(worded.fr.message).toContain(`n'a pas été publié : ${REVIEW_REJECTION_LABELS[reason]}. `);
      english.add(worded.en.message);
    }
    expect(english.size).toBe(REVIEW_REJECTION_REASONS.length);
  });

  it("words a ticket's reply title and keeps the administrator's words as typed", () => {
    const excerpt = "Bonjour, nous vous renvoyons un flacon {gratuit} dès demain.";
    expect(both("ticketReply", { ticketNumber: "SAV-2026-000007", excerpt })).toEqual({
      fr: { title: "Réponse à votre demande SAV-2026-000007", message: excerpt },
      en: { title: "Reply to your request SAV-2026-000007", message: excerpt },
    });
  });

  it("words a failing webhook", () => {
    expect(both("webhookFailing", { url: "https://erp.example.com/hooks" })).toEqual({
      fr: {
        title: "Webhook en échec",
        message: "Le webhook https://erp.example.com/hooks n'a pas pu être livré pendant 24 h : il est marqué en échec.",
      },
      en: {
        title: "Webhook failing",
        message: "The webhook https://erp.example.com/hooks could not be delivered for 24 hours: it is marked as failing.",
      },
    });
  });

  it("words an amount refunded on an order", () => {
    expect(both("orderRefunded", { orderNumber: "CMD-2026-000042", amountCents: "1250" })).toEqual({
      fr: {
        title: "Remboursement sur la commande CMD-2026-000042",
        message: "12,50\u00a0€ vous sont remboursés sur votre commande CMD-2026-000042.",
      },
      en: {
        title: "Refund on order CMD-2026-000042",
        message: "€12.50 is being refunded to you on your order CMD-2026-000042.",
      },
    });
  });

  it("words the administrators' payment notices in French as stored, and in English", () => {
    const dueBy = new Date("2030-01-15T12:00:00.000Z");
    const dispute = disputeOpenedNotice({
      disputeId: "dp_1",
      orderId: "o1",
      orderNumber: "AUR-2026-000042",
      amountCents: 4990,
      providerReason: "product_not_received",
      evidenceDueBy: dueBy,
    });
    const unknownReason = disputeOpenedNotice({
      disputeId: "dp_2",
      orderId: null,
      orderNumber: null,
      amountCents: 1200,
      providerReason: "bank_cannot_process",
      evidenceDueBy: null,
    });
    const outside = refundedOutsideNotice({ refundId: "re_1", orderId: "o1", orderNumber: "AUR-2026-000042", amountCents: 300 });
    const mismatch = paymentMismatchNotice({
      paymentId: "pi_1",
      attemptId: "a1",
      expected: { amountCents: 2500, currency: "EUR" },
      received: { amountCents: 2400, currency: "usd" },
    });
    const lost = disputeClosedNotice({
      disputeId: "dp_1",
      orderId: "o1",
      orderNumber: "AUR-2026-000042",
      amountCents: 4990,
      outcome: "lost",
    });
    const won = disputeClosedNotice({ disputeId: "dp_2", orderId: null, orderNumber: null, amountCents: 1200, outcome: "won" });
    // The catalog's French is the text the shop stored: one wording, whatever the page reads.
    for (const notice of [dispute, unknownReason, outside, mismatch, lost, won]) {
      expect(wordStoredNotification("fr", stored(notice.messageKey!, notice.params!))).toEqual({
        title: notice.title,
        message: notice.message,
      });
    }
    expect(dispute.message).toBe(
      "Le paiement de la commande AUR-2026-000042 (49,90\u00a0€) est contesté auprès de la banque : produit non reçu. Répondez-y depuis le tableau de bord Stripe avant le 15 janvier 2030, faute de quoi le montant est perdu.",
    );
    expect(wordStoredNotification("en", stored("paymentDisputed", dispute.params!))).toEqual({
      title: "Dispute opened: order AUR-2026-000042",
      message:
        "The payment for order AUR-2026-000042 (€49.90) is disputed with the bank: product not received. Respond from the Stripe dashboard before 15 January 2030, or the amount is lost.",
    });
    expect(wordStoredNotification("en", stored("paymentDisputed", unknownReason.params!))).toEqual({
      title: "Dispute opened on a payment",
      message:
        "A payment without an order (€12.00) is disputed with the bank: reason not given. Respond from the Stripe dashboard, or the amount is lost.",
    });
    expect(won).toMatchObject({
      title: "Litige gagné sur un paiement",
      message:
        "La banque a tranché le litige sur un paiement sans commande (12,00\u00a0€) en faveur de la boutique : le montant contesté lui revient.",
    });
    expect(wordStoredNotification("en", stored("paymentDisputeClosed", lost.params!))).toEqual({
      title: "Dispute lost: order AUR-2026-000042",
      message:
        "The bank has decided the dispute on the payment for order AUR-2026-000042 (€49.90) in the cardholder's favour: the amount is lost. The details are in the Stripe dashboard.",
    });
    expect(wordStoredNotification("en", stored("paymentDisputeClosed", won.params!))).toEqual({
      title: "Dispute won on a payment",
      message:
        "The bank has decided the dispute on a payment without an order (€12.00) in the shop's favour: the disputed amount comes back to it.",
    });
    expect(wordStoredNotification("en", stored("paymentRefundedOutside", outside.params!))).toEqual({
      title: "Refund made outside the shop: order AUR-2026-000042",
      message:
        "Stripe reports a refund of €3.00 on order AUR-2026-000042, made outside the shop (from the Stripe dashboard): it does not appear on the order.",
    });
    expect(wordStoredNotification("en", stored("paymentAmountMismatch", mismatch.params!))).toEqual({
      title: "Stripe payment refused: unexpected amount",
      message:
        "Stripe reports payment pi_1 of 24.00 USD whereas the shop asked for 25.00 EUR: it has not been taken into account. Check it in the Stripe dashboard.",
    });
  });

  it("keeps the stored French text of a notification without a known key", () => {
    const old = { title: "Ancienne", message: "Texte d'avant", message_key: null, params: null };
    expect(wordStoredNotification("en", old)).toEqual({ title: "Ancienne", message: "Texte d'avant" });
    expect(wordStoredNotification("en", { ...old, message_key: "unknownKey", params: {} })).toEqual({
      title: "Ancienne",
      message: "Texte d'avant",
    });
  });
});
