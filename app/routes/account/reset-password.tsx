import { useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { getAuth } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { readFormFields } from "~/.server/forms";
import { invalid } from "~/domain/errors";
import { answerAction, refused } from "~/.server/action-result";
import { failureFieldErrors } from "~/domain/http/action-result";
import { isResetLinkValid, resetPasswordWithLink } from "~/.server/modules/accounts/account-recovery.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import {
  RESET_DONE_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  ResetPasswordSchema,
  ResetTokenSchema,
} from "~/domain/auth/account-recovery.schema";
import { PASSWORD_MAX } from "~/domain/auth/auth.rules";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";

/**
 * /reinitialiser-mot-de-passe?token=…: the page of the "Mot de passe oublié" mail. The link works
 * once and for one hour (the auth library's reset token); setting the password ends every
 * session of the account (decision 042).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = ResetTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? "");
  if (!token.success) return data({ token: "", valid: false }, { status: 400 });
  const valid = await isResetLinkValid(await getDb(), token.data);
  return data({ token: valid ? token.data : "", valid }, { status: valid ? 200 : 404 });
}

/** The service's code for a link that no longer works. */
const RESET_LINK_INVALID = "reset_link_invalid";

/** An ActionResult (decision 056); a refusal coded `reset_link_invalid` shows the dead link's page. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = ResetPasswordSchema.safeParse(await readFormFields(request));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    if (fieldErrors.token) return refused(invalid(RESET_LINK_INVALID, RESET_LINK_INVALID_MESSAGE));
    return refused(invalid("invalid_password", Object.values(fieldErrors)[0], { fieldErrors }));
  }
  // The service's refusals: the link (reset_link_invalid, on the token) or the password policy (on newPassword).
  return answerAction(async () => {
    await resetPasswordWithLink(await getAuth(), { token: parsed.data.token, newPassword: parsed.data.newPassword });
    return { data: null, message: RESET_DONE_MESSAGE };
  });
}

export function headers(): HeadersInit {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("common.meta.resetPassword.title")} | Aurore` }, { name: "robots", content: "noindex" }];
}

const buttonClass = "min-h-11 rounded-full bg-ink px-5 font-semibold text-white disabled:opacity-60";

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [password, setPassword] = useState("");
  const refusal = answer && !answer.ok ? answer : null;
  const errors = refusal ? failureFieldErrors(refusal) : {};
  const linkInvalid = !loaderData.valid || refusal?.code === RESET_LINK_INVALID;
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="font-display text-3xl">{t("account.resetPassword.title")}</h1>
      {answer?.ok ? (
        <>
          <p role="status" className="mt-6 rounded-lg border border-line bg-band p-4">
            {tm(answer.message ?? RESET_DONE_MESSAGE)}
          </p>
          <button type="button" onClick={() => openAuthModal("login")} className={`mt-6 ${buttonClass}`}>
            {t("account.auth.signIn")}
          </button>
        </>
      ) : linkInvalid ? (
        <>
          <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
            {tm(RESET_LINK_INVALID_MESSAGE)}
          </p>
          <Link to="/" className={`mt-6 inline-flex items-center ${buttonClass}`}>
            {t("account.backHome")}
          </Link>
        </>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields password={password} onPasswordChange={setPassword} errors={errors} maxLength={PASSWORD_MAX} />
          <button type="submit" disabled={busy} className={buttonClass}>
            {t(busy ? "account.saving" : "account.resetPassword.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
