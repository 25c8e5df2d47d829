import { z } from "zod";
import { NOTIFICATION_FILTERS } from "~/domain/notifications/notification.types";
import { NOTIFICATION_TYPES } from "~/.server/modules/notifications/notifications.service";
import { NotificationSchema } from "~/.server/api/contracts/shared/notifications";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

export const NotificationListQuerySchema = z.object({
  filter: z.enum(NOTIFICATION_FILTERS).default("all").describe("all (défaut), unread ou read"),
  type: z.enum(NOTIFICATION_TYPES).optional().describe("Un seul type ; order_status donne la liste de la cloche (50 au plus, sinon 100)"),
});

export const NotificationListSchema = z.object({
  data: z.array(NotificationSchema),
  unread_count: z.int().nonnegative().describe("Non lues du même type (tous types sans type)"),
});

const tags = ["Notifications"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

/** Notifications (docs/decisions/010-notifications-realtime.md): someone else's notification id reads as unknown: 404. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/notifications",
    summary: "Les notifications de l'utilisateur connecté, les plus récentes d'abord, et le nombre de non lues",
    tags,
    auth: "session",
    query: NotificationListQuerySchema,
    responses: {
      200: { description: "Notifications", schema: NotificationListSchema },
      400: { description: "Paramètres invalides", schema: ApiErrorSchema },
      ...unauthenticated,
    },
  },
];
