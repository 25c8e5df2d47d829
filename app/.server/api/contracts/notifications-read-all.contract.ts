import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

export const NotificationsReadAllSchema = z.object({ data: z.object({ updated: z.int().nonnegative() }) });

const tags = ["Notifications"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

/** Notifications (docs/decisions/010-notifications-realtime.md): someone else's notification id reads as unknown: 404. */
export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/notifications/read-all",
    summary: "Marquer comme lues toutes les notifications non lues",
    tags,
    auth: "session",
    responses: { 200: { description: "Nombre de notifications modifiées", schema: NotificationsReadAllSchema }, ...unauthenticated },
  },
];
