import { z } from "zod";
import { NotificationSchema } from "~/.server/api/contracts/shared/notifications";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { uuidPathParams } from "~/.server/api/contracts/shared/responses";

export const NotificationResponseSchema = z.object({ data: NotificationSchema });

export const NotificationDeletedSchema = z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) });

/** A notification only goes from unread to read (spec §4): `{ "is_read": true }`. */
export const NotificationPatchBodySchema = z.object({ is_read: z.literal(true) });

const tags = ["Notifications"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

const notFound = { 404: { description: "Notification introuvable", schema: ApiErrorSchema } };

/** Notifications (docs/decisions/010-notifications-realtime.md): someone else's notification id reads as unknown: 404. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/notifications/{id}",
    summary: "Une notification de l'utilisateur connecté",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    responses: { 200: { description: "Notification", schema: NotificationResponseSchema }, ...unauthenticated, ...notFound },
  },
  {
    method: "patch",
    path: "/api/v1/notifications/{id}",
    summary: 'Marquer une notification comme lue : { "is_read": true }',
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    body: NotificationPatchBodySchema,
    responses: {
      200: { description: "Notification lue", schema: NotificationResponseSchema },
      400: { description: "Corps invalide", schema: ApiErrorSchema },
      ...unauthenticated,
      ...notFound,
    },
  },
  {
    method: "delete",
    path: "/api/v1/notifications/{id}",
    summary: "Supprimer une notification",
    tags,
    auth: "session",
    pathParams: uuidPathParams,
    responses: { 200: { description: "Notification supprimée", schema: NotificationDeletedSchema }, ...unauthenticated, ...notFound },
  },
];
