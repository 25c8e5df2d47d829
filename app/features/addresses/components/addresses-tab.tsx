import { useId, useState } from "react";
import { showToast } from "~/components/ui/toast";
import {
  fetchAddresses,
  formatAddressLines,
  makeDefaultAddress,
  mergeSavedAddress,
  removeAddress,
} from "~/components/addresses/address-api";
import { MAX_SAVED_ADDRESSES, type SavedAddressView } from "~/domain/addresses/address.schema";
import { AddressForm } from "~/components/addresses/address-form";
import { FormMessage, dangerButtonClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";
import { TabHeading } from "~/components/ui/tab-heading";

export const ADDRESSES_LOAD_ERROR = "Erreur lors du chargement des adresses";
export const ADDRESS_DELETE_ERROR = "Erreur lors de la suppression";
export const ADDRESS_SET_DEFAULT_ERROR = "Erreur lors de la définition par défaut";

type TabData = { addresses: SavedAddressView[] | null } | null;

/**
 * Carnet d'adresses (spec back-office §2): cards, add/edit dialog, delete after confirmation
 * (never the default), "Définir par défaut". Every change goes through /api/v1/addresses.
 */
export function AddressesTab({ data }: { data: TabData }) {
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
    showToast(created ? "Adresse ajoutée" : "Adresse mise à jour");
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
    showToast("Adresse par défaut modifiée");
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
    showToast("Adresse supprimée");
  }

  const full = (addresses?.length ?? 0) >= MAX_SAVED_ADDRESSES;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <TabHeading>Carnet d'adresses</TabHeading>
        {addresses && addresses.length > 0 && (
          <button type="button" onClick={() => setEditing("new")} disabled={full} className={primaryButtonClass}>
            Ajouter une adresse
          </button>
        )}
      </div>
      {full && <p className="mt-2 text-sm text-muted">Vous avez atteint la limite de {MAX_SAVED_ADDRESSES} adresses.</p>}

      {error && (
        <div className="mt-4">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}

      {addresses === null ? (
        <div className="mt-6 rounded-2xl bg-cream px-6 py-10 text-center">
          {!error && <FormMessage tone="error">{ADDRESSES_LOAD_ERROR}</FormMessage>}
          <button type="button" onClick={reload} disabled={reloading} className={`${secondaryButtonClass} mt-4`}>
            {reloading ? "Chargement..." : "Réessayer"}
          </button>
        </div>
      ) : addresses.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-cream px-6 py-14 text-center">
          <p className="text-lg font-semibold">Aucune adresse enregistrée</p>
          <p className="mt-2 text-muted">Vos adresses de livraison apparaîtront ici.</p>
          <button type="button" onClick={() => setEditing("new")} className={`${primaryButtonClass} mt-6`}>
            Ajouter une adresse
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
        <Modal title={editing === "new" ? "Nouvelle adresse" : "Modifier l'adresse"} onClose={() => setEditing(null)}>
          <AddressForm address={editing === "new" ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />
        </Modal>
      )}

      {deleting && (
        <Modal title="Supprimer l'adresse" onClose={() => setDeleting(null)}>
          <p>Êtes-vous sûr de vouloir supprimer cette adresse ?</p>
          <p className="mt-2 text-sm text-muted">{formatAddressLines(deleting).join(", ")}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" onClick={() => setDeleting(null)} className={secondaryButtonClass} data-autofocus>
              Annuler
            </button>
            <button type="button" onClick={confirmDelete} disabled={busyId === deleting.id} className={dangerButtonClass}>
              {busyId === deleting.id ? "Suppression..." : "Supprimer"}
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
  const titleId = useId();
  const hintId = useId();
  const title = address.label ?? "Adresse";
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
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-dark">Par défaut</span>
        )}
      </div>
      <address className="mt-2 text-sm not-italic text-muted">
        {formatAddressLines(address).map((line, i) => (
          <span key={i} className="block break-words">
            {line}
          </span>
        ))}
        <span className="block">{address.phone}</span>
      </address>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={onEdit} className={secondaryButtonClass} aria-label={`Modifier ${title}`}>
          Modifier
        </button>
        {!address.is_default && (
          <button type="button" onClick={onSetDefault} disabled={busy} className={secondaryButtonClass}>
            Définir par défaut
          </button>
        )}
        <button
          type="button"
          onClick={onDelete}
          disabled={address.is_default || busy}
          aria-describedby={address.is_default ? hintId : undefined}
          aria-label={`Supprimer ${title}`}
          className={secondaryButtonClass}
        >
          Supprimer
        </button>
      </div>
      {address.is_default && (
        <p id={hintId} className="mt-2 text-xs text-muted">
          L'adresse par défaut ne peut pas être supprimée.
        </p>
      )}
    </li>
  );
}
