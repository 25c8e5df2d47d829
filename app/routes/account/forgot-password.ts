import { redirect } from "react-router";
import type { Route } from "./+types/forgot-password";
import { getAuth } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { answerAction, refused } from "~/.server/action-result";
import { formRefusalError, tryReadFormData } from "~/.server/forms";
import { requestKey } from "~/.server/limits/form-limits";
import { requestPasswordReset } from "~/.server/modules/accounts/account-recovery.service";
import { ForgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/domain/auth/account-recovery.schema";
import { invalid } from "~/domain/errors";
import { noStore } from "~/lib/http-cache";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** GET /mot-de-passe-oublie: the form lives in the sign-in dialog. */
export function loader() {
  return redirect("/");
}

/**
 * POST /mot-de-passe-oublie (resource route): the sign-in dialog's "Mot de passe oublié ?" form,
 * answered as an ActionResult (decision 056). One answer whether an account has the address or
 * not (decision 042).
 */
export async function action({ request }: Route.ActionArgs) {
  const read = await tryReadFormData(request);
  if (!read.ok) return refused(formRefusalError(read), undefined, noStore);
  const parsed = ForgotPasswordSchema.safeParse({ email: read.form.get("email") ?? "" });
  if (!parsed.success) {
    return refused(invalid("invalid_email", parsed.error.issues[0]?.message ?? SHOP_MESSAGES.invalidEMailFormat2), undefined, noStore);
  }
  const [db, auth] = await Promise.all([getDb(), getAuth()]);
  return answerAction(async () => {
    await requestPasswordReset(db, auth, { email: parsed.data.email, clientKey: requestKey(request) });
    return { data: null, message: RESET_REQUESTED_MESSAGE };
  });
}
