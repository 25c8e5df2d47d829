/**
 * The back-office routes' guards, read from ADMIN_ROUTE_NEEDS (decision 066): a page, a download,
 * a stream and each intent of a form check the permission the table gives them, so the handlers,
 * the menu and the permission matrix test all read one table.
 */
import { data } from "react-router";
import { refused } from "~/.server/action-result";
import { tryReadFormData } from "~/.server/forms";
import { ADMIN_ROUTE_NEEDS, type AdminRoutePath, type RouteNeed, type RouteNeeds } from "~/domain/staff/admin-routes";
import { forbidden, invalid, isDomainError, type DomainError } from "~/domain/errors";
import { missingPermissionMessage } from "~/domain/staff/staff-messages";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { requireApiStaff, requireRecentSecondFactor, requireStaff, staffMay, type StaffNeed, type StaffSession } from "./session.server";

export type RouteMethod = keyof RouteNeeds;

const NO_STORE = { "Cache-Control": "no-store" };

/** The table's key for a form sent without an intent. */
const DEFAULT_INTENT = "default";

/**
 * What `path` needs for `method`; for a POST with a need per intent, `intent`'s (`default` for a
 * form without one). Undefined when the table lists none: the route does not serve that method,
 * or that intent.
 */
export function routeNeedOf(path: AdminRoutePath, method: RouteMethod, intent?: unknown): RouteNeed | undefined {
  const needs: RouteNeeds = ADMIN_ROUTE_NEEDS[path];
  const need = needs[method];
  if (need === undefined || typeof need === "string") return need;
  const key = typeof intent === "string" && intent !== "" ? intent : DEFAULT_INTENT;
  return Object.hasOwn(need, key) ? need[key] : undefined;
}

/** A route guarded here must be a staff route: a missing or public need is the table's mistake, not the caller's. */
function staffNeedOf(path: AdminRoutePath, method: RouteMethod, need: RouteNeed | undefined): StaffNeed {
  if (need === undefined || need === "public") throw new Error(`ADMIN_ROUTE_NEEDS gives ${method} ${path} no staff permission`);
  return need;
}

/**
 * A page's loader: the permission the route's GET needs. A visitor is sent to sign in, a role
 * without the permission gets the French 403 naming it (requireStaff).
 */
export function requireStaffPage(request: Request, path: AdminRoutePath): Promise<StaffSession> {
  return requireStaff(request, staffNeedOf(path, "GET", routeNeedOf(path, "GET")));
}

/**
 * A page action, before its body is read: an active staff member with two-factor on. What the
 * intent needs is checked next (`postRefusal`, `readStaffForm`), so a refusal is the form's answer.
 */
export function requireStaffAction(request: Request): Promise<StaffSession> {
  return requireStaff(request, "staff");
}

/**
 * Why the session may not make a POST: 403 `missing_permission` naming what the role lacks, or
 * 400 `unknown_intent` for an intent the table does not list (so no handler runs an intent nobody
 * guarded). Null when it may go on. A route with one need for every intent may ask before reading
 * its body, leaving `intent` out.
 */
export function postRefusalError(session: StaffSession, path: AdminRoutePath, intent?: unknown): DomainError | null {
  const need = routeNeedOf(path, "POST", intent);
  if (need === undefined) return invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong);
  if (need === "public" || need === "staff" || staffMay(session, need)) return null;
  return forbidden("missing_permission", missingPermissionMessage(need));
}

/** `postRefusalError` as the page action's answer: an ActionResult the form shows, with its status. */
export function postRefusal<T = never>(session: StaffSession, path: AdminRoutePath, intent?: unknown) {
  const error = postRefusalError(session, path, intent);
  return error ? refused<T>(error) : null;
}

/** The form's intent, as most page forms send it. */
const intentField = (form: FormData) => form.get("intent");

/**
 * A page action's form, with its intent's permission checked (`postRefusal`). A form that is empty
 * or cannot be read is one without an intent: a role lacking the table's `default` need gets its
 * 403 rather than the form's 400, which is thrown as `readFormData` throws it otherwise.
 */
export async function readStaffForm(
  request: Request,
  session: StaffSession,
  path: AdminRoutePath,
  intentOf: (form: FormData) => unknown = intentField,
): Promise<{ ok: true; form: FormData } | { ok: false; answer: ReturnType<typeof refused> }> {
  const read = await tryReadFormData(request);
  if (!read.ok) {
    const error = postRefusalError(session, path);
    if (error?.kind === "forbidden") return { ok: false, answer: refused(error) };
    throw data(read.message, { status: read.status, headers: NO_STORE });
  }
  const error = postRefusalError(session, path, intentOf(read.form));
  return error ? { ok: false, answer: refused(error) } : { ok: true, form: read.form };
}

/** Whether the request's client reads JSON (a script fetching a download), rather than a page. */
function acceptsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").toLowerCase().includes("application/json");
}

/** A resource route has no error boundary: its refusal is the French sentence itself, as a text. */
function textRefusal(message: string, status: number): Response {
  return new Response(message, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
}

/** A response React Router's `data()` built (what requireStaff throws for a 403). */
function isThrownData(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * A download or a live stream (a resource route): what its GET needs (`method` for a route that
 * serves another one only), as `requireStaffPage`, but refused in words its client reads. A script asking for JSON gets the admin API's JSON 401/403
 * (with its code); a link gets the French sentence as text, since a resource route renders no
 * error page (a thrown `data()` would reach the browser as React Router's generic JSON).
 */
export async function requireStaffDownload(request: Request, path: AdminRoutePath, method: RouteMethod = "GET"): Promise<StaffSession> {
  const need = staffNeedOf(path, method, routeNeedOf(path, method));
  if (acceptsJson(request)) return requireApiStaff(request, need);
  try {
    return await requireStaff(request, need);
  } catch (thrown) {
    if (isThrownData(thrown) && typeof thrown.data === "string") throw textRefusal(thrown.data, thrown.init?.status ?? 403);
    throw thrown;
  }
}

/**
 * A sensitive download (the clients' export): the second factor passed within STEP_UP_MINUTES.
 * Otherwise a script gets the JSON 403 `second_factor_required` (the admin API's shape), which
 * makes the page ask for a code and try again; a plain link gets the French sentence.
 */
export async function requireRecentSecondFactorFor(request: Request, session: StaffSession): Promise<void> {
  try {
    await requireRecentSecondFactor(session);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (acceptsJson(request))
      throw Response.json({ error: { code: error.code, message: error.message } }, { status: 403, headers: NO_STORE });
    throw textRefusal(error.message, 403);
  }
}
