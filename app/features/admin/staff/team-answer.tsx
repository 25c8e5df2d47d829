import { useState } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/ui/toast";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import { failureFieldErrors, type ActionResult } from "~/domain/http/action-result";
import type { TeamChange } from "~/domain/staff/team-forms";
import { asksForSecondFactor, requestSecondFactor } from "./second-factor-store";

/**
 * One Équipe form's fetcher and what its answers leave on screen: a success is toasted (and runs
 * `onSuccess`); a refusal asking for the second factor opens the back-office's code dialog (the
 * form keeps what was typed, to send again once confirmed); any other refusal stays beside the
 * form, per field when it names fields (and runs `onRefused`).
 */
export function useTeamFetcher(onSuccess?: () => void, onRefused?: () => void) {
  const fetcher = useFetcher<ActionResult<TeamChange>>();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useActionResult(fetcher, {
    onSuccess: (result) => {
      setError(null);
      setFieldErrors({});
      if (result.message) showToast(result.message);
      onSuccess?.();
    },
    onFailure: (result) => {
      if (asksForSecondFactor(result)) {
        setError(null);
        requestSecondFactor();
        return;
      }
      const fields = failureFieldErrors(result);
      onRefused?.();
      setFieldErrors(fields);
      setError(Object.keys(fields).length > 0 ? null : result.message);
    },
  });
  const busy = fetcher.state !== "idle";
  /** Errors found in the browser before sending (the same schema the server uses). */
  const showErrors = (found: Record<string, string>) => {
    setFieldErrors(found);
    setError(null);
  };
  return { fetcher, busy, error, fieldErrors, showErrors, setError };
}

/** A form's refusal that names no field. */
export function TeamError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-xl bg-accent-soft px-4 py-3 text-sm font-medium text-danger">
      {message}
    </p>
  );
}
