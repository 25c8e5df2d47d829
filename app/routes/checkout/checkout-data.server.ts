import { data } from "react-router";
import { z } from "zod";
import { text } from "~/lib/safe-text";
import type { CurrentSession } from "~/.server/auth/session.server";
import { getCurrentSession } from "~/.server/auth/session.server";
import type { Database } from "~/.server/db/client";
import { getProfile } from "~/.server/modules/accounts/profile.service";
import { getBusinessInvoice } from "~/.server/modules/accounts/business-invoice.service";
import { listAddresses } from "~/.server/modules/addresses/addresses.service";
import { listPaymentMethods } from "~/.server/modules/payment-methods/payment-methods.service";
import { paymentFormOf } from "~/.server/modules/payments/payment-form";
import { getEnv } from "~/.server/env";
import { quoteCheckout } from "~/.server/workflows/place-order";
import { sampleOfferFor } from "~/.server/workflows/order-samples";
import {
  DeliveryMethodCodeSchema,
  GiftCardCodesSchema,
  OrderGiftCardsSchema,
  OrderLineSchema,
  RelayPointIdSchema,
} from "~/domain/checkout/checkout.schema";
import {
  checkGiftCardCodeAtCheckout,
  countUnknownGiftCardCodes,
  giftCardCodesAllowed,
} from "~/.server/modules/gift-cards/gift-card-checkout.service";
import { GIFT_CARD_REDEMPTION_MESSAGES } from "~/.server/modules/gift-cards/gift-cards.service";
import { GiftCardCodeInputSchema } from "~/domain/gift-cards/gift-card-code";
import { BusinessInvoiceSchema } from "~/domain/tax/business-id";
import type { CheckoutAccount } from "~/features/checkout/components/checkout-types";
import { CART_MAX_LINES } from "~/lib/shop-rules";
import { readJsonSubmission } from "~/.server/forms";
import { answerAction, refused, succeeded } from "~/.server/action-result";
import { invalid, unauthenticated } from "~/domain/errors";
import type { AppliedGiftCard } from "~/domain/gift-cards/gift-card-answers";
import { noStore } from "~/lib/http-cache";
import { log } from "~/.server/logger";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import * as COMMON_MESSAGES from "~/domain/messages/common";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** What the checkout needs to start: contact defaults, saved addresses and cards, points balance, the card form, the saved company. */
export async function loadCheckoutAccount(db: Database, session: CurrentSession): Promise<CheckoutAccount> {
  const profile = await getProfile(db, session.user.id).catch((error: unknown) => {
    log.error({ err: error }, "checkout: profile could not be loaded");
    return null;
  });
  // A failure here still lets the shopper create an address (the selector says so).
  const addresses = await listAddresses(db, session.user.id).catch((error: unknown) => {
    log.error({ err: error }, "checkout: addresses could not be loaded");
    return null;
  });
  // Without them the shopper still pays with a new card.
  const paymentMethods = await listPaymentMethods(db, session.user.id).catch((error: unknown) => {
    log.error({ err: error }, "checkout: saved cards could not be loaded");
    return [];
  });
  // Without them the shopper types the company's details.
  const businessInvoice = await getBusinessInvoice(db, session.user.id).catch((error: unknown) => {
    log.error({ err: error }, "checkout: business invoice details could not be loaded");
    return null;
  });
  const profileName = profile ? [profile.first_name, profile.last_name].filter(Boolean).join(" ") : "";
  return {
    email: session.user.email,
    name: session.user.name?.trim() || profileName,
    phone: profile?.phone ?? "",
    firstName: profile?.first_name ?? session.user.name ?? "",
    lastName: profile?.last_name ?? "",
    pointsBalance: profile?.loyalty_points ?? 0,
    addresses,
    paymentMethods,
    payment: paymentFormOf(getEnv()),
    businessInvoice,
    // Free samples (decision 067): without them the shopper orders as before.
    samples: await sampleOfferFor(db, session.user.id).catch((error: unknown) => {
      log.error({ err: error }, "checkout: samples could not be loaded");
      return { allowance: 0, samples: [] };
    }),
  };
}

