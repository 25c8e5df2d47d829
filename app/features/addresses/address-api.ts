/**
 * Browser calls to /api/v1/addresses (same origin, session cookie). Every function resolves
 * (never throws): a network failure reads as `{ ok: false, status: 0 }`.
 */
import type { AddressField, AddressInput, SavedAddressView } from "./address.schema";

export type AddressApiFailure = {
  ok: false;
  status: number;
  code: string;
  message: string;
  fieldErrors: Partial<Record<AddressField, string>>;
};
export type AddressApiResult<T> = { ok: true; data: T } | AddressApiFailure;

type ErrorBody = { error?: { code?: string; message?: string; details?: unknown } };

async function call<T>(url: string, init: RequestInit = {}): Promise<AddressApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
    });
  } catch {
    return { ok: false, status: 0, code: "network", message: "", fieldErrors: {} };
  }
  const body = (await response.json().catch(() => null)) as ({ data?: T } & ErrorBody) | null;
  if (response.ok && body && "data" in body) return { ok: true, data: body.data as T };
  const fieldErrors: Partial<Record<AddressField, string>> = {};
  const details = body?.error?.details;
  if (Array.isArray(details)) {
    for (const d of details as { field?: unknown; message?: unknown }[]) {
      if (typeof d.field === "string" && typeof d.message === "string") fieldErrors[d.field as AddressField] ??= d.message;
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

export function fetchAddresses(): Promise<AddressApiResult<SavedAddressView[]>> {
  return call<SavedAddressView[]>("/api/v1/addresses");
}

/** Creates (no id) or updates (id) an address. */
export function saveAddress(values: AddressInput, id?: string): Promise<AddressApiResult<SavedAddressView>> {
  return id
    ? call<SavedAddressView>(`/api/v1/addresses/${encodeURIComponent(id)}`, { method: "PATCH", body: JSON.stringify(values) })
    : call<SavedAddressView>("/api/v1/addresses", { method: "POST", body: JSON.stringify(values) });
}

export function removeAddress(id: string): Promise<AddressApiResult<{ id: string; deleted: true }>> {
  return call(`/api/v1/addresses/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function makeDefaultAddress(id: string): Promise<AddressApiResult<SavedAddressView>> {
  return call<SavedAddressView>(`/api/v1/addresses/${encodeURIComponent(id)}`, {
    method: "POST",
    body: JSON.stringify({ action: "set_default" }),
  });
}

/** The book after `saved` was created or edited: one default, the default first, then newest. */
export function mergeSavedAddress(list: readonly SavedAddressView[], saved: SavedAddressView): SavedAddressView[] {
  const others = list
    .filter((a) => a.id !== saved.id)
    .map((a) => (saved.is_default && a.is_default ? { ...a, is_default: false } : a));
  return sortAddresses([...others, saved]);
}

export function sortAddresses(list: SavedAddressView[]): SavedAddressView[] {
  return [...list].sort((a, b) => {
    if (a.is_default !== b.is_default) return a.is_default ? -1 : 1;
    return b.created_at.localeCompare(a.created_at);
  });
}

/** "12 rue des Lilas, 69003 Lyon, France" */
export function formatAddressLines(a: SavedAddressView): string[] {
  return [
    [a.first_name, a.last_name].filter(Boolean).join(" "),
    a.company ?? "",
    a.address_line_1,
    a.address_line_2 ?? "",
    [a.postal_code, a.city].filter(Boolean).join(" ") + (a.state ? `, ${a.state}` : ""),
    a.country,
  ].filter((line) => line.trim() !== "");
}
