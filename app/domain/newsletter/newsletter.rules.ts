import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { formatMessage } from "~/domain/messages/format";

/**
 * The newsletter form's limits, messages and answer type without zod: the footer (on every
 * storefront page) imports this, and storefront pages must not ship the validation library on
 * first load. The browser check below mirrors NewsletterSchema, which the action applies.
 */
export const NEWSLETTER_EMAIL_MAX = 254;
export const NEWSLETTER_EMAIL_REQUIRED = SHOP_MESSAGES.eMailRequired2;
export const NEWSLETTER_EMAIL_TOO_LONG = formatMessage(SHOP_MESSAGES.newsletterEmailMaxLength, { max: NEWSLETTER_EMAIL_MAX });
export const NEWSLETTER_EMAIL_INVALID = SHOP_MESSAGES.invalidEMailFormat2;

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
export const NEWSLETTER_ALREADY_MESSAGE = SHOP_MESSAGES.addressAlreadySubscribedNewsletter;
/** The spec's welcome offer (back-office §9). */
export const NEWSLETTER_WELCOME_OFFER = "10 % de réduction sur votre première commande";
