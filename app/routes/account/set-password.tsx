import { useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { isAPIError } from "better-auth/api";
import type { Route } from "./+types/set-password";
import { getAuth } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { isPasswordSetupLinkValid } from "~/.server/modules/accounts/password-setup.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { NewPasswordFields } from "~/components/ui/new-password-fields";
import { SETUP_LINK_INVALID_MESSAGE, SetPasswordSchema, SetupTokenSchema } from "~/domain/account/set-password.schema";
import { readFormFields } from "~/.server/forms";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { metaI18n } from "~/components/ui/meta-i18n";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { invalid } from "~/domain/errors";
import { answerAction, refused } from "~/.server/action-result";
import { failureFieldErrors } from "~/domain/http/action-result";

/**
 * /definir-mot-de-passe?token=…: the link of the mail sent to a client whose account the
 * administrator created. The token is better-auth's reset token: the library checks it once,
 * hashes the password and creates the credential.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = SetupTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? "");
  // A missing or malformed token (NUL, a lone surrogate, 10 kB) never reaches the database.
  if (!token.success) return data({ token: "", valid: false }, { status: 400 });
  const valid = await isPasswordSetupLinkValid(await getDb(), token.data);
  return data({ token: valid ? token.data : "", valid }, { status: valid ? 200 : 404 });
}

/** An ActionResult (decision 056): the fields' messages, or a link the library refused (no field). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormFields(request);
  const parsed = SetPasswordSchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return refused(invalid("invalid_password", Object.values(fieldErrors)[0], { fieldErrors }));
  }
  return answerAction(async () => {
    try {
      const auth = await getAuth();
      await auth.api.resetPassword({ body: { newPassword: parsed.data.newPassword, token: parsed.data.token } });
    } catch (error) {
      if (!isAPIError(error)) throw error;
      throw invalid("setup_link_invalid", SETUP_LINK_INVALID_MESSAGE);
    }
    return { data: null, message: ACCOUNT_MESSAGES.passwordSetNowSign };
  });
}

export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("common.meta.setPassword.title")} | Aurore` }, { name: "robots", content: "noindex" }];
}

export default function SetPasswordPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const refusal = answer && !answer.ok ? answer : null;
  const errors = refusal ? failureFieldErrors(refusal) : {};
  const [password, setPassword] = useState("");
  const t = useT();
  const tm = useTranslateMessage();
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="font-display text-3xl">{t("account.setPassword.title")}</h1>
      {answer?.ok ? (
        <>
          <p role="status" className="mt-6 rounded-lg border border-line bg-band p-4">
            {tm(answer.message ?? ACCOUNT_MESSAGES.passwordSetNowSign)}
          </p>
          <Link to="/" className="mt-6 inline-flex min-h-11 items-center rounded-full bg-ink px-5 font-semibold text-white">
            {t("account.backHome")}
          </Link>
        </>
      ) : !loaderData.valid ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {tm(SETUP_LINK_INVALID_MESSAGE)}
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          {refusal && !refusal.fieldErrors ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
              {tm(refusal.message)}
            </p>
          ) : null}
          <NewPasswordFields password={password} onPasswordChange={setPassword} errors={errors} />
          <button type="submit" disabled={busy} className="min-h-11 rounded-full bg-ink px-5 font-semibold text-white disabled:opacity-60">
            {t(busy ? "account.saving" : "account.setPassword.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
