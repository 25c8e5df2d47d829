import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { withI18n } from "../../../../tests/support/i18n";
import type { TrackingEventView } from "~/domain/orders/order.types";
import { OrderTracking, type OrderTrackingProps } from "./order-tracking";

const EVENTS: TrackingEventView[] = [
  { kind: "label_created", label: "Étiquette créée", location: null, occurred_at: "2026-03-02T08:15:00.000Z" },
  { kind: "in_transit", label: "Colis en cours d'acheminement", location: "Plateforme de Lyon", occurred_at: "2026-03-02T18:40:00.000Z" },
  { kind: "delivered", label: "Colis livré", location: "Paris 11e", occurred_at: "2026-03-03T10:05:00.000Z" },
];

function render(order: Partial<OrderTrackingProps["order"]>, language: "fr" | "en" = "fr"): string {
  const view: OrderTrackingProps["order"] = {
    carrier: "Colissimo",
    tracking_number: "6A12345678901",
    tracking_url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
    shipped_at: "2026-03-02T08:00:00.000Z",
    tracking_events: [],
    ...order,
  };
  return renderToStaticMarkup(withI18n(<OrderTracking order={view} />, language));
}

/** The <li> elements of the markup, in order. */
const itemsOf = (html: string) => [...html.matchAll(/<li[^>]*>.*?<\/li>/g)].map((m) => m[0]);

describe("OrderTracking: the parcel's events (decision 062)", () => {
  it("lists the carrier's events newest first in an ordered list, the latest marked as the current step", () => {
    const html = render({ tracking_events: EVENTS });
    expect(html).toContain("Suivi du colis");
    expect(html).toContain("Étapes du colis");
    expect(html).toMatch(/<ol[^>]*aria-labelledby="[^"]+"/);
    const items = itemsOf(html);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain("Colis livré");
    expect(items[0]).toContain("Paris 11e");
    expect(items[1]).toContain("Plateforme de Lyon");
    expect(items[2]).toContain("Étiquette créée");
    expect(items[0]).toContain('aria-current="step"');
    expect(items.slice(1).some((item) => item.includes("aria-current"))).toBe(false);
    // Date and time in the shop's zone (Paris, UTC+1 in March), with the machine-readable instant.
    expect(items[0]).toMatch(/datetime="2026-03-03T10:05:00.000Z"/i);
    expect(items[0]).toMatch(/03\/03\/2026.*11:05/);
    // The number and the carrier's link stay above the events.
    expect(html.indexOf("6A12345678901")).toBeLessThan(html.indexOf("<ol"));
  });

  it("shows the events before the order carries its carrier and number: a label printed, a parcel moving", () => {
    const html = render({
      carrier: null,
      tracking_number: null,
      tracking_url: null,
      shipped_at: null,
      tracking_events: EVENTS.slice(0, 2),
    });
    const items = itemsOf(html);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain("Plateforme de Lyon");
    expect(items[0]).toContain('aria-current="step"');
    expect(html).not.toContain("<a ");
  });

  it("shows nothing without a parcel number or an event, and no list without events", () => {
    expect(render({ carrier: null, tracking_number: null, tracking_url: null })).toBe("");
    const shipped = render({});
    expect(shipped).toContain("6A12345678901");
    expect(shipped).not.toContain("<ol");
  });

  it("writes the heading in English and tells screen readers the carrier's wording is French", () => {
    const html = render({ tracking_events: EVENTS }, "en");
    expect(html).toContain("Parcel progress");
    expect(itemsOf(html)[0]).toContain('lang="fr"');
    expect(render({ tracking_events: EVENTS }, "fr")).not.toContain('lang="fr"');
  });
});
