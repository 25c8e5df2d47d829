import { useEffect, useId, useReducer } from "react";
import { CloseIcon } from "~/components/ui/icons";
import { closeAuthModal, useAuthModal } from "~/features/auth/public/auth-modal-store";
import { useT } from "~/components/ui/i18n";
import { authModalReducer, initialAuthModalState, type FieldName } from "../auth-modal-machine";
import { CredentialsForm } from "./auth-credentials-form";
import { ResetLinkSent } from "./auth-reset-link-sent";
import { TwoFactorForm } from "./auth-two-factor-form";
import { useAuthDialog } from "./use-auth-dialog";
import { useAuthSubmit } from "./use-auth-submit";

/**
 * The sign-in / sign-up pop-up, mounted once in the shop layout and opened through
 * `openAuthModal()`. A native modal <dialog> (use-auth-dialog.ts). Its steps and what was typed
 * are the state machine of auth-modal-machine.ts; this component performs the requests and moves
 * the focus. Failures stay inside the dialog as a French alert.
 */
export function AuthModal() {
  const { open, mode, continueTo } = useAuthModal();
  const [state, dispatch] = useReducer(authModalReducer, mode, initialAuthModalState);
  const { dialogRef, dialogProps } = useAuthDialog(open, () => dispatch({ type: "closed" }));
  const ids = useId();
  const t = useT();

  function focusField(name: FieldName) {
    dialogRef.current?.querySelector<HTMLInputElement>(`form [name="${name}"]`)?.focus();
  }

  const submit = useAuthSubmit(state, dispatch, { continueTo, focusField });

  // The store says which form is open; the machine follows it in this same render, so the form,
  // the title and what a submit sends never disagree for a frame.
  if (state.mode !== mode) dispatch({ type: "modeChanged", mode });

  // The code field exists only once the two-factor step has rendered: focus it then.
  const step = state.step;
  useEffect(() => {
    if (step.kind === "two-factor") dialogRef.current?.querySelector<HTMLInputElement>('form [name="code"]')?.focus();
  }, [step.kind, dialogRef]);

  const titleId = `${ids}-title`;
  const title = t(
    step.kind === "two-factor"
      ? "account.auth.title.twoFactor"
      : state.mode === "signup"
        ? "account.auth.title.signUp"
        : state.mode === "forgot"
          ? "account.auth.title.forgot"
          : "account.auth.title.signIn",
  );

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className="relative max-h-[calc(100dvh-2rem)] overflow-y-auto px-6 pt-6 pb-7 sm:px-8">
        <button
          type="button"
          aria-label={t("account.auth.close")}
          onClick={() => closeAuthModal()}
          className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-band"
        >
          <CloseIcon />
        </button>
        <h2 id={titleId} className="pr-10 font-display text-2xl font-semibold">
          {title}
        </h2>

        {step.kind === "reset-sent" ? (
          <ResetLinkSent message={step.message} />
        ) : step.kind === "credentials" ? (
          <CredentialsForm ids={ids} state={state} dispatch={dispatch} onSubmit={submit} />
        ) : (
          <TwoFactorForm
            ids={ids}
            factor={step.factor}
            state={state}
            dispatch={dispatch}
            onSubmit={submit}
            onFactorSwitched={() => focusField("code")}
          />
        )}
      </div>
    </dialog>
  );
}
