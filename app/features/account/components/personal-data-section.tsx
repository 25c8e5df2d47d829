import { useState } from "react";
import { useFetcher } from "react-router";
import type { AccountActionResult } from "~/domain/account/account-actions";
import { PASSWORD_MAX } from "~/domain/auth/auth.rules";
import { FormMessage, dangerButtonClass, inputClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";

const EXPORT_URL = "/api/v1/me/export";

/** RGPD rights in the profile tab: a copy of the data (JSON download) and account deletion. */
export function PersonalDataSection() {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="personal-data-title" className="mt-10 rounded-2xl border border-line p-6">
      <h3 id="personal-data-title" className="font-display text-xl">
        Mes données personnelles
      </h3>
      <p className="mt-2 text-sm text-muted">
        Téléchargez une copie de toutes vos données (profil, adresses, commandes, Beauty Pass, préférences…) au format JSON, ou supprimez
        définitivement votre compte.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {/* A plain link: the browser downloads the file, no client routing involved. */}
        <a href={EXPORT_URL} download className={secondaryButtonClass}>
          Télécharger mes données
        </a>
        <button type="button" onClick={() => setConfirming(true)} className={dangerButtonClass}>
          Supprimer mon compte
        </button>
      </div>
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} />}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<AccountActionResult>();
  const [password, setPassword] = useState("");
  const busy = fetcher.state !== "idle";
  const result = !busy && fetcher.data?.intent === "delete-account" ? fetcher.data : undefined;

  return (
    <Modal title="Supprimer mon compte" onClose={onClose}>
      <div className="space-y-3 text-sm">
        <p>
          Cette action est <strong>définitive</strong>. Seront effacés : votre profil, vos adresses, vos favoris, vos moyens de paiement,
          vos notifications, vos préférences, votre panier, vos points Beauty Pass, vos demandes au service client et votre historique de
          connexion.
        </p>
        <p>
          Vos commandes sont conservées sous forme anonymisée (sans nom, adresse postale, téléphone ni e-mail) pour nos obligations
          comptables.
        </p>
      </div>
      <fetcher.Form method="post" action="/dashboard" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="delete-account" />
        <label className="block text-sm font-medium">
          Mot de passe
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={inputClass}
            data-autofocus
          />
        </label>
        {result && !result.ok && <FormMessage tone="error">{result.message}</FormMessage>}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Annuler
          </button>
          <button type="submit" disabled={password.length === 0 || busy} className={dangerButtonClass}>
            {busy ? "Suppression..." : "Supprimer définitivement"}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
