import { useEffect, useState } from "react";
import { checkPasswordCriteria, hasCommonPasswords } from "~/domain/auth/password-policy";
import { useT, useTranslateMessage } from "~/components/ui/i18n";

/**
 * The live list of password rules (decision 042) under a new-password field: each rule ticks as
 * the password meets it. The list is a polite live region, so a screen reader hears the changes
 * without losing its place in the field. The common-password list is fetched when the checklist
 * first shows (it is too heavy for every page's first load); until then that rule stays unticked.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const [, setListReady] = useState(hasCommonPasswords());
  useEffect(() => {
    if (hasCommonPasswords()) return;
    let live = true;
    void import("~/domain/auth/common-passwords").then(() => {
      if (live) setListReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  const criteria = checkPasswordCriteria(password);
  const t = useT();
  // The rules' labels are French texts of app/domain (decision 044).
  const tm = useTranslateMessage();
  return (
    <ul id={id} aria-label={t("account.password.criteria")} aria-live="polite" className="space-y-1 text-sm">
      {criteria.map((c) => (
        <li key={c.id} className={c.met ? "text-success" : "text-muted"}>
          <span aria-hidden="true">{c.met ? "✓" : "○"}</span> {tm(c.label)}
          <span className="sr-only">{t(c.met ? "account.password.met" : "account.password.notMet")}</span>
        </li>
      ))}
    </ul>
  );
}
