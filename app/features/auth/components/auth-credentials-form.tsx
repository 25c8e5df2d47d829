import type { Dispatch, FormEvent } from "react";
import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { buttonClass } from "~/components/ui/button";
import { useT } from "~/components/ui/i18n";
import { PasswordChecklist } from "~/components/ui/password-checklist";
import type { AuthModalEvent, AuthModalState } from "../auth-modal-machine";
import { Field, FormRefusal, LinkButton } from "./auth-field";
import { SignUpIdentityFields, SignUpOffers } from "./auth-sign-up-fields";

type Props = {
  ids: string;
  state: AuthModalState;
  dispatch: Dispatch<AuthModalEvent>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * The sign-in, sign-up and forgotten-password forms. One form whose parts come and go with the
 * mode, in fixed places: switching forms keeps the e-mail field and the switch link themselves,
 * so the focus stays where the visitor was (separate forms would drop it on the page's body).
 */
export function CredentialsForm({ ids, state, dispatch, onSubmit }: Props) {
  const t = useT();
  const { mode, values, errors, formError } = state;
  const isSignup = mode === "signup";
  const isForgot = mode === "forgot";
  const busy = state.status.kind === "pending";
  const submitLabel = t(
    busy ? "account.auth.processing" : isSignup ? "account.auth.signUp" : isForgot ? "account.auth.sendLink" : "account.auth.submitSignIn",
  );

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
      {isSignup && <SignUpIdentityFields ids={ids} state={state} dispatch={dispatch} />}
      {isForgot && <p className="text-sm text-muted">{t("account.auth.forgotIntro")}</p>}
      <Field
        id={`${ids}-email`}
        name="email"
        label={t("account.auth.field.email")}
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={values.email}
        error={errors.email}
        onValue={(value) => dispatch({ type: "fieldEdited", field: "email", value })}
      />
      {!isForgot && <PasswordField ids={ids} state={state} dispatch={dispatch} />}
      {isSignup && <PasswordChecklist id={`${ids}-password-criteria`} password={values.password} />}
      {isSignup && <SignUpOffers state={state} dispatch={dispatch} />}
      {!isSignup && !isForgot && (
        <p className="text-right text-sm">
          <LinkButton onClick={() => openAuthModal("forgot")}>{t("account.auth.forgotLink")}</LinkButton>
        </p>
      )}

      {formError && <FormRefusal error={formError} />}

      <button type="submit" disabled={busy} className={buttonClass({ variant: "accent", className: "w-full" })}>
        {submitLabel}
      </button>

      <p className="text-center text-sm text-muted">
        {t(isSignup || isForgot ? "account.auth.haveAccount" : "account.auth.noAccount")}{" "}
        <LinkButton onClick={() => openAuthModal(isSignup || isForgot ? "login" : "signup")}>
          {t(isSignup || isForgot ? "account.auth.signIn" : "account.auth.signUp")}
        </LinkButton>
      </p>
    </form>
  );
}

/** The password with its show/hide toggle; on sign-up, described by the live rules under it. */
function PasswordField({ ids, state, dispatch }: Omit<Props, "onSubmit">) {
  const t = useT();
  const { showPassword } = state;
  const isSignup = state.mode === "signup";
  return (
    <Field
      id={`${ids}-password`}
      name="password"
      label={t("account.auth.field.password")}
      type={showPassword ? "text" : "password"}
      required
      autoComplete={isSignup ? "new-password" : "current-password"}
      spellCheck={false}
      value={state.values.password}
      error={state.errors.password}
      onValue={(value) => dispatch({ type: "fieldEdited", field: "password", value })}
      trailing={
        <button
          type="button"
          aria-label={t(showPassword ? "account.auth.hidePassword" : "account.auth.showPassword")}
          aria-pressed={showPassword}
          onClick={() => dispatch({ type: "passwordVisibilityToggled" })}
          className="absolute top-0.5 right-0.5 flex h-11 min-w-11 items-center justify-center rounded-lg px-2 text-xs font-semibold text-accent hover:bg-accent-soft"
        >
          <span aria-hidden="true">{t(showPassword ? "account.auth.hide" : "account.auth.show")}</span>
        </button>
      }
      describedBy={isSignup ? `${ids}-password-criteria` : undefined}
    />
  );
}
