import type { Dispatch, FormEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { useT } from "~/components/ui/i18n";
import type { AuthModalEvent, AuthModalState, SecondFactor } from "../auth-modal-machine";
import { Field, FormRefusal, LinkButton } from "./auth-field";

type Props = {
  ids: string;
  factor: SecondFactor;
  state: AuthModalState;
  dispatch: Dispatch<AuthModalEvent>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** After switching factor: the code field is the one to type in. */
  onFactorSwitched: () => void;
};

/** The second step of a sign-in with two-factor on: the app's 6-digit code or a backup code. */
export function TwoFactorForm({ ids, factor, state, dispatch, onSubmit, onFactorSwitched }: Props) {
  const t = useT();
  const busy = state.status.kind === "pending";
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
      <p className="text-sm text-muted">
        {t(factor === "totp" ? "account.auth.twoFactor.totpIntro" : "account.auth.twoFactor.backupIntro")}
      </p>
      <Field
        id={`${ids}-code`}
        name="code"
        label={t("account.auth.field.code")}
        required
        autoComplete="one-time-code"
        inputMode={factor === "totp" ? "numeric" : "text"}
        spellCheck={false}
        maxLength={factor === "totp" ? 6 : 12}
        value={state.values.code}
        error={state.errors.code}
        onValue={(value) => dispatch({ type: "fieldEdited", field: "code", value })}
      />

      {state.formError && <FormRefusal error={state.formError} />}

      <button type="submit" disabled={busy} className={buttonClass({ variant: "accent", className: "w-full" })}>
        {t(busy ? "account.auth.processing" : "account.auth.twoFactor.verify")}
      </button>

      <p className="text-center text-sm">
        <LinkButton
          onClick={() => {
            dispatch({ type: "secondFactorSwitched" });
            onFactorSwitched();
          }}
        >
          {t(factor === "totp" ? "account.auth.twoFactor.useBackup" : "account.auth.twoFactor.useApp")}
        </LinkButton>
      </p>
    </form>
  );
}
