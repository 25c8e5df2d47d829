import { Link } from "react-router";
import type { AccountTab } from "../account-tabs";
import type { ReactNode } from "react";
import { TabHeading } from "~/components/ui/tab-heading";
import { PersonalDataSection } from "./personal-data-section";
import { buttonClass } from "~/components/ui/button";

/**
 * Profil: who is signed in, the way to the full profile page, the Beauty Pass history (given by
 * the page, which composes the loyalty feature, when its data was loaded) and the RGPD rights.
 */
export function ProfileTab({ name, email, loyaltyHistory }: { name: string; email: string; loyaltyHistory?: ReactNode }) {
  return (
    <div>
      <TabHeading>Profil</TabHeading>
      <dl className="mt-6 grid gap-4 rounded-2xl border border-line p-6 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">Nom</dt>
          <dd className="mt-1 font-semibold">{name || "Nom non renseigné"}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">E-mail</dt>
          <dd className="mt-1 break-all font-semibold">{email}</dd>
        </div>
      </dl>
      <Link to="/profile" className={buttonClass({ variant: "accent", className: "mt-6" })}>
        Modifier mon profil
      </Link>
      {loyaltyHistory}
      <PersonalDataSection />
    </div>
  );
}

type EmptyTabId = Exclude<AccountTab, "profile" | "security" | "preferences">;

const EMPTY_STATES: Record<EmptyTabId, { heading: string; title: string; text: string; link?: { to: string; label: string } }> = {
  orders: {
    heading: "Mes Commandes",
    title: "Aucune commande",
    text: "Vous n'avez pas encore passé de commande.",
    link: { to: "/products", label: "Découvrir nos produits" },
  },
  addresses: {
    heading: "Carnet d'adresses",
    title: "Aucune adresse enregistrée",
    text: "Vos adresses de livraison apparaîtront ici.",
  },
  wishlist: {
    heading: "Mes Favoris",
    title: "Aucun favori pour le moment",
    text: "Ajoutez des produits à vos favoris pour les retrouver facilement.",
    link: { to: "/products", label: "Découvrir nos produits" },
  },
  payment: {
    heading: "Moyens de Paiement",
    title: "Aucun moyen de paiement",
    text: "Vos cartes enregistrées apparaîtront ici.",
  },
  notifications: {
    heading: "Notifications",
    title: "Aucune notification",
    text: "Vous êtes à jour.",
  },
  support: {
    heading: "Support Client",
    title: "Aucun ticket de support",
    text: "Vos demandes au service client apparaîtront ici.",
  },
};

/** The tabs not built yet show their spec empty state. */
export function EmptyTab({ tab }: { tab: EmptyTabId }) {
  const state = EMPTY_STATES[tab];
  return (
    <div>
      <TabHeading>{state.heading}</TabHeading>
      <div className="mt-6 rounded-2xl bg-cream px-6 py-14 text-center">
        <p className="text-lg font-semibold">{state.title}</p>
        <p className="mt-2 text-muted">{state.text}</p>
        {state.link && (
          <Link to={state.link.to} className={buttonClass({ variant: "accent", className: "mt-6" })}>
            {state.link.label}
          </Link>
        )}
      </div>
    </div>
  );
}
