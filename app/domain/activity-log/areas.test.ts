import { describe, expect, it } from "vitest";
import { ACTIVITY_ACTION_LABELS, activityQueryString, readActivityQuery } from "./activity-log";
import { ACTIVITY_ACTION_AREAS, activityActionsOfArea, activityAreaLabel, activityAreaOf, activityAreasOf } from "./areas";
import { PERMISSION_AREAS } from "~/domain/staff/permissions";

const ACTIONS = Object.keys(ACTIVITY_ACTION_LABELS);

describe("the area of each recorded action", () => {
  it("gives every action the log records one of Équipe's areas, and nothing else", () => {
    const missing = ACTIONS.filter((action) => !(PERMISSION_AREAS as readonly string[]).includes(activityAreaOf(action) ?? ""));
    expect(missing).toEqual([]);
    expect(Object.keys(ACTIVITY_ACTION_AREAS).sort()).toEqual([...ACTIONS].sort());
  });

  it("splits the actions between the areas, each exactly once", () => {
    const byArea = PERMISSION_AREAS.flatMap((area) => activityActionsOfArea(area));
    expect(byArea).toHaveLength(ACTIONS.length);
    expect(new Set(byArea)).toEqual(new Set(ACTIONS));
  });

  it("files an action under the area whose permission allows it, not always its entity's", () => {
    expect(activityAreaOf("order.refund")).toBe("refunds");
    expect(activityAreaOf("order.ship")).toBe("orders");
    expect(activityAreaOf("settings.tax_rates_update")).toBe("accounting");
    expect(activityAreaOf("settings.identity_update")).toBe("settings");
    expect(activityAreaOf("brand.delete")).toBe("catalog");
    expect(activityAreaOf("stock.adjust")).toBe("stock");
    expect(activityAreaOf("ticket.note")).toBe("support");
    expect(activityAreaOf("staff_role.delete")).toBe("team");
    expect(activityAreaOf("client.export")).toBe("clients");
    expect(activityActionsOfArea("returns")).toEqual(["return.receive"]);
    expect(activityActionsOfArea("statistics")).toEqual([]);
  });

  it("knows no area for an action it does not record", () => {
    expect(activityAreaOf("inconnu.action")).toBeNull();
    expect(activityAreaOf("toString")).toBeNull();
  });

  it("offers the areas that occur in Équipe's order, with the one chosen even when nothing matches", () => {
    expect(activityAreasOf(["webhook.delete", "order.ship", "brand.create", "order.status_change", "autre"])).toEqual([
      "orders",
      "catalog",
      "webhooks",
    ]);
    expect(activityAreasOf(["webhook.delete"], "statistics")).toEqual(["statistics", "webhooks"]);
    expect(activityAreaLabel("gift_cards")).toBe("Cartes cadeaux");
    expect(activityAreaLabel("api_keys")).toBe("Clés API");
  });
});

describe("the « domaine » filter in the address", () => {
  it("reads a known area, drops an unknown one like the other malformed filters", () => {
    expect(readActivityQuery(new URLSearchParams({ domaine: "refunds" })).area).toBe("refunds");
    expect(readActivityQuery(new URLSearchParams({ domaine: " team " })).area).toBe("team");
    expect(readActivityQuery(new URLSearchParams({ domaine: "inconnu" })).area).toBe("");
    expect(readActivityQuery(new URLSearchParams({ domaine: "Orders" })).area).toBe("");
    expect(readActivityQuery(new URLSearchParams({ domaine: "orders\u0000" })).area).toBe("");
    expect(readActivityQuery(new URLSearchParams()).area).toBe("");
  });

  it("writes it back for the pager and the links", () => {
    const query = readActivityQuery(new URLSearchParams({ domaine: "webhooks", acteur: "cle-1" }));
    expect(activityQueryString(query, 2)).toBe("?acteur=cle-1&domaine=webhooks&page=2");
    expect(readActivityQuery(new URLSearchParams(activityQueryString(query).slice(1)))).toEqual(query);
  });
});
