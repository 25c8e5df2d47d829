/**
 * What every /api/v1/admin route shares: who is calling (an administrator's browser session, or
 * an API key sent as `Authorization: Bearer aur_live_…`, decision 049), the scope the route
 * needs, and the cursor paging with `updated_since` that lets a connector sync incrementally.
 *
 * Lists are ordered by (updated_at, id) ascending: a connector that keeps the last cursor, or the
 * last `updated_at` it saw, gets every later change exactly once per pass and never skips a row
 * updated during the walk (it moves to the end of the order).
 */
import { z } from "zod";
import { invalid } from "~/domain/errors";
import { requireApiStaff, type StaffSession } from "~/.server/auth/session.server";
import { sessionPermissionOf } from "~/domain/staff/api-scopes";
import type { Permission } from "~/domain/staff/permissions";
import { getDb } from "~/.server/db";
import type { Executor } from "~/.server/db/client";
import { adminActorOf, type AdminActor } from "~/.server/modules/activity-log/activity-log.service";
import { hitApiKeyLimit, verifyApiKey } from "~/.server/modules/api-keys/api-keys.service";
import {
  API_AREAS,
  API_KEY_EXPIRED_MESSAGE,
  API_KEY_INVALID_MESSAGE,
  API_KEY_RATE_LIMITED_MESSAGE,
  API_KEY_REVOKED_MESSAGE,
  missingScopeMessage,
  scopesAllow,
  type ApiAccess,
  type ApiArea,
} from "~/domain/api-keys/api-keys";
import { firstIssue, validate } from "./route";

export { API_AREAS };
export type { ApiAccess, ApiArea };

/**
 * The caller of an admin API route: the actor the activity log records, and the account to name
 * in records that point to a user (stock movements): the administrator's, none for a key.
 */
export type AdminApiCaller = {
  actor: AdminActor;
  userId: string | null;
  /** The staff member's session, for a finer check (a refund's limit); none for a key. */
  session?: StaffSession;
};

function apiRefusal(status: 401 | 403 | 429, code: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: { code, message } }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const KEY_REFUSALS = {
  invalid: API_KEY_INVALID_MESSAGE,
  revoked: API_KEY_REVOKED_MESSAGE,
  expired: API_KEY_EXPIRED_MESSAGE,
} as const;

/**
 * The caller of an admin API route that needs `access` to `area`; otherwise the JSON 401/403/429
 * is thrown. A request that sends an `Authorization` header is judged by its key's scopes alone (a
 * cookie beside it does not help it); a staff member's session by the permission the route needs
 * (decision 066): `permission` when the route names a finer one than the area's read or write
 * (refunds, shipping, invoices, erasure, gift cards).
 */
export async function requireAdminApi(
  request: Request,
  area: ApiArea,
  access: ApiAccess,
  permission: Permission = sessionPermissionOf(area, access),
): Promise<AdminApiCaller> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) return requireApiKey(await getDb(), authorization, area, access);
  const session = await requireApiStaff(request, permission);
  return { actor: adminActorOf(session), userId: session.user.id, session };
}

/**
 * The key an `Authorization` header presents, checked (shape, revoked, expired: 401), its scope
 * (403) and its rate limit (429 with Retry-After). Keys are read afresh on every request.
 */
export async function requireApiKey(
  db: Executor,
  authorization: string,
  area: ApiArea,
  access: ApiAccess,
  now = new Date(),
): Promise<AdminApiCaller> {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  if (!match) throw apiRefusal(401, "invalid_api_key", API_KEY_INVALID_MESSAGE, { "WWW-Authenticate": 'Bearer error="invalid_token"' });
  const verdict = await verifyApiKey(db, match[1], now);
  if (!verdict.ok) {
    throw apiRefusal(401, `${verdict.reason}_api_key`, KEY_REFUSALS[verdict.reason], {
      "WWW-Authenticate": 'Bearer error="invalid_token"',
    });
  }
  const { key } = verdict;
  if (!scopesAllow(key.scopes, area, access)) throw apiRefusal(403, "insufficient_scope", missingScopeMessage(area, access));
  const limit = await hitApiKeyLimit(db, key.id, now.getTime());
  if (!limit.allowed) {
    throw apiRefusal(429, "rate_limited", API_KEY_RATE_LIMITED_MESSAGE, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  return { actor: { type: "api_key", id: key.id, label: key.name }, userId: null };
}

export const ADMIN_LIST_DEFAULT_LIMIT = 50;
export const ADMIN_LIST_MAX_LIMIT = 200;
export const INVALID_CURSOR_MESSAGE = "Curseur de pagination invalide";
export const INVALID_LIST_QUERY_MESSAGE = "Paramètres de liste invalides";

/** Where a page ends: the last row's update time and id. */
export type ListCursor = { updatedAt: Date; id: string };

/** An opaque, URL-safe cursor. */
export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt.toISOString(), cursor.id]), "utf8").toString("base64url");
}

/** The cursor a client sent back, or the API's 400 `invalid_cursor`. */
export function decodeCursor(value: string): ListCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === "string" && typeof parsed[1] === "string") {
      const updatedAt = new Date(parsed[0]);
      if (!Number.isNaN(updatedAt.getTime()) && parsed[1].length > 0 && parsed[1].length <= 100) {
        return { updatedAt, id: parsed[1] };
      }
    }
  } catch {
    // falls through to the API's answer below
  }
  throw invalid("invalid_cursor", INVALID_CURSOR_MESSAGE);
}

const ListQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_LIST_MAX_LIMIT).default(ADMIN_LIST_DEFAULT_LIMIT),
  updated_since: z.iso.datetime({ offset: true }).optional(),
});

export type AdminListWindow = { after: ListCursor | null; updatedSince: Date | null; limit: number };

/** The paging part of an admin list's query string (`cursor`, `limit`, `updated_since`). */
export function readListWindow(params: URLSearchParams): AdminListWindow {
  const query = validate(
    ListQuerySchema,
    {
      cursor: params.get("cursor") ?? undefined,
      limit: params.get("limit") ?? undefined,
      updated_since: params.get("updated_since") ?? undefined,
    },
    firstIssue(INVALID_LIST_QUERY_MESSAGE),
    "invalid_query",
  );
  return {
    after: query.cursor ? decodeCursor(query.cursor) : null,
    updatedSince: query.updated_since ? new Date(query.updated_since) : null,
    limit: query.limit,
  };
}

/**
 * One page of rows fetched with `limit + 1` (the extra row only says whether there is a next
 * page) and the cursor that continues after the last row kept.
 */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (row: T) => ListCursor): { data: T[]; next_cursor: string | null } {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, next_cursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}
