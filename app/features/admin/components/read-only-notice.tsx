/**
 * What a back-office page says to a role that may read it but not use its forms (decision 066):
 * the forms are left out, and this line tells why, so the page does not look broken.
 */

/** "Lecture seule : votre rôle ne permet pas de <what>." */
export function readOnlyMessage(what: string): string {
  return `Lecture seule : votre rôle ne permet pas de ${what}.`;
}

export function ReadOnlyNotice({ what, className = "" }: { what: string; className?: string }) {
  return <p className={`rounded-lg bg-band px-4 py-2 text-sm text-muted ${className}`}>{readOnlyMessage(what)}</p>;
}
