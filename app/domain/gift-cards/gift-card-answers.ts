/** Answers of the /carte-cadeau action (isomorphic types). */
import type { GiftCardConfig } from "./gift-card.rules";

export type GiftCardPageAnswer =
  | { intent: "add"; ok: true; card: GiftCardConfig }
  | { intent: "add"; ok: false; message: string; fieldErrors: Record<string, string> }
  | {
      intent: "balance";
      ok: true;
      card: { last4: string; balance_cents: number; amount_cents: number; expires_at: string; expired: boolean };
    }
  | { intent: "balance"; ok: false; message: string };
