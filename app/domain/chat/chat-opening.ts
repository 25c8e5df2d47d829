/**
 * When the live chat opens next, as data the closed card words in the page's language
 * (decision 044). Apart from app/domain/chat/chat.ts (zod and the forms' rules) because the card
 * is on a storefront page: only these few bytes reach its bundle.
 */
import type { Weekday } from "~/domain/settings/shop-identity";

/** Days from today (0 today, 1 tomorrow), that day (1 Monday ... 7 Sunday) and its opening time ("09:00"), Paris time. */
export type ChatNextOpening = { dayOffset: number; weekday: Weekday; opens: string };

/** The values of the message `common.chat.nextOpening`: day is "today", "tomorrow" or the weekday's number. */
export function nextOpeningValues(next: ChatNextOpening): { day: string; hour: number; minute: string } {
  const [hour = "0", minute = "00"] = next.opens.split(":");
  return { day: next.dayOffset === 0 ? "today" : next.dayOffset === 1 ? "tomorrow" : String(next.weekday), hour: Number(hour), minute };
}
