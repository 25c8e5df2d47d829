import { z } from "zod";
import { NOTIFICATION_TYPES, NOTIFICATION_PRIORITIES } from "~/.server/modules/notifications/notifications.service";

/** A notification as /api/v1/notifications and /api/v1/notifications/{id} answer it. */
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
