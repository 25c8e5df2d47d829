import { checkPasswordCriteria } from "~/domain/auth/password-policy";

/**
 * The live list of password rules (decision 042) under a new-password field: each rule ticks as
 * the password meets it. The list is a polite live region, so a screen reader hears the changes
 * without losing its place in the field.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
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
