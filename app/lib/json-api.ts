/**
 * Browser calls to the shop's own JSON API (same origin, session cookie), and the one reader of
 * its answers (`readJsonApi`): the data, or the documented error body. The call always
 * resolves (never throws): a network failure reads as `{ ok: false, status: 0 }`, and the
 * per-field messages of a 400 (`error.details: [{ field, message }]`) come back as fieldErrors.
 */
export type JsonApiFailure<F extends string = string> = {
  ok: false;
  status: number;
  code: string;
  message: string;
  fieldErrors: Partial<Record<F, string>>;
};
export type JsonApiResult<T, F extends string = string> = { ok: true; data: T } | JsonApiFailure<F>;

/** A body of the JSON API as documented: `{ data }`, or `{ error: { code, message, details? } }`. */
export type JsonApiBody<T> = { data?: T; error?: { code?: string; message?: string; details?: unknown } };

export async function callJsonApi<T, F extends string = string>(
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<JsonApiResult<T, F>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, code: "network", message: "", fieldErrors: {} };
  }
  return readJsonApi<T, F>(response.status, await response.json().catch(() => null));
}

/**
 * An answer of the JSON API read from its status and parsed body (null when it was not JSON), for
 * a caller that sends the request itself (an upload with XMLHttpRequest, for its progress).
 */
export function readJsonApi<T, F extends string = string>(status: number, parsed: unknown): JsonApiResult<T, F> {
  const body = parsed && typeof parsed === "object" ? (parsed as JsonApiBody<T>) : null;
  if (status >= 200 && status < 300 && body && "data" in body) return { ok: true, data: body.data as T };
  const fieldErrors: Partial<Record<F, string>> = {};
  const details = body?.error?.details;
  if (Array.isArray(details)) {
    for (const d of details as { field?: unknown; message?: unknown }[]) {
      if (typeof d.field === "string" && typeof d.message === "string") fieldErrors[d.field as F] ??= d.message;
    }
  }
  return {
    ok: false,
    status,
    code: body?.error?.code ?? "error",
    message: body?.error?.message ?? "",
    fieldErrors,
  };
}
