import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { useT } from "~/components/ui/i18n";
import { buttonClass } from "~/components/ui/button";

/** The checkout of a visitor: "Connexion requise" and the way to sign in (the cart is kept). */
export function SignInRequired() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl">{t("checkout.signIn.title")}</h1>
      <p className="mt-4 text-muted">{t("checkout.signIn.text")}</p>
      <button
        type="button"
        onClick={() => openAuthModal("login", { continueTo: "/checkout" })}
        className={buttonClass({ variant: "accent", className: "mt-8" })}
      >
        {t("checkout.signIn.cta")}
      </button>
    </div>
  );
}
