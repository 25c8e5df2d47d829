import type { Permission } from "~/domain/staff/permissions";
/**
 * How the admin API's lists page (decision 049). A connector syncs with `cursor` /
 * `updated_since` / `limit`: the walk by (updated_at, id), answered as `{ data, next_cursor }`.
 * Lists the back-office's clients already paged by number keep doing so when none of the three is
 * given. `answerAdminList` is the one place a list route answers a page; its OpenAPI twin is
 * `listResponse` (admin-list.api-schemas.ts).
 */
import { invalid, isDomainError } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import { getDb } from "../db";
import type { Database } from "../db/client";
import { jsonOk } from "../http";
import {
  INVALID_CURSOR_MESSAGE,
  INVALID_LIST_QUERY_MESSAGE,
  pageOf,
  readListWindow,
  requireAdminApi,
  type AdminListWindow,
  type ApiArea,
} from "./admin-api";
import { apiLoader } from "./route";

const CURSOR_PARAMS = ["cursor", "updated_since", "limit"] as const;

/** How a list's row ids look: UUIDs, free text (the auth library's user ids) or serial numbers. */
export type ListIds = "uuid" | "text" | "integer";
const ID_SHAPES: Record<ListIds, (id: string) => boolean> = {
  uuid: isUuid,
  text: () => true,
  integer: (id) => /^[1-9]\d{0,14}$/.test(id),
};

/** Whether the query asks for the cursor walk rather than the numbered pages. */
export function wantsCursorWalk(params: URLSearchParams): boolean {
  return CURSOR_PARAMS.some((name) => params.has(name));
}

/**
 * The list window; `ids` says how the table's keys look, so a forged cursor is the API's 400
 * `invalid_cursor` rather than a database error.
 */
export function readAdminListWindow(params: URLSearchParams, ids: ListIds): AdminListWindow {
  let window: AdminListWindow;
  try {
    window = readListWindow(params);
  } catch (error) {
    // The window's schema answers with zod's own (English) words: the API's message is French.
    if (isDomainError(error) && error.code === "invalid_query") throw invalid("invalid_query", INVALID_LIST_QUERY_MESSAGE);
    throw error;
  }
  if (window.after && !ID_SHAPES[ids](window.after.id)) throw invalid("invalid_cursor", INVALID_CURSOR_MESSAGE);
  return window;
}

/** A row of a walk: its id and its update time, which the next page's cursor is made of. */
export type WalkRow = { id: string | number; updated_at: string | Date };

export type AdminList<T extends WalkRow> = {
  /** How the table's ids look (see readAdminListWindow). */
  ids: ListIds;
  /** The rows after the window's cursor, in (updated_at, id) order, `window.limit` at most. */
  walk: (window: AdminListWindow) => Promise<T[]>;
  /** The numbered page the list answered before the walk existed; without it, always the walk. */
  pages?: () => Promise<Response>;
};

/**
 * A list route's answer: the numbered page when the list has one and the query asks for no walk, otherwise one page of the walk with the cursor after its last row. The walk is
 * asked for one row more than the page holds: that row only says whether a next page exists.
 */
export async function answerAdminList<T extends WalkRow>(params: URLSearchParams, list: AdminList<T>): Promise<Response> {
  if (list.pages && !wantsCursorWalk(params)) return list.pages();
  const window = readAdminListWindow(params, list.ids);
  const rows = await list.walk({ ...window, limit: window.limit + 1 });
  return jsonOk(pageOf(rows, window.limit, (row) => ({ updatedAt: new Date(row.updated_at), id: String(row.id) })));
}

/**
 * The GET of an admin list route: the area's read scope, then `list` (which reads its own filters
 * from the query, checks the route's parent if it has one, and names its walk and pages) answered
 * by answerAdminList.
 */
export function adminListLoader<T extends WalkRow>(
  area: ApiArea,
  list: (params: URLSearchParams, db: Database, route: RouteParams) => AdminList<T> | Promise<AdminList<T>>,
  /** A session's finer permission than the area's read (the gift cards' under promotions). */
  permission?: Permission,
): (args: { request: Request; params: RouteParams }) => Promise<Response> {
  return apiLoader(async ({ request, params: route }: { request: Request; params: RouteParams }) => {
    await requireAdminApi(request, area, "read", permission);
    const params = new URL(request.url).searchParams;
    return answerAdminList(params, await list(params, await getDb(), route));
  });
}

type RouteParams = Readonly<Record<string, string | undefined>>;
