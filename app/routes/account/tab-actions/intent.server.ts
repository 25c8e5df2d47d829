/**
 * How the dashboard answers its forms. Every form posts to /dashboard with a hidden `intent`
 * (app/domain/account/account-actions.ts); each tab's module (tab-actions/*.server.ts) holds the
 * handlers of its intents: parse with the form's schema, one service call, the answer. This file
 * does the rest once: read the form, find the signed-in user, and turn a refusal (a DomainError)
 * or an unexpected failure into the `{ intent, ok, message }` the forms read.
 */
import { data, redirect } from "react-router";
import type { z } from "zod";
import { CLIENT_IP_HEADER } from "~/.server/auth/auth.server";
import { getAuth, getCurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { routeErrorData } from "~/.server/error-responses";
import { readFormData } from "~/.server/forms";
import type { AccountActor } from "~/.server/modules/accounts/account-security.service";
import { invalid, isDomainError, unauthenticated, type DomainError } from "~/domain/errors";
import { isAccountIntent, type AccountActionResult, type AccountIntent } from "~/domain/account/account-actions";
import { firstIssueMessage } from "~/domain/account/security.schema";
import { log } from "~/.server/logger";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

const UNEXPECTED_MESSAGE = ACCOUNT_MESSAGES.somethingWentWrong;

export type IntentContext = {
  form: Record<string, FormDataEntryValue>;
  actor: AccountActor;
};

type AccountData = ReturnType<typeof data<AccountActionResult>>;
/** What a handler gives back to the dispatch: the form's route data, or a Response (a redirect). */
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

/** A success line for the form, with the Set-Cookie lines of a replaced session if any. */
export function reply(intent: AccountIntent, result: Omit<AccountActionResult, "intent" | "ok">, setCookies: string[] = []): AccountData {
  return data<AccountActionResult>({ intent, ok: true, ...result }, { headers: cookieHeaders(setCookies) });
}

export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A refusal as route data (status from the shared error model), with the wait of a rate limit. */
function refusal(intent: AccountActionResult["intent"], error: DomainError) {
  const mapped = routeErrorData(error);
  const headers = new Headers(mapped.init?.headers);
  const retryAfter = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
  if (error.kind === "rate_limited" && retryAfter) headers.set("Retry-After", String(retryAfter));
  // Only "Trop de tentatives… dans N minutes" names its wait; other limits' messages carry none.
  const wait = error.code === "too_many_attempts" && retryAfter ? { retryAfterSeconds: retryAfter } : {};
  return data<AccountActionResult>({ intent, ...mapped.data, message: error.message, ...wait }, { ...mapped.init, headers });
}

/** Runs the posted intent's handler for the signed-in user. */
export async function answerAccountIntent(request: Request, intents: TabIntents<AccountIntent>): Promise<IntentReply> {
  const formData = await readFormData(request);
  const posted = formData.get("intent");
  const intent = isAccountIntent(posted) ? posted : "unknown";
  const current = await getCurrentSession(request);
  if (!current && intent === "logout") throw redirect("/");
  if (!current) return refusal(intent, unauthenticated("unauthenticated", ACCOUNT_MESSAGES.userNotSigned));
  if (intent === "unknown") return refusal(intent, invalid("unknown_intent", UNEXPECTED_MESSAGE));
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
    if (isDomainError(error)) return refusal(intent, error);
    if (error instanceof Response || failure === undefined) throw error;
    log.error({ err: error, intent }, "dashboard: action failed");
    return data<AccountActionResult>({ intent, ok: false, message: failure }, { status: 500 });
  }
}
