import { useEffect, useState } from "react";
import { checkPasswordCriteria, hasCommonPasswords } from "~/domain/auth/password-policy";

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
  return (
    <ul id={id} aria-label="Critères du mot de passe" aria-live="polite" className="space-y-1 text-sm">
      {criteria.map((c) => (
        <li key={c.id} className={c.met ? "text-success" : "text-muted"}>
          <span aria-hidden="true">{c.met ? "✓" : "○"}</span> {c.label}
          <span className="sr-only">{c.met ? " : respecté" : " : non respecté"}</span>
        </li>
      ))}
    </ul>
  );
}
