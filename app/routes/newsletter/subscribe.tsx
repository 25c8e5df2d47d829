import { data } from "react-router";
import { hitFormLimit, requestKey, TOO_MANY_REQUESTS_MESSAGE } from "~/.server/rate-limit";
import type { Route } from "./+types/subscribe";
import { getDb } from "~/.server/db";
import { getEnv } from "~/.server/env";
import { requestSubscription } from "~/.server/modules/newsletter/newsletter.service";
import {
  NEWSLETTER_ALREADY_MESSAGE,
  NewsletterSchema,
  newsletterSuccessMessage,
  type NewsletterResult,
} from "~/features/newsletter/newsletter.schema";

const noStore = { "Cache-Control": "no-store" };
/** An e-mail address needs far less: a bigger body is refused before it is read. */
const MAX_BODY_BYTES = 4 * 1024;

/** POST /newsletter: resource route (no page), answering { ok, message } for the newsletter form. */
export async function action({ request }: Route.ActionArgs) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return data<NewsletterResult>(
      { ok: false, message: "Requête trop volumineuse." },
      { status: 413, headers: noStore },
    );
  }
  let email: unknown = "";
  try {
    email = (await request.formData()).get("email") ?? "";
  } catch {
    // An unreadable body is handled as an empty field.
  }
  const parsed = NewsletterSchema.safeParse({ email });
  if (!parsed.success) {
    const fieldError =
      parsed.error.issues[0]?.message ?? "Format d'email invalide";
    return data<NewsletterResult>(
      { ok: false, message: fieldError, fieldError },
      { status: 400, headers: noStore },
    );
  }
  const limited = hitFormLimit("newsletter", requestKey(request));
  if (!limited.allowed) {
    return data<NewsletterResult>(
      { ok: false, message: TOO_MANY_REQUESTS_MESSAGE },
      { status: 429, headers: { ...noStore, "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  try {
    const result = await requestSubscription(
      await getDb(),
      parsed.data.email,
      getEnv().publicUrl,
    );
    const message =
      result.status === "already"
        ? NEWSLETTER_ALREADY_MESSAGE
        : newsletterSuccessMessage(parsed.data.email);
    return data<NewsletterResult>({ ok: true, message }, { headers: noStore });
  } catch (error) {
    console.error("[newsletter] subscription not stored:", error);
    return data<NewsletterResult>(
      {
        ok: false,
        message:
          "Votre inscription n'a pas pu être enregistrée. Veuillez réessayer dans un instant.",
      },
      { status: 503, headers: noStore },
    );
  }
}
