import { z } from "zod";

/** The newsletter sign-up form (footer, About page), validated in the browser and in the action. */

export const NEWSLETTER_EMAIL_MAX = 254;

export const NewsletterSchema = z.object({
  email: z
    .string({ error: "L'email est obligatoire" })
    .trim()
    .min(1, { error: "L'email est obligatoire" })
    .max(NEWSLETTER_EMAIL_MAX, {
      error: `L'email ne doit pas dépasser ${NEWSLETTER_EMAIL_MAX} caractères`,
    })
    .pipe(z.email({ error: "Format d'email invalide" })),
});

export type NewsletterInput = z.infer<typeof NewsletterSchema>;

/** Answer of POST /newsletter. */
export type NewsletterResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldError?: string };

export const newsletterSuccessMessage = (email: string) =>
  `Merci ! Confirmez votre inscription grâce au lien envoyé à ${email}.`;
export const NEWSLETTER_ALREADY_MESSAGE =
  "Cette adresse est déjà inscrite à notre newsletter.";
/** The spec's welcome offer (back-office §9). */
export const NEWSLETTER_WELCOME_OFFER =
  "10 % de réduction sur votre première commande";
