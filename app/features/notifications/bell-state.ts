/**
 * The header bell's state: the loaded list, the unread count, and live arrivals. Kept apart from
 * the component so its rules (no duplicates, no double count, never below 0) are tested directly.
 */
import { HEADER_NOTIFICATIONS_LIMIT } from "~/lib/shop-rules";
import { decrementUnread } from "~/domain/notifications/notification.rules";
import type { NotificationView } from "~/domain/notifications/notification.types";

export type BellState = {
  items: NotificationView[];
  unread: number;
  loaded: boolean;
  /** Live arrivals before the first list came back: merged into it, so none is lost or counted twice. */
  early: NotificationView[];
};

export type BellAction =
  | { type: "loaded"; items: NotificationView[]; unread: number }
  | { type: "arrived"; notification: NotificationView }
  | { type: "read"; id: string }
  | { type: "read-all" }
  | { type: "removed"; id: string };

export const initialBellState: BellState = { items: [], unread: 0, loaded: false, early: [] };

export function bellReducer(state: BellState, action: BellAction): BellState {
  switch (action.type) {
    case "loaded": {
      const extra = state.early.filter((n) => !action.items.some((i) => i.id === n.id));
      return {
        items: [...extra, ...action.items].slice(0, HEADER_NOTIFICATIONS_LIMIT),
        unread: action.unread + extra.filter((n) => !n.is_read).length,
        loaded: true,
        early: [],
      };
    }
    case "arrived": {
      const n = action.notification;
      if (!state.loaded) {
        return state.early.some((e) => e.id === n.id) ? state : { ...state, early: [n, ...state.early] };
      }
      if (state.items.some((i) => i.id === n.id)) return state;
      return {
        ...state,
        items: [n, ...state.items].slice(0, HEADER_NOTIFICATIONS_LIMIT),
        unread: state.unread + (n.is_read ? 0 : 1),
      };
    }
    case "read": {
      const target = state.items.find((i) => i.id === action.id);
      if (!target || target.is_read) return state;
      return {
        ...state,
        items: state.items.map((i) => (i.id === action.id ? { ...i, is_read: true } : i)),
        unread: decrementUnread(state.unread),
      };
    }
    case "read-all":
      return { ...state, items: state.items.map((i) => (i.is_read ? i : { ...i, is_read: true })), unread: 0 };
    case "removed": {
      const target = state.items.find((i) => i.id === action.id);
      if (!target) return state;
      return {
        ...state,
        items: state.items.filter((i) => i.id !== action.id),
        unread: target.is_read ? state.unread : decrementUnread(state.unread),
      };
    }
  }
}
