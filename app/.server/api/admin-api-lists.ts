/**
 * How the admin API's lists choose their paging (decision 049). The back-office's clients page
 * with `page` (and keep doing so); a connector syncs with `cursor` / `updated_since` / `limit`:
 * any of the three asks for the walk by (updated_at, id), answered as `{ data, next_cursor }`.
 */
import { invalid, isDomainError } from "~/domain/errors";
import { isUuid } from "~/lib/uuid";
import { jsonOk } from "../http";
import { INVALID_CURSOR_MESSAGE, INVALID_LIST_QUERY_MESSAGE, pageOf, readListWindow, type AdminListWindow } from "./admin-api";

const CURSOR_PARAMS = ["cursor", "updated_since", "limit"] as const;

/** Whether the query asks for the cursor walk rather than the numbered pages. */
export function wantsCursorWalk(params: URLSearchParams): boolean {
  return CURSOR_PARAMS.some((name) => params.has(name));
}

/**
 * The list window; `ids: "uuid"` for tables keyed by UUID, so a forged cursor is the API's 400
 * `invalid_cursor` rather than a database error.
 */
export function readAdminListWindow(params: URLSearchParams, ids: "uuid" | "text"): AdminListWindow {
  let window: AdminListWindow;
  try {
    window = readListWindow(params);
  } catch (error) {
    // The window's schema answers with zod's own (English) words: the API's message is French.
    if (isDomainError(error) && error.code === "invalid_query") throw invalid("invalid_query", INVALID_LIST_QUERY_MESSAGE);
    throw error;
  }
  if (window.after && ids === "uuid" && !isUuid(window.after.id)) throw invalid("invalid_cursor", INVALID_CURSOR_MESSAGE);
  return window;
}

/** The walk's answer: the rows kept (fetched with limit + 1) and the cursor after the last. */
export function cursorPageResponse<T extends { id: string; updated_at: string }>(rows: T[], limit: number): Response {
  return jsonOk(pageOf(rows, limit, (row) => ({ updatedAt: new Date(row.updated_at), id: row.id })));
}
