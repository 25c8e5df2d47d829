/** The /carte-cadeau action: add the configured card to the cart, check a balance. */
import type { Database } from "~/.server/db/client";
import { readFormOrJson } from "~/.server/forms";
import { GiftCardCodeInputSchema } from "~/domain/gift-cards/gift-card-code";
import type { GiftCardBalance } from "~/domain/gift-cards/gift-card-answers";
import type { GiftCardConfig } from "~/domain/gift-cards/gift-card.rules";
import { GiftCardConfigSchema } from "~/domain/gift-cards/gift-card.schema";
import { refused, succeeded } from "~/.server/action-result";
import { limitReached } from "~/.server/limits/form-limits";
import { invalid, isDomainError } from "~/domain/errors";
import { noStore } from "~/lib/http-cache";
import { hitGiftCardCheckLimit } from "~/.server/modules/gift-cards/gift-card-checkout.service";
import { checkGiftCardBalance, GIFT_CARD_REDEMPTION_MESSAGES } from "~/.server/modules/gift-cards/gift-cards.service";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** The configurator posts JSON, the balance form a form; anything else is refused before this runs. */
async function readBody(request: Request): Promise<Record<string, unknown>> {
  const body = await readFormOrJson(request);
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Each intent answers an ActionResult (decision 056): the card to add, or the balance. */
export async function giftCardPageAction(request: Request, db: Database) {
  const body = await readBody(request);
  if (body.intent === "add") {
    // The draft is validated here too, with the configurator's own schema.
    const parsed = GiftCardConfigSchema.safeParse(body.card);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "card")] ??= issue.message;
      const message = parsed.error.issues[0]?.message ?? SHOP_MESSAGES.invalidGiftCard;
      return refused<GiftCardConfig>(invalid("invalid_gift_card", message, { fieldErrors }));
    }
    return succeeded<GiftCardConfig>(parsed.data);
  }
  if (body.intent === "balance") {
    const limited = await hitGiftCardCheckLimit(db, request);
    if (!limited.allowed) {
      return refused<GiftCardBalance>(
        limitReached(limited, GIFT_CARD_REDEMPTION_MESSAGES.tooMany, "gift_card_checks_limited"),
        undefined,
        noStore,
      );
    }
    const parsed = GiftCardCodeInputSchema.safeParse(body);
    if (!parsed.success) return refused<GiftCardBalance>(invalid("invalid_gift_card_code", parsed.error.issues[0].message));
    let card;
    try {
      card = await checkGiftCardBalance(db, parsed.data.code);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return refused<GiftCardBalance>(error);
    }
    const { last4, balance_cents, amount_cents, expires_at, expired } = card;
    return succeeded<GiftCardBalance>({ last4, balance_cents, amount_cents, expires_at, expired }, undefined, noStore);
  }
  return refused(invalid("unknown_intent", SHOP_MESSAGES.invalidRequest2));
}
