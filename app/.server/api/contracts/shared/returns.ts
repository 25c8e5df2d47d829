import { z } from "zod";
import { RETURN_STATUS_LABELS, RETURN_REASONS } from "~/domain/returns/returns";

/** A return as the shopper's and the administrator's return routes answer it (docs/decisions/033-returns.md). */
export const ReturnItemSchema = z.object({
  id: z.uuid(),
  order_item_id: z.uuid(),
  name: z.string(),
  variant_label: z.string().nullable(),
  quantity: z.int().positive(),
  unit_price_cents: z.int(),
  decision: z.enum(["pending", "accepted", "refused"]),
  refusal_reason: z.string().nullable(),
});

export const ReturnSchema = z
  .object({
    id: z.uuid(),
    number: z.string().describe("Numéro du retour (RET-2026-000123)"),
    order_id: z.uuid(),
    order_number: z.string(),
    status: z.enum(Object.keys(RETURN_STATUS_LABELS) as [string, ...string[]]),
    status_label: z.string(),
    reason: z.enum(Object.keys(RETURN_REASONS) as [string, ...string[]]),
    reason_label: z.string(),
    comment: z.string().nullable(),
    created_at: z.iso.datetime(),
    received_at: z.iso.datetime().nullable(),
    refund_cents: z.int().describe("Montant remboursé (total de l'avoir)"),
    refund_card_cents: z.int(),
    refund_gift_card_cents: z.int(),
    points_restored: z.int(),
    points_reversed: z.int(),
    credit_note_number: z.string().nullable(),
    items: z.array(ReturnItemSchema),
    label_url: z.string().describe("L'étiquette de retour prépayée (PDF)"),
  })
  .meta({ id: "Return" });
