import { data, redirect } from "react-router";
import { hitFormLimit, requestKey, TOO_MANY_REQUESTS_MESSAGE } from "~/.server/limits/form-limits";
import type { Route } from "./+types/subscribe";
import { getDb } from "~/.server/db";
import { getEnv } from "~/.server/env";
import { tryReadFormData } from "~/.server/forms";
import { requestSubscription } from "~/.server/modules/newsletter/newsletter.service";
import {
  NEWSLETTER_ALREADY_MESSAGE,
  NewsletterSchema,
  newsletterSuccessMessage,
  type NewsletterResult,
} from "~/domain/newsletter/newsletter.schema";
import { noStore } from "~/lib/http-cache";
import { languageFromCookieHeader } from "~/domain/i18n/languages";
import { log } from "~/.server/logger";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/**
 * GET /newsletter (the address typed or bookmarked): the subscription form lives on the À propos
 * page (and in every page's footer), so the browser goes there.
 */
export function loader() {
  return redirect("/about#about-newsletter");
}

/** POST /newsletter: resource route (no page), answering { ok, message } for the newsletter form. */
export async function action({ request }: Route.ActionArgs) {
  // The body was bounded by the Node server while it was read (decision 023).
  const read = await tryReadFormData(request);
  if (!read.ok) {
    return data<NewsletterResult>({ ok: false, message: read.message }, { status: read.status, headers: noStore });
  }
  const email = read.form.get("email") ?? "";
  const parsed = NewsletterSchema.safeParse({ email });
  if (!parsed.success) {
    const fieldError = parsed.error.issues[0]?.message ?? SHOP_MESSAGES.invalidEMailFormat2;
    return data<NewsletterResult>({ ok: false, message: fieldError, fieldError }, { status: 400, headers: noStore });
  }
  const limited = await hitFormLimit(await getDb(), "newsletter", requestKey(request));
  if (!limited.allowed) {
    return data<NewsletterResult>(
      { ok: false, message: TOO_MANY_REQUESTS_MESSAGE },
      { status: 429, headers: { ...noStore, "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  try {
    // The confirmation mail speaks the language of the page the form was sent from (decision 044).
    const language = languageFromCookieHeader(request.headers.get("cookie")) ?? undefined;
    const result = await requestSubscription(await getDb(), parsed.data.email, getEnv().publicUrl, new Date(), language);
    const message = result.status === "already" ? NEWSLETTER_ALREADY_MESSAGE : newsletterSuccessMessage(parsed.data.email);
    return data<NewsletterResult>({ ok: true, message }, { headers: noStore });
  } catch (error) {
    log.error({ err: error }, "newsletter: subscription not stored");
    return data<NewsletterResult>(
      {
        ok: false,
        message: SHOP_MESSAGES.subscriptionCouldNotSavedTry,
      },
      { status: 503, headers: noStore },
    );
  }
}
