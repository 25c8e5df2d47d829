/**
 * The newsletter form's limits, messages and answer type without zod: the footer (on every
 * storefront page) imports this, and storefront pages must not ship the validation library on
 * first load. The browser check below mirrors NewsletterSchema, which the action applies.
 */
export const NEWSLETTER_EMAIL_MAX = 254;
export const NEWSLETTER_EMAIL_REQUIRED = "L'email est obligatoire";
export const NEWSLETTER_EMAIL_TOO_LONG = `L'email ne doit pas dépasser ${NEWSLETTER_EMAIL_MAX} caractères`;
export const NEWSLETTER_EMAIL_INVALID = "Format d'email invalide";

/** Browser-side check of the e-mail field: the first problem, or null. The server re-checks with zod. */
export function newsletterEmailProblem(raw: string): string | null {
  const email = raw.trim();
  if (!email) return NEWSLETTER_EMAIL_REQUIRED;
  if (email.length > NEWSLETTER_EMAIL_MAX) return NEWSLETTER_EMAIL_TOO_LONG;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return NEWSLETTER_EMAIL_INVALID;
  return null;
}

/** Answer of POST /newsletter. */
export type NewsletterResult = { ok: true; message: string } | { ok: false; message: string; fieldError?: string };

export const newsletterSuccessMessage = (email: string) => `Merci ! Confirmez votre inscription grâce au lien envoyé à ${email}.`;
export const NEWSLETTER_ALREADY_MESSAGE = "Cette adresse est déjà inscrite à notre newsletter.";
/** The spec's welcome offer (back-office §9). */
export const NEWSLETTER_WELCOME_OFFER = "10 % de réduction sur votre première commande";
