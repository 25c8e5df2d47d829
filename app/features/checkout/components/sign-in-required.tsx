import { openAuthModal } from "~/components/auth/auth-modal-store";
import { buttonClass } from "~/components/ui/button";

/** The checkout of a visitor: "Connexion requise" and the way to sign in (the cart is kept). */
export function SignInRequired() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl">Connexion requise</h1>
      <p className="mt-4 text-muted">Vous devez être connecté pour passer une commande. Votre panier est conservé.</p>
      <button
        type="button"
        onClick={() => openAuthModal("login", { continueTo: "/checkout" })}
        className={buttonClass({ variant: "accent", className: "mt-8" })}
      >
        Connexion
      </button>
    </div>
  );
}
