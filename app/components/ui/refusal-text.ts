import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { retryWaitOf } from "~/domain/auth/auth.rules";
import type { ActionFailure } from "~/domain/http/action-result";

/**
 * A refusal in the page's language (decision 044): a rate limit's "try again in 5 minutes" is
 * worded from the wait the server gave (Retry-After), any other French message through its
 * `<namespace>.message.*` key, as useTranslateMessage() does.
 */
export function useRefusalText(): (message: string, retryAfterSeconds?: number | null) => string {
  const t = useT();
  const translateMessage = useTranslateMessage();
  return (message, retryAfterSeconds) => {
    const wait = retryWaitOf(retryAfterSeconds);
    if (!wait) return translateMessage(message);
    return t(wait.unit === "seconds" ? "account.message.retryInSeconds" : "account.message.retryInMinutes", { count: wait.count });
  };
}

/**
 * A page action's refusal (decision 056) in the page's language. Only "Trop de tentatives… dans
 * N minutes" (`too_many_attempts`) names its wait, worded from `details.retryAfterSeconds`; any
 * other refusal, a limit's included, is its message translated.
 */
export function useFailureText(): (failure: ActionFailure) => string {
  const refusalText = useRefusalText();
  return (failure) => refusalText(failure.message, namedWaitOf(failure));
}

function namedWaitOf(failure: ActionFailure): number | undefined {
  if (failure.code !== "too_many_attempts") return undefined;
  const seconds = (failure.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === "number" ? seconds : undefined;
}