/** Debug pages exist only for the administrator: anyone else gets the shop's plain 404. */
export async function requireAdminOr404(request: Request): Promise<CurrentSession> {
  const session = await getCurrentSession(request);
  if (!session || session.user.role !== "admin") throw data(COMMON_MESSAGES.pageNotFound, { status: 404 });
  return session;
}

/**
 * The debug pages take no form: an administrator gets 405, anyone else the same 404 as for the
 * page itself, whatever the method, so that a POST does not reveal that the page exists.
 */
export async function refuseFormUnlessAdmin(request: Request): Promise<never> {
  await requireAdminOr404(request);
  throw data("Cette page ne reçoit pas de formulaire.", { status: 405, headers: { Allow: "GET, HEAD" } });
}

export const QuoteRequestSchema = z.object({
  intent: z.literal("quote"),
  lines: z.array(OrderLineSchema).max(CART_MAX_LINES),
  address_id: z.uuid().nullable().optional(),
  points_to_use: z.number().int().min(0).max(10_000_000).optional(),
  promo_code: text().max(100, { error: CHECKOUT_MESSAGES.promoCodeDoesNotExist }).nullable().optional(),
  /* Gift cards */
  gift_cards: OrderGiftCardsSchema.optional(),
  gift_card_codes: GiftCardCodesSchema.optional(),
  /* Delivery */
  delivery_method: DeliveryMethodCodeSchema.optional(),
  relay_point_id: RelayPointIdSchema.nullable().optional(),
  /* The business invoice asked for, once its fields are valid (an EU VAT number may reverse-charge the order). */
  business_invoice: BusinessInvoiceSchema.nullable().optional(),
  /* Gift wrap asked for (decision 068): the only gift option that changes a figure. */
  gift_wrap: z.boolean().optional(),
});

/** The 'Carte cadeau' field's "Appliquer". */
export const GiftCardApplySchema = GiftCardCodeInputSchema.extend({ intent: z.literal("gift_card") });

/**
 * The checkout's "quote" intent: the server's figures for the browser's cart lines, the chosen
 * address and the points (the page never computes the charged total itself). It and the gift card
 * field's "Appliquer" answer an ActionResult (decision 056).
 */
export async function quoteAction(request: Request, db: Database) {
  const session = await getCurrentSession(request);
  if (!session) return refused(unauthenticated("unauthenticated", ACCOUNT_MESSAGES.signRequired));
  const body = await readJsonSubmission(request);
  // Gift cards: one code checked (rate-limited), answered on its own. A refusal's details carry an
  // expired card's date, for the page to word it in its language (decision 044).
  const apply = GiftCardApplySchema.safeParse(body);
  if (apply.success) {
    return answerAction<AppliedGiftCard>(
      async () => {
        const checked = await checkGiftCardCodeAtCheckout(db, request, apply.data.code);
        return { data: { code: checked.code, last4: checked.last4 } };
      },
      undefined,
      noStore,
    );
  }
  const parsed = QuoteRequestSchema.safeParse(body);
  if (!parsed.success) return refused(invalid("invalid_quote_request", parsed.error.issues[0]?.message ?? SHOP_MESSAGES.invalidRequest2));
  const codes = parsed.data.gift_card_codes ?? [];
  const codesAllowed = codes.length === 0 || (await giftCardCodesAllowed(db, request));
  const quote = await quoteCheckout(db, {
    userId: session.user.id,
    lines: parsed.data.lines,
    addressId: parsed.data.address_id ?? null,
    pointsToUse: parsed.data.points_to_use ?? 0,
    promoCode: parsed.data.promo_code || null,
    giftCards: parsed.data.gift_cards ?? [],
    giftCardCodes: codesAllowed ? codes : [],
    deliveryMethod: parsed.data.delivery_method ?? "standard",
    relayPointId: parsed.data.relay_point_id ?? null,
    business: parsed.data.business_invoice ?? null,
    giftWrap: parsed.data.gift_wrap ?? false,
  });
  if (!codesAllowed) quote.gift_card_refusals = codes.map((code) => ({ code, message: GIFT_CARD_REDEMPTION_MESSAGES.tooMany }));
  await countUnknownGiftCardCodes(db, request, quote.gift_card_refusals);
  return succeeded(quote, undefined, noStore);
}
