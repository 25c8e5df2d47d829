import { useId, useRef, useState, type FormEvent } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { RESTOCK_EMAIL_MAX, restockEmailProblem } from "~/domain/catalog/restock-alert.rules";
import type { ActionResult } from "~/domain/http/action-result";
import { buttonClass } from "~/components/ui/button";
import { useT, useTranslateMessage } from "~/components/ui/i18n";

/**
 * 'M'avertir du retour en stock' under a sold-out variant. A signed-in shopper subscribes in one
 * click (their account's address); a visitor gives an e-mail and confirms it from the mail sent
 * (double opt-in). The answer is read out from a live region.
 */
export function RestockAlertForm({ variantId, variantLabel }: { variantId: string; variantLabel: string | null }) {
  const root = useRouteLoaderData("root") as { user: { id: string; email: string } | null } | undefined;
  const signedIn = Boolean(root?.user);
  const fetcher = useFetcher<ActionResult>();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const t = useT();
  const translateMessage = useTranslateMessage();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const emailRefused = result && !result.ok ? result.fieldErrors?.email : undefined;
  const fieldError = clientError ?? emailRefused ?? null;
  const status = result && !emailRefused ? result : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (signedIn) return;
    const problem = restockEmailProblem(String(new FormData(event.currentTarget).get("email") ?? ""));
    if (problem) {
      event.preventDefault();
      setClientError(problem);
      inputRef.current?.focus();
      return;
    }
    setClientError(null);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl border border-line bg-cream p-4">
      <h2 id={`${id}-title`} className="font-semibold">
        {variantLabel ? t("shop.restock.variantSoldOut", { label: variantLabel }) : t("shop.restock.productSoldOut")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("shop.restock.intro")}</p>
      {result?.ok ? (
        <p role="status" aria-live="polite" className="mt-3 text-sm font-semibold text-success">
          {translateMessage(result.message ?? "")}
        </p>
      ) : (
        <fetcher.Form method="post" action="/alerte-stock" noValidate onSubmit={onSubmit} className="mt-3">
          <input type="hidden" name="variant_id" value={variantId} />
          {!signedIn && (
            <>
              <label htmlFor={`${id}-email`} className="text-sm font-semibold">
                {t("shop.restock.email")}
              </label>
              <input
                ref={inputRef}
                id={`${id}-email`}
                type="email"
                name="email"
                autoComplete="email"
                maxLength={RESTOCK_EMAIL_MAX}
                placeholder={t("shop.restock.emailPlaceholder")}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${id}-error` : undefined}
                onChange={() => clientError && setClientError(null)}
                className="mt-1 block min-h-11 w-full rounded-full border border-line bg-white px-4 py-2 focus:border-accent"
              />
              {fieldError && (
                <p id={`${id}-error`} className="mt-2 text-sm font-semibold text-danger">
                  {translateMessage(fieldError)}
                </p>
              )}
            </>
          )}
          <button type="submit" disabled={busy} className={buttonClass({ variant: "accent", className: "mt-3 w-full sm:w-auto" })}>
            {t("shop.restock.submit")}
          </button>
          <p role="status" aria-live="polite" className="mt-2 text-sm">
            {status?.message ? translateMessage(status.message) : null}
          </p>
        </fetcher.Form>
      )}
    </section>
  );
}
