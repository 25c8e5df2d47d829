import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { buttonClass } from "~/components/ui/button";
import { useT, useTranslateMessage } from "~/components/ui/i18n";

/** The answer to a reset request, in place of the form: the same whether the address has an account or not. */
export function ResetLinkSent({ message }: { message: string }) {
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <div className="mt-6 space-y-4">
      <p role="status" className="rounded-lg border border-line bg-band px-4 py-3 text-sm">
        {tm(message)}
      </p>
      <button type="button" onClick={() => openAuthModal("login")} className={buttonClass({ variant: "accent", className: "w-full" })}>
        {t("account.auth.backToSignIn")}
      </button>
    </div>
  );
}
