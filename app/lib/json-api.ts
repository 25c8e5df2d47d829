/**
 * Browser calls to the shop's own JSON API (same origin, session cookie). The call always
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

type ErrorBody = { error?: { code?: string; message?: string; details?: unknown } };

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
  const body = (await response.json().catch(() => null)) as ({ data?: T } & ErrorBody) | null;
  if (response.ok && body && "data" in body) return { ok: true, data: body.data as T };
  const fieldErrors: Partial<Record<F, string>> = {};
  const details = body?.error?.details;
  if (Array.isArray(details)) {
    for (const d of details as { field?: unknown; message?: unknown }[]) {
      if (typeof d.field === "string" && typeof d.message === "string") fieldErrors[d.field as F] ??= d.message;
    }
  }
  return {
    ok: false,
    status: response.status,
    code: body?.error?.code ?? "error",
    message: body?.error?.message ?? "",
    fieldErrors,
  };
}
