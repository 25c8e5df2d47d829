import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { formatDeliveryDate } from "~/domain/delivery/delivery-dates";
import type { DeliveryMethodCode, DeliveryOption } from "~/domain/delivery/delivery-methods";
import {
  RELAY_SEARCH_EMPTY_MESSAGE,
  RELAY_SEARCH_POSTAL_CODE_MESSAGE,
  formatDistance,
  type RelayPoint,
} from "~/domain/delivery/relay-points";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { inputClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { formatPrice } from "~/lib/money";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

type RelaySearch =
  | { state: "idle" }
  | { state: "loading"; code: string }
  | { state: "done"; code: string; points: RelayPoint[] }
  | { state: "error"; message: string };

export const RELAY_SEARCH_FAILED_MESSAGE = CHECKOUT_MESSAGES.pickupPointSearchFailedTry;

/**
 * GET /api/v1/relay-points: the points near a postal code that the relay method delivers to for
 * the delivery address, so a point picked from the list is never refused once the order is placed.
 */
async function searchRelayPoints(code: string, city: string, deliveryPostalCode: string | null): Promise<RelayPoint[]> {
  const query = new URLSearchParams({ postal_code: code });
  if (city.trim()) query.set("city", city.trim());
  if (deliveryPostalCode && /^[0-9]{5}$/.test(deliveryPostalCode)) query.set("delivery_postal_code", deliveryPostalCode);
  const response = await fetch(`/api/v1/relay-points?${query}`, { headers: { Accept: "application/json" } });
  const payload = (await response.json().catch(() => null)) as { data?: RelayPoint[]; error?: { message?: string } } | null;
  if (!response.ok || !payload?.data) throw new Error(payload?.error?.message || RELAY_SEARCH_FAILED_MESSAGE);
  return payload.data;
}

/**
 * 'Mode de livraison': the methods the server offers to the chosen address, each with its price
 * and earliest delivery day; the relay method opens a search of relay points by postal code.
 * The server prices and checks the choice again when the order is placed.
 */
export function DeliveryMethodPicker({
  options,
  method,
  onMethodChange,
  relayPoint,
  onRelayPointChange,
  postalCode,
  loading,
  error,
}: {
  options: DeliveryOption[];
  method: DeliveryMethodCode;
  onMethodChange: (method: DeliveryMethodCode) => void;
  relayPoint: RelayPoint | null;
  onRelayPointChange: (point: RelayPoint | null) => void;
  /** The delivery address's code: the first search. */
  postalCode: string | null;
  loading: boolean;
  error: string | null;
}) {
  const legendId = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  const locale = LANGUAGE_LOCALES[useLanguage()];
  const searchId = useId();
  const [code, setCode] = useState(postalCode ?? "");
  // Carriers tell apart the towns that share a postal code by their name: optional.
  const [city, setCity] = useState("");
  const cityId = useId();
  const cityRef = useRef(city);
  cityRef.current = city;
  const [search, setSearch] = useState<RelaySearch>({ state: "idle" });
  const searched = useRef<string | null>(null);
  // Read at search time, so the search function stays the same between renders.
  const deliveryPostalCode = useRef(postalCode);
  deliveryPostalCode.current = postalCode;

  async function run(next: string) {
    const trimmed = next.trim();
    if (!/^[0-9]{5}$/.test(trimmed)) {
      setSearch({ state: "error", message: RELAY_SEARCH_POSTAL_CODE_MESSAGE });
      return;
    }
    searched.current = trimmed;
    setSearch({ state: "loading", code: trimmed });
    try {
      const points = await searchRelayPoints(trimmed, cityRef.current, deliveryPostalCode.current);
      if (searched.current === trimmed) setSearch({ state: "done", code: trimmed, points });
    } catch (e) {
      if (searched.current === trimmed)
        setSearch({ state: "error", message: e instanceof Error ? e.message : RELAY_SEARCH_FAILED_MESSAGE });
    }
  }

  // Choosing the relay method (or another address) searches near the delivery address at once.
  useEffect(() => {
    if (method !== "relay" || !postalCode) return;
    setCode(postalCode);
    void run(postalCode);
  }, [method, postalCode]);

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    void run(code);
  }

  if (options.length === 0) {
    return (
      <section aria-labelledby={legendId} className="space-y-2">
        <h3 id={legendId} className="text-lg font-semibold">
          {t("checkout.delivery.title")}
        </h3>
        <p className="text-sm text-muted" role="status">
          {loading ? t("checkout.delivery.computing") : t("checkout.delivery.chooseAddress")}
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby={legendId} className="space-y-4">
      <fieldset>
        <legend id={legendId} className="text-lg font-semibold">
          {t("checkout.delivery.title")}
        </legend>
        <div className="mt-3 space-y-2">
          {options.map((option) => (
            <label
              key={option.code}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line bg-white p-4 has-[:checked]:border-ink"
            >
              <input
                type="radio"
                name="delivery_method"
                value={option.code}
                checked={method === option.code}
                onChange={() => onMethodChange(option.code)}
                className="mt-1 h-5 w-5 shrink-0"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap justify-between gap-x-3">
                  {/* The back-office names the methods in French; the default names have an English translation. */}
                  <span className="font-semibold">{translateMessage(option.name)}</span>
                  <span className={option.fee_cents === 0 ? "font-semibold text-success" : "font-semibold"}>
                    {option.fee_cents === 0 ? t("checkout.delivery.free") : formatPrice(option.fee_cents)}
                  </span>
                </span>
                <span className="block text-sm text-muted">
                  {option.carrier_label} · {t("checkout.delivery.from", { date: formatDeliveryDate(option.estimated_date, locale) })}
                </span>
                {option.perk_label && <span className="block text-sm font-medium text-success">{translateMessage(option.perk_label)}</span>}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {method === "relay" && (
        <div className="space-y-3 rounded-xl border border-line bg-cream p-4">
          <form
            onSubmit={submitSearch}
            role="search"
            aria-label={t("checkout.delivery.relaySearch")}
            className="flex flex-wrap items-end gap-3"
          >
            <label htmlFor={searchId} className="block text-sm font-medium">
              {t("checkout.delivery.relayPostalCode")}
              <input
                id={searchId}
                name="relay_postal_code"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                className={`${inputClass} w-40`}
              />
            </label>
            <label htmlFor={cityId} className="block text-sm font-medium">
              {t("checkout.delivery.relayCity")}
              <input
                id={cityId}
                name="relay_city"
                autoComplete="address-level2"
                maxLength={60}
                value={city}
                onChange={(e) => setCity(e.target.value)}
                className={`${inputClass} w-48 max-w-full`}
              />
            </label>
            <button type="submit" className={secondaryButtonClass}>
              {t("checkout.delivery.search")}
            </button>
          </form>
          <div aria-live="polite">
            {search.state === "loading" && <p className="text-sm text-muted">{t("checkout.delivery.searching")}</p>}
            {search.state === "error" && <p className="text-sm font-medium text-danger">{translateMessage(search.message)}</p>}
            {search.state === "done" && search.points.length === 0 && (
              <p className="text-sm text-muted">{translateMessage(RELAY_SEARCH_EMPTY_MESSAGE)}</p>
            )}
          </div>
          {search.state === "done" && search.points.length > 0 && (
            <fieldset>
              <legend className="text-sm font-semibold">{t("checkout.delivery.relayNear", { code: search.code })}</legend>
              <ul className="mt-2 space-y-2">
                {search.points.map((point) => (
                  <li key={point.id}>
                    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line bg-white p-3 has-[:checked]:border-ink">
                      <input
                        type="radio"
                        name="relay_point_id"
                        value={point.id}
                        checked={relayPoint?.id === point.id}
                        onChange={() => onRelayPointChange(point)}
                        className="mt-1 h-5 w-5 shrink-0"
                      />
                      <span className="min-w-0 flex-1 text-sm">
                        <span className="flex flex-wrap justify-between gap-x-3">
                          <span className="font-semibold break-words">{point.name}</span>
                          <span className="text-muted">{formatDistance(point.distance_km)}</span>
                        </span>
                        <span className="block break-words">
                          {point.street}, {point.postal_code} {point.city}
                        </span>
                        <span className="block text-muted">{point.opening_hours}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {translateMessage(error)}
        </p>
      )}
    </section>
  );
}
