import { z } from "zod";
import { text } from "~/lib/safe-text";
import { NEWSLETTER_EMAIL_INVALID, NEWSLETTER_EMAIL_MAX, NEWSLETTER_EMAIL_REQUIRED, NEWSLETTER_EMAIL_TOO_LONG } from "./newsletter.rules";

export * from "./newsletter.rules";

/** The newsletter sign-up form (footer, About page), applied by the action (the browser uses newsletter.rules). */
export const NewsletterSchema = z.object({
  email: text({ error: NEWSLETTER_EMAIL_REQUIRED })
    .trim()
    .min(1, { error: NEWSLETTER_EMAIL_REQUIRED })
    .max(NEWSLETTER_EMAIL_MAX, { error: NEWSLETTER_EMAIL_TOO_LONG })
    .pipe(z.email({ error: NEWSLETTER_EMAIL_INVALID })),
});

export type NewsletterInput = z.infer<typeof NewsletterSchema>;
