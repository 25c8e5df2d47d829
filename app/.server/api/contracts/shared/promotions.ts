import { z } from "zod";
import { GIFT_CARD_STATUSES } from "~/domain/gift-cards/gift-card-admin.types";

/** Promo codes and gift cards as the admin API's list and item routes answer and take them (area `promotions`, decision 049). */
export const PromoCodeSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    description: z.string().nullable(),
    kind: z.enum(["percentage", "fixed"]),
    percent_off: z.int().nullable(),
    amount_off_cents: z.int().nullable(),
    min_order_cents: z.int(),
    starts_at: z.iso.datetime().nullable(),
    ends_at: z.iso.datetime().nullable(),
    usage_limit: z.int().nullable(),
    used_count: z.int(),
    per_customer_limit: z.int().nullable(),
    customer_email: z.string().nullable(),
    category_ids: z.array(z.uuid()),
    active: z.boolean(),
    origin: z.enum(["admin", "newsletter_welcome"]),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "AdminPromoCode" });

export const PromoCodeFormBody = z
  .object({
    code: z.string().describe("Lettres sans accent, chiffres, « - » et « _ » (mis en majuscules)"),
    kind: z.enum(["percentage", "fixed"]),
    value: z.union([z.string(), z.number()]).describe("Pourcentage (1 à 100) ou montant en euros (« 10 », « 7,50 »)"),
    min_order: z.union([z.string(), z.number()]).optional().describe("Montant minimum de commande, en euros"),
    starts_on: z.string().optional().describe("Premier jour (AAAA-MM-JJ)"),
    ends_on: z.string().optional().describe("Dernier jour, inclus (AAAA-MM-JJ)"),
    usage_limit: z.union([z.string(), z.number()]).optional(),
    per_customer_limit: z.union([z.string(), z.number()]).optional(),
    customer_email: z.string().optional().describe("Réservé au compte de cet e-mail"),
    category_ids: z.array(z.uuid()).optional(),
    description: z.string().optional(),
  })
  .meta({ id: "AdminPromoCodeForm" });

export const GiftCardSchema = z
  .object({
    id: z.uuid(),
    last4: z.string(),
    amount_cents: z.int(),
    balance_cents: z.int(),
    status: z.enum(GIFT_CARD_STATUSES),
    expired: z.boolean(),
    delivery_mode: z.enum(["email", "physical"]),
    recipient_email: z.string(),
    buyer_email: z.string().nullable(),
    order_reference: z.string().nullable(),
    expires_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "AdminGiftCard" });
