/**
 * Browser calls to /api/v1/addresses (same origin, session cookie), through the shared JSON API
 * client: every function resolves (never throws); a network failure reads as `{ ok: false, status: 0 }`.
 */
import { callJsonApi, type JsonApiFailure, type JsonApiResult } from "~/lib/json-api";
import type { AddressField, AddressInput, SavedAddressView } from "~/domain/addresses/address.schema";

export type AddressApiFailure = JsonApiFailure<AddressField>;
export type AddressApiResult<T> = JsonApiResult<T, AddressField>;

function call<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<AddressApiResult<T>> {
  return callJsonApi<T, AddressField>(url, init);
}

export function fetchAddresses(): Promise<AddressApiResult<SavedAddressView[]>> {
  return call<SavedAddressView[]>("/api/v1/addresses");
}

/** Creates (no id) or updates (id) an address. */
export function saveAddress(values: AddressInput, id?: string): Promise<AddressApiResult<SavedAddressView>> {
  return id
    ? call<SavedAddressView>(`/api/v1/addresses/${encodeURIComponent(id)}`, { method: "PATCH", body: values })
    : call<SavedAddressView>("/api/v1/addresses", { method: "POST", body: values });
}

export function removeAddress(id: string): Promise<AddressApiResult<{ id: string; deleted: true }>> {
  return call(`/api/v1/addresses/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function makeDefaultAddress(id: string): Promise<AddressApiResult<SavedAddressView>> {
  return call<SavedAddressView>(`/api/v1/addresses/${encodeURIComponent(id)}`, {
    method: "POST",
    body: { action: "set_default" },
  });
}

/** The book after `saved` was created or edited: one default, the default first, then newest. */
export function mergeSavedAddress(list: readonly SavedAddressView[], saved: SavedAddressView): SavedAddressView[] {
  const others = list.filter((a) => a.id !== saved.id).map((a) => (saved.is_default && a.is_default ? { ...a, is_default: false } : a));
  return sortAddresses([...others, saved]);
}

export function sortAddresses(list: SavedAddressView[]): SavedAddressView[] {
  return [...list].sort((a, b) => {
    if (a.is_default !== b.is_default) return a.is_default ? -1 : 1;
    return b.created_at.localeCompare(a.created_at);
  });
}

/**
 * "12 rue des Lilas, 69003 Lyon, France". The country is stored in French ("Belgique"):
 * `nameCountry` (the page's useTranslateMessage) names it in the page's language.
 */
export function formatAddressLines(a: SavedAddressView, nameCountry: (country: string) => string = (country) => country): string[] {
  return [
    [a.first_name, a.last_name].filter(Boolean).join(" "),
    a.company ?? "",
    a.address_line_1,
    a.address_line_2 ?? "",
    [a.postal_code, a.city].filter(Boolean).join(" ") + (a.state ? `, ${a.state}` : ""),
    nameCountry(a.country),
  ].filter((line) => line.trim() !== "");
}
