import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { useFetcher } from "react-router";
import {
  NEWSLETTER_EMAIL_MAX,
  newsletterEmailProblem,
  newsletterSuccessMessage,
  type NewsletterResult,
} from "~/domain/newsletter/newsletter.rules";
import { buttonClass } from "~/components/ui/button";

type Tone = "light" | "dark";

const inputClass: Record<Tone, string> = {
  light: "border-line bg-white text-ink placeholder:text-muted focus:border-accent",
  dark: "border-white/40 bg-white text-ink placeholder:text-muted focus:border-accent-soft",
};
const errorClass: Record<Tone, string> = {
  light: "text-danger",
  dark: "text-accent-soft",
};
const statusClass: Record<Tone, string> = {
  light: "text-ink",
  dark: "text-white",
};

/**
 * Newsletter sign-up (double opt-in): posts to /newsletter and shows the answer in a live region.
 * Checked with the shared zod schema first, so a typo is reported without a round trip.
 */
export function NewsletterForm({ tone = "light" }: { tone?: Tone }) {
  const fetcher = useFetcher<NewsletterResult>();
  const id = useId();
  const t = useT();
  const translateMessage = useTranslateMessage();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  // The success message names the address: known here, it is worded in the page's language.
  const [submitted, setSubmitted] = useState("");
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const fieldError = clientError ?? (result && !result.ok ? (result.fieldError ?? null) : null);
  const status = result && (result.ok || !result.fieldError) ? result : undefined;

  useEffect(() => {
    if (result?.ok && inputRef.current) inputRef.current.value = "";
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setSubmitted(email.trim());
    const problem = newsletterEmailProblem(email);
    if (problem) {
      event.preventDefault();
      setClientError(problem);
      inputRef.current?.focus();
      return;
    }
    setClientError(null);
  }

  return (
    <fetcher.Form method="post" action="/newsletter" noValidate onSubmit={onSubmit} className="w-full max-w-md">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {t("shop.restock.email")}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          maxLength={NEWSLETTER_EMAIL_MAX}
          placeholder={t("shop.restock.emailPlaceholder")}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
          onChange={() => clientError && setClientError(null)}
          className={`block min-h-11 w-full rounded-full border px-4 py-2 ${inputClass[tone]}`}
        />
        <button type="submit" disabled={busy} className={buttonClass({ variant: "accent", className: "shrink-0" })}>
          {t("common.newsletter.subscribe")}
        </button>
      </div>
      {fieldError && (
        <p id={errorId} className={`mt-2 text-sm font-semibold ${errorClass[tone]}`}>
          {translateMessage(fieldError)}
        </p>
      )}
      <p role="status" aria-live="polite" className={`mt-2 text-sm ${statusClass[tone]}`}>
        {!status
          ? null
          : status.ok && status.message === newsletterSuccessMessage(submitted)
            ? t("common.newsletter.success", { email: submitted })
            : translateMessage(status.message)}
      </p>
    </fetcher.Form>
  );
}
