import type { Dispatch } from "react";
import { useT } from "~/components/ui/i18n";
import type { AuthModalEvent, AuthModalState, Choice } from "../auth-modal-machine";
import { Field } from "./auth-field";

type Props = { ids: string; state: AuthModalState; dispatch: Dispatch<AuthModalEvent> };

/** The sign-up form's first fields: who the account is for. */
export function SignUpIdentityFields({ ids, state, dispatch }: Props) {
  const t = useT();
  const { values, errors } = state;
  return (
    <>
      <Field
        id={`${ids}-first-name`}
        name="firstName"
        label={t("account.auth.field.firstName")}
        required
        autoComplete="given-name"
        value={values.firstName}
        error={errors.firstName}
        onValue={(value) => dispatch({ type: "fieldEdited", field: "firstName", value })}
      />
      <Field
        id={`${ids}-last-name`}
        name="lastName"
        label={t("account.auth.field.lastName")}
        required
        autoComplete="family-name"
        value={values.lastName}
        error={errors.lastName}
        onValue={(value) => dispatch({ type: "fieldEdited", field: "lastName", value })}
      />
      <Field
        id={`${ids}-birth-date`}
        name="birthDate"
        label={t("account.auth.field.birthDate")}
        hint={t("account.auth.field.optional")}
        type="date"
        autoComplete="bday"
        value={values.birthDate}
        error={errors.birthDate}
        onValue={(value) => dispatch({ type: "fieldEdited", field: "birthDate", value })}
      />
    </>
  );
}

/** The sign-up form's consent choices: commercial e-mails (refusable) and the newsletter (opt-in). */
export function SignUpOffers({ state, dispatch }: Omit<Props, "ids">) {
  const t = useT();
  const choice = (name: Choice, label: string) => (
    <label className="flex min-h-11 items-start gap-2">
      <input
        type="checkbox"
        name={name}
        checked={state.choices[name]}
        onChange={(e) => dispatch({ type: "choiceToggled", choice: name, checked: e.currentTarget.checked })}
        className="mt-1 h-5 w-5"
      />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset className="space-y-2 rounded-lg border border-line p-3 text-sm">
      <legend className="px-1 font-semibold">{t("account.auth.offers.legend")}</legend>
      <p className="text-muted">{t("account.auth.offers.text")}</p>
      {choice("refuseCommercialEmails", t("account.auth.offers.refuse"))}
      {choice("newsletter", t("account.auth.offers.newsletter"))}
    </fieldset>
  );
}
