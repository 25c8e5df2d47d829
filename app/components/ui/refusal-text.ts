import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { retryWaitOf } from "~/domain/auth/auth.rules";

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
