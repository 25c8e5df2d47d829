/**
 * How the dashboard answers its forms. Every form posts to /dashboard with a hidden `intent`
 * (app/domain/account/account-actions.ts); each tab's module (tab-actions/*.server.ts) holds the
 * handlers of its intents: parse with the form's schema, one service call, the answer. This file
 * does the rest once: read the form, find the signed-in user, and turn a refusal (a DomainError)
 * or an unexpected failure into the ActionResult the forms read (decision 056).
 */
import { redirect } from "react-router";
import type { z } from "zod";
import { refused, succeeded } from "~/.server/action-result";
import { CLIENT_IP_HEADER } from "~/.server/auth/auth.server";
import { getAuth, getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { readFormData } from "~/.server/forms";
import type { AccountActor } from "~/.server/modules/accounts/account-security.service";
import { DomainError, invalid, isDomainError, unauthenticated } from "~/domain/errors";
import { isAccountIntent, type AccountActionData, type AccountIntent } from "~/domain/account/account-actions";
import { firstIssueMessage } from "~/domain/account/security.schema";
import { log } from "~/.server/logger";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

const UNEXPECTED_MESSAGE = ACCOUNT_MESSAGES.somethingWentWrong;

export type IntentContext = {
  form: Record<string, FormDataEntryValue>;
  actor: AccountActor;
};

type AccountData = ReturnType<typeof succeeded<AccountActionData>> | ReturnType<typeof refused<AccountActionData>>;
/** What a handler gives back to the dispatch: the form's ActionResult, or a Response (a redirect). */
export type IntentReply = Response | AccountData;
export type IntentHandler = (ctx: IntentContext) => Promise<IntentReply>;

/**
 * One tab's intents: each handler, and the French line a form shows when it fails unexpectedly
 * (without one, the failure reaches the route's error boundary).
 */
export type TabIntents<I extends AccountIntent> = Record<I, { handle: IntentHandler; failure?: string }>;

/** The form's fields through its zod schema; a refusal carries the first message (or `message`). */
export function parseForm<S extends z.ZodType>(schema: S, form: IntentContext["form"], message?: string): z.output<S> {
  const parsed = schema.safeParse(form);
  if (!parsed.success) throw invalid("invalid_input", message ?? firstIssueMessage(parsed.error));
  return parsed.data;
}

/**
 * A success for the form: the intent that answered (and the two-factor setup's step), its line,
 * and the Set-Cookie lines of a replaced session if any.
 */
export function reply(value: AccountActionData, message?: string, setCookies: string[] = []): AccountData {
  return succeeded(value, message, setCookies.length > 0 ? cookieHeaders(setCookies) : undefined);
}

export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * A refusal as the shared one (status from the error's kind, a rate limit's wait as Retry-After and
 * in `details.retryAfterSeconds`, which the page words in its language: decision 044).
 */
const refusal = (error: DomainError) => refused<AccountActionData>(error);

/** Runs the posted intent's handler for the signed-in user. */
export async function answerAccountIntent(request: Request, intents: TabIntents<AccountIntent>): Promise<IntentReply> {
  const formData = await readFormData(request);
  const posted = formData.get("intent");
  const intent = isAccountIntent(posted) ? posted : "unknown";
  const current = await getCurrentSession(request);
  if (!current && intent === "logout") throw redirect("/");
  if (!current) return refusal(unauthenticated("unauthenticated", ACCOUNT_MESSAGES.userNotSigned));
  if (intent === "unknown") return refusal(invalid("unknown_intent", UNEXPECTED_MESSAGE));
  const { handle, failure } = intents[intent];
  try {
    return await handle({
      form: Object.fromEntries(formData),
      actor: {
        db: await getDb(),
        auth: await getAuth(),
        headers: request.headers,
        origin: { ip: request.headers.get(CLIENT_IP_HEADER) || null, ua: request.headers.get("user-agent") },
        userId: current.user.id,
        sessionId: current.sessionId,
        twoFactorEnabled: current.user.twoFactorEnabled,
      },
    });
  } catch (error) {
    if (isDomainError(error)) return refusal(error);
    if (error instanceof Response || failure === undefined) throw error;
    log.error({ err: error, intent }, "dashboard: action failed");
    return refusal(new DomainError("failed", "account_action_failed", failure));
  }
}
