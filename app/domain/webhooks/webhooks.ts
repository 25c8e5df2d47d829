import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/**
 * Signed webhooks (decision 050): the event types, their French labels, the endpoint form's
 * messages and views. Isomorphic, without zod (the form schema is webhook-endpoint.schema.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  "order.created",
  "order.status_changed",
  "order.refunded",
  "return.created",
  "product.updated",
  "stock.low",
  "review.created",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "order.created": "Commande créée",
  "order.status_changed": "Statut de commande modifié",
  "order.refunded": "Commande remboursée",
  "return.created": "Retour demandé",
  "product.updated": "Produit modifié",
  "stock.low": "Stock bas",
  "review.created": "Avis déposé",
};

/** The resource an event is about: deliveries of one resource leave in order (decision 050). */
export const WEBHOOK_RESOURCE_OF: Record<WebhookEventType, string> = {
  "order.created": "order",
  "order.status_changed": "order",
  "order.refunded": "order",
  "return.created": "return",
  "product.updated": "product",
  "stock.low": "product",
  "review.created": "review",
};

export const WEBHOOK_MESSAGES = {
  urlRequired: "Indiquez l'adresse du webhook",
  urlInvalid: "Adresse invalide : indiquez une URL complète (https://…)",
  urlScheme: "Seules les adresses http:// ou https:// sont acceptées",
  urlPrivate: "Cette adresse désigne un réseau privé ou la machine elle-même : elle est refusée",
  urlUnresolved: "Le nom de domaine de cette adresse n'a pas pu être résolu",
  eventsRequired: "Choisissez au moins un événement",
  notFound: "Webhook introuvable",
  deliveryNotFound: "Envoi introuvable",
  deleted: "Webhook supprimé",
} as const;

/** Paramètres > Webhooks, and the query flag its list reads after an endpoint's page deleted it. */
export const WEBHOOKS_SETTINGS_PATH = "/admin/parametres/webhooks";
export const WEBHOOK_DELETED_PARAM = "supprime";

export const WEBHOOK_URL_MAX = 2000;

export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  active: boolean;
  failingSince: string | null;
  createdAt: string;
};

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: ACCOUNT_MESSAGES.pending,
  delivered: "Livré",
  failed: "Échec",
};

export type WebhookAttemptView = { at: string; durationMs: number; responseCode: number | null; ok: boolean; error: string | null };

export type WebhookDeliveryView = {
  id: number;
  eventId: string;
  eventType: string;
  resourceId: string;
  status: WebhookDeliveryStatus;
  attempts: WebhookAttemptView[];
  nextAttemptAt: string | null;
  createdAt: string;
};

/** What an endpoint's change answers: the secret only right after it was made (shown once). */
export type WebhookChange = { endpointId: string; secret?: string };
