/**
 * What every /api/v1/admin route shares: who is calling (an administrator's browser session today;
 * an API key once keys exist, decision 049), the scope the route needs, and the cursor paging with
 * `updated_since` that lets a connector sync incrementally.
 *
 * Lists are ordered by (updated_at, id) ascending: a connector that keeps the last cursor, or the
 * last `updated_at` it saw, gets every later change exactly once per pass and never skips a row
 * updated during the walk (it moves to the end of the order).
 */
import { z } from "zod";
import { invalid } from "~/domain/errors";
import { requireApiAdmin } from "~/.server/auth/session.server";
import { adminActorOf, type AdminActor } from "~/.server/modules/activity-log/activity-log.service";
import { firstIssue, validate } from "./route";

/** The areas an API key's scopes name, each readable and writable separately. */
export const API_AREAS = ["catalog", "stock", "orders", "clients", "promotions", "reviews", "returns"] as const;
export type ApiArea = (typeof API_AREAS)[number];
export type ApiAccess = "read" | "write";

/** The caller of an admin API route: the actor the activity log records. */
export type AdminApiCaller = { actor: AdminActor };

/**
 * The caller of an admin API route that needs `access` to `area`; otherwise the JSON 401/403 is
 * thrown. An administrator's session holds every scope.
 */
export async function requireAdminApi(request: Request, area: ApiArea, access: ApiAccess): Promise<AdminApiCaller> {
  void area;
  void access;
  const session = await requireApiAdmin(request);
  return { actor: adminActorOf(session) };
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
