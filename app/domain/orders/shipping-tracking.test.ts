import { describe, expect, it } from "vitest";
import { CARRIER_RULES, ShipOrderSchema, trackingUrlOf } from "./shipping-tracking";

const messageOf = (input: unknown) => {
  const parsed = ShipOrderSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("tracking numbers", () => {
  it("accepts each carrier's example and normalises spaces, dashes and case", () => {
    for (const [carrier, rule] of Object.entries(CARRIER_RULES)) {
      expect(messageOf({ carrier, tracking_number: rule.example }), carrier).toBeNull();
    }
    expect(ShipOrderSchema.parse({ carrier: "chronopost", tracking_number: " xy 123-456-789 fr " }).tracking_number).toBe("XY123456789FR");
  });

  it("refuses a number in another carrier's format with a French message", () => {
    expect(messageOf({ carrier: "ups", tracking_number: "XY123456789FR" })).toBe(
      "Numéro de suivi UPS invalide (exemple : 1Z999AA10123456784)",
    );
    expect(messageOf({ carrier: "colissimo", tracking_number: "1Z999AA10123456784" })).toMatch(/^Numéro de suivi Colissimo invalide/);
    expect(messageOf({ carrier: "ups", tracking_number: "" })).toBe("Le numéro de suivi est obligatoire");
    expect(messageOf({ carrier: "dhl", tracking_number: "123" })).toBe("Choisissez un transporteur");
    expect(messageOf({ carrier: "ups", tracking_number: "1Z".padEnd(60, "9") })).toBe("40 caractères au maximum");
  });

  it("builds the carrier's public tracking page", () => {
    expect(trackingUrlOf("colissimo", "6A12345678901")).toBe("https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901");
    expect(trackingUrlOf("ups", "1Z999AA10123456784")).toContain("tracknum=1Z999AA10123456784");
  });
});
