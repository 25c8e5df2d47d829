import { FieldShell, errorIdOf } from "~/components/ui/field";
import { PasswordChecklist } from "~/components/ui/password-checklist";
import { useT, useTranslateMessage } from "~/components/ui/i18n";

const inputClass = "mt-1 min-h-11 w-full rounded-lg border border-line bg-white px-3";

/**
 * The new password and its confirmation, with the live rules between them (decision 042): the
 * fields every page that chooses a password shows (first set-up, reset).
 */
export function NewPasswordFields({
  password,
  onPasswordChange,
  errors,
  maxLength,
}: {
  password: string;
  onPasswordChange: (password: string) => void;
  errors: { newPassword?: string; confirmPassword?: string };
  maxLength?: number;
}) {
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <>
      <FieldShell id="new-password" label={t("account.password.new")} required error={errors.newPassword && tm(errors.newPassword)}>
        <input
          id="new-password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          maxLength={maxLength}
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
          aria-describedby={["password-criteria", errorIdOf("new-password", errors.newPassword)].filter(Boolean).join(" ")}
          className={inputClass}
        />
      </FieldShell>
      <PasswordChecklist id="password-criteria" password={password} />
      <FieldShell
        id="confirm-password"
        label={t("account.password.confirm")}
        required
        error={errors.confirmPassword && tm(errors.confirmPassword)}
      >
        <input
          id="confirm-password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          maxLength={maxLength}
          aria-describedby={errorIdOf("confirm-password", errors.confirmPassword)}
          className={inputClass}
        />
      </FieldShell>
    </>
  );
}
