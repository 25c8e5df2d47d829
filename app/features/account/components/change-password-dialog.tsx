import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { PASSWORD_SUCCESS_CLOSE_MS, type AccountActionData } from "~/domain/account/account-actions";
import type { ActionResult } from "~/domain/http/action-result";
import { PASSWORD_MISMATCH_MESSAGE, meetsPasswordCriteria } from "~/domain/account/security.schema";
import { PasswordChecklist } from "~/components/ui/password-checklist";
import { PASSWORD_MAX } from "~/domain/auth/auth.rules";
import { FormMessage, inputClass, primaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { useFailureText } from "~/components/ui/refusal-text";

/** Current password, new password with its live checklist, confirmation. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<ActionResult<AccountActionData>>();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const matches = confirmPassword.length > 0 && confirmPassword === newPassword;
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;
  const succeeded = result?.ok === true;
  const t = useT();
  const tm = useTranslateMessage();
  const failureText = useFailureText();
  const canSubmit = currentPassword.length > 0 && meetsPasswordCriteria(newPassword) && matches && !busy && !succeeded;

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(onClose, PASSWORD_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [succeeded, onClose]);

  return (
    <Modal title={t("account.security.changePassword")} onClose={onClose}>
      {succeeded ? (
        <FormMessage tone="success">{tm(result.message ?? "")}</FormMessage>
      ) : (
        <fetcher.Form method="post" noValidate className="space-y-4">
          <input type="hidden" name="intent" value="change-password" />
          <label className="block text-sm font-medium">
            {t("account.security.currentPassword")}
            <input
              type="password"
              name="currentPassword"
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX}
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              className={inputClass}
              data-autofocus
            />
          </label>
          <label className="block text-sm font-medium">
            {t("account.password.new")}
            <input
              type="password"
              name="newPassword"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX}
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              aria-describedby="password-criteria"
              className={inputClass}
            />
          </label>
          <PasswordChecklist id="password-criteria" password={newPassword} />
          <label className="block text-sm font-medium">
            {t("account.security.confirmNewPassword")}
            <input
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX}
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
              aria-invalid={confirmPassword.length > 0 && !matches}
              className={inputClass}
            />
          </label>
          {confirmPassword.length > 0 && !matches && <p className="text-sm text-danger">{tm(PASSWORD_MISMATCH_MESSAGE)}</p>}
          {result && !result.ok && <FormMessage tone="error">{failureText(result)}</FormMessage>}
          <button type="submit" disabled={!canSubmit} className={`${primaryButtonClass} w-full`}>
            {t(busy ? "account.security.updating" : "account.security.updatePassword")}
          </button>
        </fetcher.Form>
      )}
    </Modal>
  );
}
