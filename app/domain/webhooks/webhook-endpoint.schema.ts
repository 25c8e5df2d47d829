/** The webhook endpoint form (decision 050): one schema for the admin action and the service. */
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES, WEBHOOK_URL_MAX } from "~/domain/webhooks/webhooks";

export const WebhookEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlInvalid)
    .refine((value) => URL.canParse(value), WEBHOOK_MESSAGES.urlInvalid)
    .refine((value) => !URL.canParse(value) || /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.urlScheme),
  description: z.string().trim().max(200, "200 caractères au plus").default(""),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES.eventsRequired)).min(1, WEBHOOK_MESSAGES.eventsRequired),
  active: z.boolean().default(true),
});
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointSchema>;

/** The submitted form as WebhookEndpointSchema reads it (one checkbox per event type). */
export function webhookEndpointFromForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    url: text("url"),
    description: text("description"),
    events: form.getAll("events").filter((v): v is string => typeof v === "string"),
    active: form.get("active") === "on",
  };
}
