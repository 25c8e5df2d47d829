import { z } from "zod";
import { NOTIFICATION_FILTERS } from "~/domain/notifications/notification.types";
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from "./notifications.service";

/** Request and response shapes of /api/v1/notifications (routes and the OpenAPI document). */
export const NotificationSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES).describe("order_status: suivi d'une commande (cloche de l'en-tête)"),
    priority: z.enum(NOTIFICATION_PRIORITIES),
    title: z.string(),
    message: z.string(),
    is_read: z.boolean(),
    action_url: z.string().nullable().describe("Chemin du site à ouvrir, ou null"),
    metadata: z.record(z.string(), z.unknown()).describe("order_status : new_status (ou status) et order_id"),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Notification" });

export const NotificationListQuerySchema = z.object({
  filter: z.enum(NOTIFICATION_FILTERS).default("all").describe("all (défaut), unread ou read"),
  type: z.enum(NOTIFICATION_TYPES).optional().describe("Un seul type ; order_status donne la liste de la cloche (50 au plus, sinon 100)"),
});

export const NotificationListSchema = z.object({
  data: z.array(NotificationSchema),
  unread_count: z.int().nonnegative().describe("Non lues du même type (tous types sans type)"),
});
export const NotificationResponseSchema = z.object({ data: NotificationSchema });
export const NotificationDeletedSchema = z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) });
export const NotificationsReadAllSchema = z.object({ data: z.object({ updated: z.int().nonnegative() }) });

/** A notification only goes from unread to read (spec §4): `{ "is_read": true }`. */
export const NotificationPatchBodySchema = z.object({ is_read: z.literal(true) });
