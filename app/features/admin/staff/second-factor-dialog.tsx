import { useContext, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { UNSAFE_FetchersContext, useFetchers } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { showToast } from "~/components/ui/toast";
import { verifyBackupCode, verifyTotp } from "~/features/auth/public/auth-client";
import { asksForSecondFactor, closeSecondFactorRequest, requestSecondFactor, useSecondFactorRequest } from "./second-factor-store";
import { CodeKindSwitch, TwoFactorCodeField, codeError, type CodeKind } from "./two-factor-code-field";

export const IDENTITY_CONFIRMED_MESSAGE = "Identité confirmée : vous pouvez reprendre votre action.";

/**
 * "Confirmez qu'il s'agit bien de vous" (decision 066): a sensitive action refused with
 * `second_factor_required` opens it, whether the caller asked (`requestSecondFactor()`) or a
 * fetcher's answer says so. The code checked here is the signed-in re-check of the auth
 * endpoints, which notes the session's fresh check; the staff member then redoes the action.
 * Mounted once, in the back-office frame.
 */
export function SecondFactorDialog() {
  const open = useSecondFactorRequest();
  // useFetchers() lists the fetchers in flight, with an action's answer while its page data
  // reloads, and re-renders this on every fetcher change. A fetcher done is no longer listed
  // (React Router drops idle fetchers from its state): its answer stays only in the router's
  // map of fetcher data, read here too, or a refusal answered without a reload would be missed.
  const fetchers = useFetchers();
  const settled = useContext(UNSAFE_FetchersContext) as ReadonlyMap<string, unknown> | null;
  /** Answers already acted on: a fetcher keeps its data, which must not reopen the dialog once closed. */
  const handled = useRef(new WeakSet<object>());

  useEffect(() => {
    for (const answer of [...fetchers.map((f) => f.data as unknown), ...(settled?.values() ?? [])]) {
      if (!answer || typeof answer !== "object" || handled.current.has(answer)) continue;
      handled.current.add(answer);
      if (asksForSecondFactor(answer)) requestSecondFactor();
    }
  });

  return open ? <SecondFactorForm /> : null;
}

function SecondFactorForm() {
  const ids = useId();
  const [kind, setKind] = useState<CodeKind>("totp");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    codeRef.current?.focus();
    codeRef.current?.select();
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = codeError(kind, code);
    if (invalid) {
      setError(invalid);
      refocus.current = true;
      return;
    }
    setBusy(true);
    setError(null);
    const result = await (kind === "totp" ? verifyTotp : verifyBackupCode)(code);
    if (result.ok) {
      closeSecondFactorRequest();
      showToast(IDENTITY_CONFIRMED_MESSAGE);
      return;
    }
    setBusy(false);
    setError(result.message);
    refocus.current = true;
  }

  function switchKind(next: CodeKind) {
    setKind(next);
    setCode("");
    setError(null);
    refocus.current = true;
  }

  return (
    <Modal title="Confirmez qu'il s'agit bien de vous" onClose={closeSecondFactorRequest}>
      <form noValidate onSubmit={submit} className="space-y-4" aria-describedby={`${ids}-why`}>
        <p id={`${ids}-why`} className="text-sm text-muted">
          Cette action est sensible : saisissez le code de votre application d&apos;authentification (ou un code de secours). Vous pourrez
          ensuite la relancer.
        </p>
        <TwoFactorCodeField
          id={`${ids}-code`}
          kind={kind}
          value={code}
          onChange={setCode}
          error={error}
          inputRef={codeRef}
          autoFocusInDialog
        />
        <CodeKindSwitch kind={kind} onSwitch={switchKind} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" aria-disabled={busy || undefined} className={buttonClass({ variant: "accent" })}>
            {busy ? "Vérification…" : "Confirmer"}
          </button>
          <button type="button" onClick={closeSecondFactorRequest} className={buttonClass({ variant: "outline" })}>
            Annuler
          </button>
        </div>
      </form>
    </Modal>
  );
}
