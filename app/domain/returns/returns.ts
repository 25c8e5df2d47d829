/**
 * Returns from the account (docs/decisions/033-returns.md): reasons, the request and reception
 * forms, French messages and the views. Isomorphic: the account's form and the back-office's
 * reception dialog check with these schemas, the server again.
 */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { RETURNS_DAYS } from "~/lib/shop-rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { formatMessage } from "~/domain/messages/format";

export const RETURN_REASONS = {
  changed_mind: ACCOUNT_MESSAGES.iChangedMyMind,
  not_suited: ACCOUNT_MESSAGES.productDoesNotSuitMe,
  damaged: ACCOUNT_MESSAGES.productDamagedArrival,
  wrong_item: ACCOUNT_MESSAGES.itemReceivedDiffersMyOrder,
  other: ACCOUNT_MESSAGES.otherReason,
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;

export const RETURN_REFUSAL_REASONS = {
  opened: ACCOUNT_MESSAGES.productOpenedUnsealed,
  damaged_by_customer: ACCOUNT_MESSAGES.productDamagedAfterDelivery,
  missing: ACCOUNT_MESSAGES.itemMissingParcel,
  not_from_order: ACCOUNT_MESSAGES.itemNotOrder,
} as const;
export type ReturnRefusalReason = keyof typeof RETURN_REFUSAL_REASONS;

export const RETURN_STATUS_LABELS = {
  requested: ACCOUNT_MESSAGES.awaitingParcel,
  refunded: ACCOUNT_MESSAGES.statusRefunded,
  refused: ACCOUNT_MESSAGES.statusRefused,
} as const;
export type ReturnStatus = keyof typeof RETURN_STATUS_LABELS;

export const RETURN_COMMENT_MAX = 500;
export const RETURN_NOT_ALLOWED_MESSAGE = formatMessage(ACCOUNT_MESSAGES.returnsWindow, { days: RETURNS_DAYS });
export const RETURN_GIFT_CARD_MESSAGE = ACCOUNT_MESSAGES.giftCardsCannotReturned;
export const RETURN_QUANTITY_MESSAGE = ACCOUNT_MESSAGES.cannotReturnMoreItemsThan;
export const RETURN_LINES_REQUIRED_MESSAGE = ACCOUNT_MESSAGES.chooseLeastOneItemReturn;
export const RETURN_UNOPENED_MESSAGE = ACCOUNT_MESSAGES.hygieneReasonsConfirmReturnedProducts;
export const RETURN_NOT_FOUND_MESSAGE = ACCOUNT_MESSAGES.returnNotFound;
export const RETURN_ALREADY_RECEIVED_MESSAGE = "Ce retour a déjà été réceptionné";
export const RETURN_DECISIONS_MESSAGE = "Indiquez pour chaque article s'il est accepté ou refusé";
export const RETURN_REFUSAL_REASON_MESSAGE = "Indiquez la raison du refus";

export const ReturnRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        order_item_id: z.uuid({ error: "Article invalide" }),
        quantity: z
          .number({ error: "Quantité invalide" })
          .int({ error: "Quantité invalide" })
          .min(1, { error: "Quantité invalide" })
          .max(99),
      }),
    )
    .min(1, { error: RETURN_LINES_REQUIRED_MESSAGE })
    .max(50),
  reason: z.enum(Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]], { error: "Choisissez un motif de retour" }),
  comment: text()
    .trim()
    .max(RETURN_COMMENT_MAX, { error: formatMessage(ACCOUNT_MESSAGES.maxCharacters, { max: RETURN_COMMENT_MAX }) })
    .optional(),
  confirm_unopened: z.literal(true, { error: RETURN_UNOPENED_MESSAGE }),
});
export type ReturnRequestInput = z.input<typeof ReturnRequestSchema>;

export const ReturnReceptionSchema = z.object({
  lines: z
    .array(
      z
        .object({
          return_item_id: z.uuid({ error: RETURN_DECISIONS_MESSAGE }),
          accepted: z.boolean({ error: RETURN_DECISIONS_MESSAGE }),
          refusal_reason: z
            .enum(Object.keys(RETURN_REFUSAL_REASONS) as [ReturnRefusalReason, ...ReturnRefusalReason[]], {
              error: RETURN_REFUSAL_REASON_MESSAGE,
            })
            .optional(),
        })
        .refine((l) => l.accepted || l.refusal_reason !== undefined, { error: RETURN_REFUSAL_REASON_MESSAGE, path: ["refusal_reason"] }),
    )
    .min(1, { error: RETURN_DECISIONS_MESSAGE })
    .max(50),
});
export type ReturnReceptionInput = z.input<typeof ReturnReceptionSchema>;

export type ReturnItemView = {
  id: string;
  order_item_id: string;
  name: string;
  variant_label: string | null;
  quantity: number;
  unit_price_cents: number;
  decision: "pending" | "accepted" | "refused";
  refusal_reason: string | null;
};

export type ReturnView = {
  id: string;
  number: string;
  order_id: string;
  order_number: string;
  status: ReturnStatus;
  status_label: string;
  reason: ReturnReason;
  reason_label: string;
  comment: string | null;
  created_at: string;
  received_at: string | null;
  refund_cents: number;
  refund_card_cents: number;
  refund_gift_card_cents: number;
  points_restored: number;
  points_reversed: number;
  credit_note_number: string | null;
  items: ReturnItemView[];
  label_url: string;
};

/** Admin list row: the return and who sent it. */
export type AdminReturnView = ReturnView & { customer_name: string; customer_email: string | null };

/** Whether a delivered order may still be returned: within RETURNS_DAYS of its delivery. */
export function isReturnable(order: { status: string; delivered_at: string | null }, now = new Date()): boolean {
  if (order.status !== "delivered" || !order.delivered_at) return false;
  return now.getTime() - new Date(order.delivered_at).getTime() <= RETURNS_DAYS * 24 * 60 * 60 * 1000;
}

/** The back-office list's reading of its URL: a bad parameter takes its default. */
export function readAdminReturnQuery(params: URLSearchParams): { status: ReturnStatus | "all"; page: number } {
  const status = params.get("status");
  const page = Number(params.get("page") ?? "1");
  return {
    status: status && status in RETURN_STATUS_LABELS ? (status as ReturnStatus) : "all",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}
