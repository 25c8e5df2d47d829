import { z } from "zod";

/** A saved card as /api/v1/payment-methods and /api/v1/payment-methods/{id} answer it: never its number or CVC. */
export const PaymentMethodViewSchema = z
  .object({
    id: z.uuid(),
    brand: z.string().describe("visa, mastercard ou amex"),
    last4: z.string().regex(/^[0-9]{4}$/),
    expiry: z
      .string()
      .regex(/^[0-9]{2}\/[0-9]{2}$/)
      .nullable()
      .describe("MM/AA ; null pour une carte enregistrée avant la tokenisation"),
    holder: z.string(),
    is_default: z.boolean().describe("Exactly one default per non-empty list"),
    expired: z.boolean().describe("Date d'expiration passée : la carte ne peut plus payer"),
    usable: z.boolean().describe("Peut payer (payment_method_id de POST /api/v1/orders) : conservée par le prestataire et non expirée"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "PaymentMethod" });

export const PaymentMethodResponseSchema = z.object({ data: PaymentMethodViewSchema });
