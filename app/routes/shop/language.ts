import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { getEnv } from "~/.server/env";
import { readFormFields } from "~/.server/forms";
import { saveLanguagePreference } from "~/.server/modules/accounts/preferences.service";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from "~/domain/i18n/languages";
import { safeActionPath } from "~/domain/notifications/notification.rules";

/** A GET (a bookmarked or typed address) has nothing to change: back to the shop. */
export function loader() {
  return redirect("/");
}

/**
 * The footer's language choice (decision 044): a cookie for everyone (readable by scripts: it
 * holds nothing secret), the Préférences of a signed-in shopper too; then back to the page the
 * choice was made on, which the browser loads again in the new language. An unknown language
 * changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  const back = safeActionPath(fields.redirectTo ?? null) ?? "/";
  if (!isLanguage(fields.language)) return redirect(back);
  const session = await getCurrentSession(request);
  if (session) await saveLanguagePreference(await getDb(), session.user.id, fields.language);
  const secure = getEnv().publicUrl.startsWith("https://") ? "; Secure" : "";
  return redirect(back, {
    headers: {
      "Set-Cookie": `${LANGUAGE_COOKIE}=${fields.language}; Path=/; SameSite=Lax; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}${secure}`,
    },
  });
}
