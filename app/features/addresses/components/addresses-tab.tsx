import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { useId, useState } from "react";
import { showToast } from "~/components/ui/toast";
import {
  fetchAddresses,
  formatAddressLines,
  makeDefaultAddress,
  mergeSavedAddress,
  removeAddress,
} from "~/features/addresses/public/address-api";
import { MAX_SAVED_ADDRESSES, type SavedAddressView } from "~/domain/addresses/address.schema";
import { AddressForm } from "~/features/addresses/components/address-form";
import { FormMessage, dangerButtonClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";
import { TabHeading } from "~/components/ui/tab-heading";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const ADDRESSES_LOAD_ERROR = ACCOUNT_MESSAGES.errorWhileLoadingAddresses;
export const ADDRESS_DELETE_ERROR = ACCOUNT_MESSAGES.errorWhileDeleting;
export const ADDRESS_SET_DEFAULT_ERROR = ACCOUNT_MESSAGES.errorWhileSettingDefault;

type TabData = { addresses: SavedAddressView[] | null } | null;

/**
 * Carnet d'adresses (spec back-office §2): cards, add/edit dialog, delete after confirmation
 * (never the default), "Définir par défaut". Every change goes through /api/v1/addresses.
 */
export function AddressesTab({ data }: { data: TabData }) {
  const t = useT();
  const tm = useTranslateMessage();
  const [addresses, setAddresses] = useState<SavedAddressView[] | null>(data?.addresses ?? null);
  const [editing, setEditing] = useState<SavedAddressView | "new" | null>(null);
  const [deleting, setDeleting] = useState<SavedAddressView | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  async function reload() {
    setReloading(true);
    const result = await fetchAddresses();
    setReloading(false);
    if (result.ok) {
      setAddresses(result.data);
      setError(null);
    } else setError(ADDRESSES_LOAD_ERROR);
  }

  function saved(address: SavedAddressView) {
    const created = editing === "new";
    setEditing(null);
    setError(null);
    setAddresses((list) => mergeSavedAddress(list ?? [], address));
    showToast(t(created ? "account.addresses.added" : "account.addresses.updated"));
  }

  async function setDefault(address: SavedAddressView) {
    setBusyId(address.id);
    setError(null);
    const result = await makeDefaultAddress(address.id);
    setBusyId(null);
    if (!result.ok) {
      setError(ADDRESS_SET_DEFAULT_ERROR);
      return;
    }
    setAddresses((list) => mergeSavedAddress(list ?? [], result.data));
    showToast(t("account.addresses.defaultChanged"));
  }

  async function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    setBusyId(target.id);
    setError(null);
    const result = await removeAddress(target.id);
    setBusyId(null);
    setDeleting(null);
    if (!result.ok) {
      setError(result.code === "default_undeletable" ? result.message : ADDRESS_DELETE_ERROR);
      return;
    }
    setAddresses((list) => (list ?? []).filter((a) => a.id !== target.id));
    showToast(t("account.addresses.deleted"));
  }

  const full = (addresses?.length ?? 0) >= MAX_SAVED_ADDRESSES;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <TabHeading>{t("account.tab.addresses")}</TabHeading>
        {addresses && addresses.length > 0 && (
          <button type="button" onClick={() => setEditing("new")} disabled={full} className={primaryButtonClass}>
            {t("account.addresses.add")}
          </button>
        )}
      </div>
      {full && <p className="mt-2 text-sm text-muted">{t("account.addresses.limit", { max: MAX_SAVED_ADDRESSES })}</p>}

      {error && (
        <div className="mt-4">
          <FormMessage tone="error">{tm(error)}</FormMessage>
        </div>
      )}

      {addresses === null ? (
        <div className="mt-6 rounded-2xl bg-cream px-6 py-10 text-center">
          {!error && <FormMessage tone="error">{tm(ADDRESSES_LOAD_ERROR)}</FormMessage>}
          <button type="button" onClick={reload} disabled={reloading} className={`${secondaryButtonClass} mt-4`}>
            {t(reloading ? "account.loading" : "account.retry")}
          </button>
        </div>
      ) : addresses.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-cream px-6 py-14 text-center">
          <p className="text-lg font-semibold">{t("account.empty.addresses.title")}</p>
          <p className="mt-2 text-muted">{t("account.empty.addresses.text")}</p>
          <button type="button" onClick={() => setEditing("new")} className={`${primaryButtonClass} mt-6`}>
            {t("account.addresses.add")}
          </button>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              busy={busyId === address.id}
              onEdit={() => setEditing(address)}
              onDelete={() => setDeleting(address)}
              onSetDefault={() => setDefault(address)}
            />
          ))}
        </ul>
      )}

      {editing && (
        <Modal title={t(editing === "new" ? "account.addresses.new" : "account.addresses.edit")} onClose={() => setEditing(null)}>
          <AddressForm address={editing === "new" ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />
        </Modal>
      )}

      {deleting && (
        <Modal title={t("account.addresses.deleteTitle")} onClose={() => setDeleting(null)}>
          <p>{t("account.addresses.deleteQuestion")}</p>
          <p className="mt-2 text-sm text-muted">{formatAddressLines(deleting, tm).join(", ")}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" onClick={() => setDeleting(null)} className={secondaryButtonClass} data-autofocus>
              {t("account.cancel")}
            </button>
            <button type="button" onClick={confirmDelete} disabled={busyId === deleting.id} className={dangerButtonClass}>
              {t(busyId === deleting.id ? "account.personalData.deleting" : "account.addresses.delete")}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

function AddressCard({
  address,
  busy,
  onEdit,
  onDelete,
  onSetDefault,
}: {
  address: SavedAddressView;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onSetDefault: () => void;
}) {
  const tm = useTranslateMessage();
  const titleId = useId();
  const hintId = useId();
  const t = useT();
  const title = address.label ?? t("account.addresses.address");
  return (
    <li
      aria-labelledby={titleId}
      className={`flex flex-col rounded-2xl border-2 p-5 ${address.is_default ? "border-accent" : "border-line"}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-semibold">
          {title}
        </h3>
        {address.is_default && (
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-dark">
            {t("account.addresses.default")}
          </span>
        )}
      </div>
      <address className="mt-2 text-sm not-italic text-muted">
        {formatAddressLines(address, tm).map((line, i) => (
          <span key={i} className="block break-words">
            {line}
          </span>
        ))}
        <span className="block">{address.phone}</span>
      </address>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={onEdit} className={secondaryButtonClass} aria-label={t("account.addresses.editLabel", { title })}>
          {t("account.addresses.editButton")}
        </button>
        {!address.is_default && (
          <button type="button" onClick={onSetDefault} disabled={busy} className={secondaryButtonClass}>
            {t("account.addresses.setDefault")}
          </button>
        )}
        <button
          type="button"
          onClick={onDelete}
          disabled={address.is_default || busy}
          aria-describedby={address.is_default ? hintId : undefined}
          aria-label={t("account.addresses.deleteLabel", { title })}
          className={secondaryButtonClass}
        >
          {t("account.addresses.delete")}
        </button>
      </div>
      {address.is_default && (
        <p id={hintId} className="mt-2 text-xs text-muted">
          {t("account.addresses.defaultUndeletable")}
        </p>
      )}
    </li>
  );
}
