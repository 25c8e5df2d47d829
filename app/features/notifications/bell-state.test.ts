import { describe, expect, it } from "vitest";
import { HEADER_NOTIFICATIONS_LIMIT } from "~/lib/shop-rules";
import { bellReducer, initialBellState, type BellAction, type BellState } from "./bell-state";
import type { NotificationView } from "~/domain/notifications/notification.types";

let seq = 0;
function n(overrides: Partial<NotificationView> = {}): NotificationView {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    type: "order_status",
    priority: "normal",
    title: `Commande ${seq}`,
    message: "Votre commande a changé de statut.",
    is_read: false,
    action_url: null,
    metadata: { new_status: "shipped" },
    message_key: null,
    params: null,
    created_at: new Date(Date.UTC(2025, 5, 1, 0, seq)).toISOString(),
    ...overrides,
  };
}

const run = (state: BellState, ...actions: BellAction[]) => actions.reduce(bellReducer, state);

describe("the bell's state", () => {
  it("prepends a live arrival and counts it once, even if it arrives twice", () => {
    const old = n();
    const fresh = n();
    const state = run(
      initialBellState,
      { type: "loaded", items: [old], unread: 1 },
      { type: "arrived", notification: fresh },
      { type: "arrived", notification: fresh },
    );
    expect(state.items.map((i) => i.id)).toEqual([fresh.id, old.id]);
    expect(state.unread).toBe(2);
  });

  it("merges arrivals that came before the first list, without counting one the list already has", () => {
    const inList = n();
    const missing = n();
    const state = run(
      initialBellState,
      { type: "arrived", notification: inList },
      { type: "arrived", notification: missing },
      { type: "loaded", items: [inList], unread: 1 },
    );
    expect(state.items.map((i) => i.id)).toEqual([missing.id, inList.id]);
    expect(state.unread).toBe(2);
    expect(state.early).toEqual([]);
  });

  it("keeps at most 50", () => {
    const items = Array.from({ length: HEADER_NOTIFICATIONS_LIMIT }, () => n());
    const fresh = n();
    const state = run(initialBellState, { type: "loaded", items, unread: 60 }, { type: "arrived", notification: fresh });
    expect(state.items).toHaveLength(HEADER_NOTIFICATIONS_LIMIT);
    expect(state.items[0].id).toBe(fresh.id);
    expect(state.unread).toBe(61);
  });

  it("lowers the count only for unread ones, and never below 0", () => {
    const a = n();
    const b = n({ is_read: true });
    const c = n();
    let state = run(initialBellState, { type: "loaded", items: [a, b, c], unread: 1 });
    state = run(state, { type: "read", id: a.id }, { type: "read", id: a.id });
    expect(state.unread).toBe(0);
    state = run(state, { type: "removed", id: c.id }, { type: "removed", id: b.id }, { type: "removed", id: "unknown" });
    expect(state.unread).toBe(0);
    expect(state.items.map((i) => i.id)).toEqual([a.id]);
  });

  it("marks everything read", () => {
    const state = run(initialBellState, { type: "loaded", items: [n(), n()], unread: 7 }, { type: "read-all" });
    expect(state.unread).toBe(0);
    expect(state.items.every((i) => i.is_read)).toBe(true);
  });
});
