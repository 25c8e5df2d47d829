import { describe, expect, it } from "vitest";
import { convertCents } from "./exchange-rates";
import { formatForeignPrice } from "~/lib/money";
import { orderSmsText } from "~/domain/notifications/order-sms";

describe("indicative prices", () => {
  it("converts euro cents with the rate and writes them the French way", () => {
    expect(convertCents(1463, 0.95)).toBe(1390);
    expect(formatForeignPrice(convertCents(1463, 0.95), "CHF")).toBe("13,90\u00a0CHF");
    expect(formatForeignPrice(convertCents(1000, 1.08), "USD")).toBe("10,80\u00a0$US");
    expect(convertCents(999, 1.1234)).toBe(1122);
  });
});

describe("order SMS", () => {
  it("says shipped with the tracking, delivered, and nothing for other statuses", () => {
    const facts = {
      orderNumber: "AUR-2026-000123",
      carrierLabel: "UPS",
      trackingNumber: "1Z999",
      trackingUrl: "https://ups.example/1Z999",
    };
    expect(orderSmsText({ ...facts, status: "shipped" })).toBe(
      "Aurore : votre commande AUR-2026-000123 est expédiée. Suivi UPS n° 1Z999 : https://ups.example/1Z999",
    );
    expect(orderSmsText({ ...facts, status: "shipped", trackingNumber: null })).toBe(
      "Aurore : votre commande AUR-2026-000123 est expédiée.",
    );
    expect(orderSmsText({ ...facts, status: "delivered" })).toBe(
      "Aurore : votre commande AUR-2026-000123 a été livrée. Merci pour votre confiance !",
    );
    expect(orderSmsText({ ...facts, status: "processing" })).toBeNull();
  });
});
