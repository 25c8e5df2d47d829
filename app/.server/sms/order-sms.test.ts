import { describe, expect, it } from "vitest";
import { mailWording } from "~/.server/mail/templates";
import { orderSmsText } from "./order-sms";

const facts = {
  orderNumber: "AUR-2026-000123",
  carrierLabel: "UPS",
  trackingNumber: "1Z999",
  trackingUrl: "https://ups.example/1Z999",
};

describe("order SMS", () => {
  it("says shipped with the tracking, delivered, and nothing for other statuses, in French", () => {
    const fr = mailWording("fr");
    expect(orderSmsText({ ...facts, status: "shipped" }, fr)).toBe(
      "Aurore : votre commande AUR-2026-000123 est expédiée. Suivi UPS n° 1Z999 : https://ups.example/1Z999",
    );
    expect(orderSmsText({ ...facts, status: "shipped", trackingNumber: null }, fr)).toBe(
      "Aurore : votre commande AUR-2026-000123 est expédiée.",
    );
    expect(orderSmsText({ ...facts, status: "shipped", carrierLabel: null, trackingUrl: null }, fr)).toBe(
      "Aurore : votre commande AUR-2026-000123 est expédiée. Suivi n° 1Z999",
    );
    expect(orderSmsText({ ...facts, status: "delivered" }, fr)).toBe(
      "Aurore : votre commande AUR-2026-000123 a été livrée. Merci pour votre confiance !",
    );
    expect(orderSmsText({ ...facts, status: "processing" }, fr)).toBeNull();
  });

  it("speaks English to an English-speaking shopper", () => {
    const en = mailWording("en");
    expect(orderSmsText({ ...facts, status: "shipped" }, en)).toBe(
      "Aurore: your order AUR-2026-000123 has been shipped. UPS tracking no. 1Z999: https://ups.example/1Z999",
    );
    expect(orderSmsText({ ...facts, status: "delivered" }, en)).toBe(
      "Aurore: your order AUR-2026-000123 has been delivered. Thank you for shopping with us!",
    );
    expect(orderSmsText({ ...facts, status: "cancelled" }, en)).toBeNull();
  });
});
