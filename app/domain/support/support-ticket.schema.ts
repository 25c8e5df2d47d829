import { z } from "zod";
import { text } from "~/lib/safe-text";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

/**
 * The ticket form of "Support Client" (spec back-office §5 "Ticket form"): subject and
 * description required, category "other" and priority "normal" by default. Validated in the
 * browser and again in the support service; field names are the API's (spec §3).
 */

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 5000;

/** The categories a shopper picks in the ticket form. */
export const TICKET_CATEGORIES = ["order", "product", "account", "technical", "other"] as const;
/** Every category a ticket may have: security tickets come from the account's security reports. */
export const ALL_TICKET_CATEGORIES = [...TICKET_CATEGORIES, "security"] as const;
export const TICKET_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketCategory = (typeof ALL_TICKET_CATEGORIES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const DEFAULT_TICKET_CATEGORY: TicketCategory = "other";
export const DEFAULT_TICKET_PRIORITY: TicketPriority = "normal";

export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  order: ACCOUNT_MESSAGES.topicOrder,
  product: ACCOUNT_MESSAGES.topicProduct,
  account: ACCOUNT_MESSAGES.topicAccount,
  technical: ACCOUNT_MESSAGES.technicalProblem,
  other: ACCOUNT_MESSAGES.otherLabel,
  security: ACCOUNT_MESSAGES.topicSecurity,
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: ACCOUNT_MESSAGES.priorityLow,
  normal: SHOP_MESSAGES.normalLabel,
  high: ACCOUNT_MESSAGES.priorityHigh,
  urgent: ACCOUNT_MESSAGES.priorityUrgent,
};
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: ACCOUNT_MESSAGES.ticketOpen,
  in_progress: ACCOUNT_MESSAGES.progress,
  resolved: ACCOUNT_MESSAGES.ticketResolved,
  closed: ACCOUNT_MESSAGES.ticketClosed,
};

export const TICKET_SUBJECT_REQUIRED_MESSAGE = SHOP_MESSAGES.subjectRequired;
export const TICKET_SUBJECT_TOO_LONG_MESSAGE = formatMessage(SHOP_MESSAGES.subjectMaxLength, { max: TICKET_SUBJECT_MAX });
export const TICKET_DESCRIPTION_REQUIRED_MESSAGE = ACCOUNT_MESSAGES.descriptionRequired;
export const TICKET_DESCRIPTION_TOO_LONG_MESSAGE = formatMessage(ACCOUNT_MESSAGES.descriptionMaxLength, {
  max: TICKET_DESCRIPTION_MAX.toLocaleString("fr-FR"),
});
export const TICKET_CATEGORY_MESSAGE = ACCOUNT_MESSAGES.chooseCategoryOrderProductAccount;
export const TICKET_PRIORITY_MESSAGE = ACCOUNT_MESSAGES.choosePriorityLowNormalHigh;

/** A missing or empty choice takes the default; anything else must be one of the values. */
const choice = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number], message: string) =>
  z
    .union([z.enum(values), z.literal("")], { error: message })
    .nullable()
    .optional()
    .transform((v): T[number] => v || fallback);

export const SupportTicketSchema = z.object({
  subject: text({ error: TICKET_SUBJECT_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: TICKET_SUBJECT_REQUIRED_MESSAGE })
    .max(TICKET_SUBJECT_MAX, { error: TICKET_SUBJECT_TOO_LONG_MESSAGE }),
  description: text({ error: TICKET_DESCRIPTION_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: TICKET_DESCRIPTION_REQUIRED_MESSAGE })
    .max(TICKET_DESCRIPTION_MAX, { error: TICKET_DESCRIPTION_TOO_LONG_MESSAGE }),
  category: choice(TICKET_CATEGORIES, DEFAULT_TICKET_CATEGORY, TICKET_CATEGORY_MESSAGE),
  priority: choice(TICKET_PRIORITIES, DEFAULT_TICKET_PRIORITY, TICKET_PRIORITY_MESSAGE),
});

export type SupportTicketInput = z.input<typeof SupportTicketSchema>;
export type SupportTicketValues = z.output<typeof SupportTicketSchema>;
export const SUPPORT_TICKET_FIELDS = ["subject", "description", "category", "priority"] as const;
export type SupportTicketField = (typeof SUPPORT_TICKET_FIELDS)[number];
export type SupportTicketFieldErrors = Partial<Record<SupportTicketField, string>>;

/** A shopper's ticket as the API and the pages see it. */
export type SupportTicketView = {
  id: string;
  ticket_number: string;
  subject: string;
  description: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
  /** A reply of the team the shopper has not read yet. */
  unread: boolean;
};

/** First message of each invalid field. */
export function supportTicketFieldErrors(error: z.ZodError): SupportTicketFieldErrors {
  const errors: SupportTicketFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (SUPPORT_TICKET_FIELDS as readonly string[]).includes(field)) {
      errors[field as SupportTicketField] ??= issue.message;
    }
  }
  return errors;
}

export function ticketCreatedMessage(ticketNumber: string): string {
  return `Votre ticket ${ticketNumber} a bien été créé. Notre équipe vous répond sous 2 heures en moyenne.`;
}

export function ticketCategoryLabel(value: string): string {
  return TICKET_CATEGORY_LABELS[value as TicketCategory] ?? TICKET_CATEGORY_LABELS.other;
}
export function ticketPriorityLabel(value: string): string {
  return TICKET_PRIORITY_LABELS[value as TicketPriority] ?? value;
}
export function ticketStatusLabel(value: string): string {
  return TICKET_STATUS_LABELS[value as TicketStatus] ?? ACCOUNT_MESSAGES.unknownStatus;
}
