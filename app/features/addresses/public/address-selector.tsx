import { useEffect, useEffectEvent, useId, useMemo, useState } from "react";
import { Modal } from "~/components/ui/modal";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { fetchAddresses, formatAddressLines, mergeSavedAddress } from "./address-api";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import { AddressForm, type AddressFormProps } from "~/features/addresses/components/address-form";
import { plural } from "~/lib/plural";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const ADDRESSES_LOAD_ERROR_MESSAGE = ACCOUNT_MESSAGES.addressesCouldNotLoadedCreate;

export type AddressSelectorProps = {
  /**
   * The saved addresses when the page already has them; null when loading them failed
   * on the server; omitted: the selector loads them itself from /api/v1/addresses.
   */
  initialAddresses?: SavedAddressView[] | null;
  /** Told about every change of the list (loaded, created, edited). */
  onAddressesChange?: (addresses: SavedAddressView[]) => void;
  selectedId: string | null;
  /** Called with the chosen address, and again when it is edited (or null when none is left). */
  onSelect: (address: SavedAddressView | null) => void;
  /** Name and phone proposed for a new address. */
  prefill?: AddressFormProps["prefill"];
  /** Debug pages: one line per event. */
  onLog?: (line: string) => void;
  legend?: string;
  /** Label of the button that opens the form (the diagnostic page asks for a manual entry). */
  addLabel?: string;
};

type LoadState = { status: "loading" } | { status: "failed" } | { status: "ready"; addresses: SavedAddressView[] };

/**
 * Saved addresses as radio cards (spec storefront §2): the default (else the first) is chosen
 * when none is; "Ajouter une adresse" and "Modifier" open the address form in a dialog; when the
 * list cannot be loaded the shopper is told so and can still create an address.
 */
export function AddressSelector({
  initialAddresses,
  onAddressesChange,
  selectedId,
  onSelect,
  prefill,
  onLog,
  legend,
  addLabel,
}: AddressSelectorProps) {
  const t = useT();
  const tm = useTranslateMessage();
  const [state, setState] = useState<LoadState>(() =>
    initialAddresses === undefined
      ? { status: "loading" }
      : initialAddresses === null
        ? { status: "failed" }
        : { status: "ready", addresses: initialAddresses },
  );
  const [editing, setEditing] = useState<SavedAddressView | "new" | null>(null);
  const name = useId();

  // Loaded once, on mount: an effect event reads the latest callbacks without making them
  // dependencies (onLog may change identity between renders).
  const loadAddresses = useEffectEvent(() => {
    if (initialAddresses !== undefined) return;
    let cancelled = false;
    onLog?.("Chargement des adresses...");
    void fetchAddresses().then((result) => {
      if (cancelled) return;
      if (result.ok) {
        onLog?.(`${plural(result.data.length, "adresse chargée", "adresses chargées")}`);
        setState({ status: "ready", addresses: result.data });
        onAddressesChange?.(result.data);
      } else {
        onLog?.(`Échec du chargement des adresses (${result.status || "réseau"})`);
        setState({ status: "failed" });
      }
    });
    return () => {
      cancelled = true;
    };
  });
  useEffect(() => loadAddresses(), []);

  const addresses = useMemo(() => (state.status === "ready" ? state.addresses : []), [state]);
  const selected = addresses.find((a) => a.id === selectedId) ?? null;

  // Nothing chosen (or the chosen one is gone): the default, else the first.
  useEffect(() => {
    if (state.status !== "ready" || selected) return;
    const fallback = addresses.find((a) => a.is_default) ?? addresses[0] ?? null;
    if (fallback || selectedId !== null) {
      if (fallback) onLog?.(`Adresse sélectionnée automatiquement : ${fallback.label ?? fallback.city}`);
      onSelect(fallback);
    }
  }, [state, selected, selectedId, addresses, onSelect, onLog]);

  function saved(address: SavedAddressView) {
    const wasNew = editing === "new";
    setEditing(null);
    const next = mergeSavedAddress(state.status === "ready" ? state.addresses : [], address);
    setState({ status: "ready", addresses: next });
    onAddressesChange?.(next);
    onLog?.(wasNew ? `Adresse créée : ${address.city}` : `Adresse modifiée : ${address.city}`);
    onSelect(address);
  }

  function choose(address: SavedAddressView) {
    onLog?.(`Adresse choisie : ${address.label ?? address.city}`);
    onSelect(address);
  }

  return (
    <div>
      {state.status === "loading" && (
        <p role="status" className="text-sm text-muted">
          {t("account.addressSelector.loading")}
        </p>
      )}
      {state.status === "failed" && (
        <div role="alert" className="rounded-2xl border border-danger/40 bg-accent-soft p-4 text-sm text-danger">
          <p className="font-medium">{tm(ADDRESSES_LOAD_ERROR_MESSAGE)}</p>
          <button type="button" onClick={() => setEditing("new")} className={`${primaryButtonClass} mt-3`}>
            {t("account.addressSelector.create")}
          </button>
        </div>
      )}
      {state.status === "ready" && (
        <fieldset>
          <legend className="text-lg font-semibold">{legend ?? t("account.addressSelector.legend")}</legend>
          {addresses.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{t("account.addressSelector.none")}</p>
          ) : (
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {addresses.map((address) => {
                const checked = address.id === selected?.id;
                const lines = formatAddressLines(address, tm);
                return (
                  <li
                    key={address.id}
                    className={`relative flex flex-col rounded-2xl border-2 p-4 ${checked ? "border-accent bg-accent-soft/40" : "border-line"}`}
                  >
                    <label className="flex cursor-pointer items-start gap-3">
                      <input
                        type="radio"
                        name={name}
                        value={address.id}
                        checked={checked}
                        onChange={() => choose(address)}
                        className="mt-1 h-5 w-5 shrink-0 accent-accent"
                      />
                      <span className="min-w-0 text-sm">
                        <span className="flex flex-wrap items-center gap-2 font-semibold">
                          {address.label ?? t("account.addressSelector.address")}
                          {address.is_default && (
                            <span className="rounded-full bg-band px-2 py-0.5 text-xs font-semibold text-ink">
                              {t("account.addressSelector.default")}
                            </span>
                          )}
                        </span>
                        {lines.map((line, i) => (
                          <span key={i} className="block break-words text-muted">
                            {line}
                          </span>
                        ))}
                        <span className="block text-muted">{address.phone}</span>
                      </span>
                    </label>
                    <button
                      type="button"
                      onClick={() => setEditing(address)}
                      aria-label={t("account.addressSelector.editLabel", { title: address.label ?? lines[2] ?? "" }).trim()}
                      className="mt-3 self-start text-sm font-semibold text-accent underline underline-offset-2 hover:text-accent-dark"
                    >
                      {t("account.addressSelector.edit")}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <button type="button" onClick={() => setEditing("new")} className={`${secondaryButtonClass} mt-4`}>
            {addLabel ?? t("account.addressSelector.add")}
          </button>
        </fieldset>
      )}
      {editing && (
        <Modal
          title={editing === "new" ? t("account.addressSelector.new") : t("account.addressSelector.editTitle")}
          onClose={() => setEditing(null)}
        >
          <AddressForm address={editing === "new" ? null : editing} prefill={prefill} onSaved={saved} onCancel={() => setEditing(null)} />
        </Modal>
      )}
    </div>
  );
}
