/** The /carte-cadeau action: add the configured card to the cart, check a balance. */
import { data } from "react-router";
import type { Database } from "~/.server/db/client";
import { readFormOrJson } from "~/.server/forms";
import { GiftCardCodeInputSchema } from "~/domain/gift-cards/gift-card-code";
import type { GiftCardPageAnswer } from "~/domain/gift-cards/gift-card-answers";
import { GiftCardConfigSchema } from "~/domain/gift-cards/gift-card.schema";
import { statusOf } from "~/.server/error-responses";
import { isDomainError } from "~/domain/errors";
import { hitGiftCardCheckLimit } from "~/.server/modules/gift-cards/gift-card-checkout.service";
import { checkGiftCardBalance, GIFT_CARD_REDEMPTION_MESSAGES } from "~/.server/modules/gift-cards/gift-cards.service";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** The configurator posts JSON, the balance form a form; anything else is refused before this runs. */
async function readBody(request: Request): Promise<Record<string, unknown>> {
  const body = await readFormOrJson(request);
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export async function giftCardPageAction(request: Request, db: Database) {
  const body = await readBody(request);
  if (body.intent === "add") {
    // The draft is validated here too, with the configurator's own schema.
    const parsed = GiftCardConfigSchema.safeParse(body.card);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "card")] ??= issue.message;
      return data<GiftCardPageAnswer>(
        { intent: "add", ok: false, message: parsed.error.issues[0]?.message ?? SHOP_MESSAGES.invalidGiftCard, fieldErrors },
        { status: 400 },
      );
    }
    return data<GiftCardPageAnswer>({ intent: "add", ok: true, card: parsed.data });
  }
  if (body.intent === "balance") {
    const limited = await hitGiftCardCheckLimit(db, request);
    if (!limited.allowed) {
      return data<GiftCardPageAnswer>(
        { intent: "balance", ok: false, message: GIFT_CARD_REDEMPTION_MESSAGES.tooMany },
        { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds), "Cache-Control": "no-store" } },
      );
    }
    const parsed = GiftCardCodeInputSchema.safeParse(body);
    if (!parsed.success) {
      return data<GiftCardPageAnswer>({ intent: "balance", ok: false, message: parsed.error.issues[0].message }, { status: 400 });
    }
    let card;
    try {
      card = await checkGiftCardBalance(db, parsed.data.code);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return data<GiftCardPageAnswer>({ intent: "balance", ok: false, message: error.message }, { status: statusOf(error) });
    }
    const { last4, balance_cents, amount_cents, expires_at, expired } = card;
    return data<GiftCardPageAnswer>(
      { intent: "balance", ok: true, card: { last4, balance_cents, amount_cents, expires_at, expired } },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  return data({ intent: "unknown", ok: false, message: SHOP_MESSAGES.invalidRequest2 }, { status: 400 });
}
