/**
 * Gift options of an order (docs/decisions/068-gift-wrap.md), where the checkout meets the
 * settings: the gift wrap's price for this shopper (Paramètres, free for the Beauty VIP tier),
 * charged like the delivery fee (the same VAT decision, decision 063), and what the order row keeps.
 * Place-order calls these from one-line hooks, so the quote and the order use the same figures.
 */
import type { Database, Executor } from "~/.server/db/client";
import { getOrderRow, listOrderItems, shopperOrderRow, type OrderRowValues } from "~/.server/modules/orders/orders.service";
import { renderGiftReceiptPdf, renderPackingSlipPdf } from "~/.server/modules/delivery/gift-documents";
import { getGiftWrapSettings, saveGiftWrapSettings } from "~/.server/modules/settings/gift-wrap-settings.service";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { notFound } from "~/domain/errors";
import { ORDER_NOT_FOUND_MESSAGE } from "~/domain/orders/order.types";
import { recordAdminChange } from "~/.server/outbox/events";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import {
  orderGiftViewOf,
  giftOptionsProblem,
  giftWrapOfferFor,
  NO_GIFT_OPTIONS,
  type GiftOptions,
  type GiftQuote,
  type GiftWrapSettings,
} from "~/domain/checkout/gift-options";
import { tierFor } from "~/domain/loyalty/loyalty.rules";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import type { TaxPricing } from "./order-tax";

/**
 * The gift part of a quote. `pointsBalance` decides the tier (as the delivery perks do); the
 * price goes through the delivery fee's VAT decision, so it is charged without French VAT where
 * the delivery fee is (an export, an intra-EU business) and at the destination's rate under OSS.
 */
export async function quoteGift(
  db: Executor,
  input: { options: GiftOptions | null | undefined; pointsBalance: number; pricing: TaxPricing | null; ships: boolean },
): Promise<GiftQuote> {
  const options = input.options ?? NO_GIFT_OPTIONS;
  const settings = await getGiftWrapSettings(db);
  const catalogue = giftWrapOfferFor(settings, tierFor(input.pointsBalance).id);
  const offer = { ...catalogue, price_cents: input.pricing ? input.pricing.feeCents(catalogue.price_cents) : catalogue.price_cents };
  const error = giftOptionsProblem(options, offer, input.ships);
  const wrap = options.wrap && error === null;
  // Nothing shipped: no parcel, so no slip to print a message on nor prices to hide.
  const kept: GiftOptions = input.ships ? { ...options, wrap } : NO_GIFT_OPTIONS;
  return { offer, options: kept, wrap_cents: wrap ? offer.price_cents : 0, error };
}

/** The order row's gift columns, from the quote the order was checked against. */
export function giftOrderColumns(gift: GiftQuote): Pick<OrderRowValues, "giftWrap" | "giftWrapCents" | "giftMessage" | "giftHidePrices"> {
  return {
    giftWrap: gift.options.wrap,
    giftWrapCents: gift.wrap_cents,
    giftMessage: gift.options.message === "" ? null : gift.options.message,
    giftHidePrices: gift.options.hide_prices,
  };
}

/** Paramètres, "Emballage cadeau": checked, saved and logged in one transaction. */
export async function updateGiftWrapSettings(db: Database, actor: AdminActor, input: unknown): Promise<GiftWrapSettings> {
  return db.transaction(async (tx) => {
    const { before, after } = await saveGiftWrapSettings(tx, input);
    await recordAdminChange(tx, actor, {
      action: "settings.gift_wrap_update",
      entityType: "settings",
      entityId: "gift_wrap",
      summary: "Emballage cadeau modifié",
      before,
      after,
    });
    return after;
  });
}

/** Who asks for a parcel document: the shopper (their own orders, the gift receipt only) or the back-office. */
export type GiftDocumentViewer = { userId: string } | "admin";
export type GiftDocumentKind = "gift_receipt" | "packing_slip";

/**
 * The "Ticket cadeau" or the "Bon de livraison" of an order, as a PDF. Someone else's order is
 * "Commande introuvable", as everywhere; an order without gift options has no gift receipt.
 * Rendered on each request from the order row: nothing of it is a fiscal record.
 */
export async function giftDocumentPdf(
  db: Executor,
  input: { orderId: string; viewer: GiftDocumentViewer; kind: GiftDocumentKind },
): Promise<{ bytes: Buffer; filename: string }> {
  const order =
    input.viewer === "admin" ? await getOrderRow(db, input.orderId) : await shopperOrderRow(db, input.viewer.userId, input.orderId);
  // A shopper never gets the packing slip: it is the back-office's, with the buyer's prices.
  if (!order || (input.viewer !== "admin" && input.kind !== "gift_receipt")) throw notFound("not_found", ORDER_NOT_FOUND_MESSAGE);
  const gift = orderGiftViewOf(order);
  if (input.kind === "gift_receipt" && !gift) throw notFound("no_gift_receipt", CHECKOUT_MESSAGES.giftReceiptUnavailable);
  const [items, identity] = await Promise.all([listOrderItems(db, order.id), getShopIdentity(db)]);
  const address = order.shippingAddress;
  const source = {
    shopName: identity.companyName,
    shopContact: [identity.contactEmail, identity.contactPhone].filter(Boolean).join(" · "),
    orderNumber: order.orderNumber,
    placedAt: order.createdAt,
    recipient: [
      [address.first_name, address.last_name].filter(Boolean).join(" "),
      address.company ?? "",
      address.street,
      address.additional_info ?? "",
      [address.postal_code, address.city].filter(Boolean).join(" "),
      address.country,
    ].filter((l) => l.trim() !== ""),
    lines: [...items]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((i) => ({
        name: i.productSnapshot.name,
        variant: i.productSnapshot.variant_label ?? null,
        quantity: i.quantity,
        totalCents: i.totalPriceCents,
      })),
    giftWrap: order.giftWrap,
    giftMessage: order.giftMessage,
    hidePrices: order.giftHidePrices,
    totalCents: order.totalCents,
  };
  const bytes = input.kind === "gift_receipt" ? await renderGiftReceiptPdf(source) : await renderPackingSlipPdf(source);
  const stem = input.kind === "gift_receipt" ? "ticket-cadeau" : "bon-de-livraison";
  return { bytes, filename: `${stem}-${order.orderNumber}.pdf` };
}
