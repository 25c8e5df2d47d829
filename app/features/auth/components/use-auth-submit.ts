import type { Dispatch, FormEvent } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { closeAuthModal } from "~/features/auth/public/auth-modal-store";
import { useT } from "~/components/ui/i18n";
import { showToast } from "~/components/ui/toast";
import { NETWORK_ERROR_MESSAGE, requestPasswordReset, signIn, signUp, verifyBackupCode, verifyTotp } from "~/features/auth/auth-client";
import {
  canSubmit,
  checkSubmission,
  outcomeOf,
  resetOutcomeOf,
  type AuthModalEvent,
  type AuthModalState,
  type AuthRequest,
  type FieldName,
} from "../auth-modal-machine";

/** Sends a checked request to the auth endpoints; the answer comes back as the machine's event. */
async function send(request: AuthRequest): Promise<AuthModalEvent> {
  switch (request.kind) {
    case "reset":
      return resetOutcomeOf(await requestPasswordReset(request.email));
    case "sign-in":
      return outcomeOf(request.kind, await signIn(request.input));
    case "sign-up":
      return outcomeOf(request.kind, await signUp(request.input));
    case "verify":
      return outcomeOf(request.kind, await (request.factor === "totp" ? verifyTotp : verifyBackupCode)(request.code));
  }
}

/**
 * The dialog's submit: the machine says whether a submit may go and what it sends; this performs
 * it and dispatches the answer. A sign-in or sign-up closes the dialog, refreshes the page's data
 * for the new session and, from 'Commander', continues to the checkout.
 */
export function useAuthSubmit(
  state: AuthModalState,
  dispatch: Dispatch<AuthModalEvent>,
  { continueTo, focusField }: { continueTo: string | null; focusField: (name: FieldName) => void },
) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const t = useT();

  return async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit(state)) return;
    const checked = checkSubmission(state);
    if (!checked.ok) {
      dispatch({ type: "invalid", errors: checked.errors });
      focusField(checked.focus);
      return;
    }
    dispatch({ type: "submitted", request: checked.request.kind });
    let outcome: AuthModalEvent;
    try {
      outcome = await send(checked.request);
    } catch {
      // The calls answer failures as values; should one throw, the form must not stay pending.
      outcome = { type: "failed", message: NETWORK_ERROR_MESSAGE };
    }
    dispatch(outcome);
    if (outcome.type !== "succeeded") return;
    closeAuthModal();
    const revalidated = revalidator.revalidate();
    if (continueTo) void revalidated.then(() => navigate(continueTo));
    showToast(t(outcome.toast === "welcome" ? "account.auth.toast.welcome" : "account.auth.toast.accountCreated"));
  };
}
