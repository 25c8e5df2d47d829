/** Time left on the cart and its warning level (spec §4: urgent under 30 min, critical under 10). */
import { useEffect, useState } from "react";
import { CART_CRITICAL_MS, CART_URGENT_MS } from "~/lib/shop-rules";

export type CartExpiryLevel = "normal" | "urgent" | "critical" | "expired";

export function cartExpiryLevel(remainingMs: number): CartExpiryLevel {
  if (!(remainingMs > 0)) return "expired";
  if (remainingMs < CART_CRITICAL_MS) return "critical";
  if (remainingMs < CART_URGENT_MS) return "urgent";
  return "normal";
}

/** "2h 5min" or "7min", the minutes rounded up (a cart with 30 s left shows "1min"). */
export function formatCartRemaining(remainingMs: number): string {
  const minutes = Math.max(0, Math.ceil(remainingMs / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours}h ${rest}min` : `${rest}min`;
}

/** The current time, refreshed every `intervalMs` while the component is mounted. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
