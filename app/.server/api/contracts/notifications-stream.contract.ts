import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import type { ApiOperation } from "~/.server/api/api-operation";

const tags = ["Notifications"];

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

/** Notifications (docs/decisions/010-notifications-realtime.md): someone else's notification id reads as unknown: 404. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/notifications/stream",
    summary:
      "Flux temps réel (text/event-stream) : un évènement `notification` (la notification en JSON) par nouvelle notification ; un commentaire toutes les 25 s",
    tags,
    auth: "session",
    responses: { 200: { description: "Flux Server-Sent Events" }, ...unauthenticated },
  },
];
