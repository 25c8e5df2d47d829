import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { buttonClass } from "~/components/ui/button";
import { signIn, verifySignInCode } from "~/features/auth/public/auth-client";
import { ADMIN_TWO_FACTOR_PATH, withReturn } from "./sign-in-return";
import { CodeKindSwitch, TwoFactorCodeField, codeError, type CodeKind } from "./two-factor-code-field";

type Step = "password" | "code";
type Field = "email" | "password" | "code";
type Errors = Partial<Record<Field, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const CHALLENGE_ENDED_MESSAGE =
  "Pour votre sécurité, la vérification a été interrompue (délai dépassé ou trop de codes essayés) : saisissez de nouveau votre mot de passe.";

/**
 * Leaves the sign-in for `to` with a full page load: the session changed, and the whole page
 * (the root's data included, which back-office navigations do not ask again) starts under the
 * new one. `replace`, so Back does not return to a sign-in that is over.
 */
function leaveFor(to: string) {
  window.location.replace(to);
}

function checkCredentials(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = "Saisissez votre adresse e-mail.";
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = "Saisissez une adresse e-mail valide, par exemple prenom@votre-boutique.fr.";
  if (!password) errors.password = "Saisissez votre mot de passe.";
  return errors;
}

/**
 * The back-office's sign-in: the e-mail and password, then the code of the authenticator app
 * (or a recovery code), through the auth endpoints; then `retour`. An account without two-factor
 * goes to its enrolment first, which the back-office requires of its staff. The fields stay
 * disabled until the page has hydrated: before that a submit would not reach the endpoints.
 */
export function AdminSignInForm({ retour }: { retour: string }) {
  const ids = useId();
  const [hydrated, setHydrated] = useState(false);
  const [step, setStep] = useState<Step>("password");
  const [kind, setKind] = useState<CodeKind>("totp");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };
  /** The field to focus once the render it waits for is done (a step change, an error shown). */
  const focusNext = useRef<Field | null>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const target = focusNext.current ? fields[focusNext.current].current : null;
    focusNext.current = null;
    if (target) {
      target.focus();
      target.select();
    }
  });

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = checkCredentials(email, password);
    setErrors(found);
    setFormError(null);
    if (found.email || found.password) {
      focusNext.current = found.email ? "email" : "password";
      return;
    }
    setBusy(true);
    const result = await signIn({ email: email.trim(), password });
    if (!result.ok) {
      setBusy(false);
      setFormError(result.message);
      focusNext.current = "password";
      return;
    }
    if (!result.twoFactor) {
      // Signed in, without two-factor yet: the back-office asks for its enrolment first.
      leaveFor(withReturn(ADMIN_TWO_FACTOR_PATH, retour));
      return;
    }
    setBusy(false);
    setPassword("");
    setCode("");
    setKind("totp");
    setStep("code");
    focusNext.current = "code";
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = codeError(kind, code);
    setFormError(null);
    if (invalid) {
      setErrors({ code: invalid });
      focusNext.current = "code";
      return;
    }
    setErrors({});
    setBusy(true);
    const result = await verifySignInCode(kind, code);
    if (result.ok) {
      leaveFor(retour);
      return;
    }
    setBusy(false);
    if (result.challengeEnded) {
      setStep("password");
      setCode("");
      setFormError(CHALLENGE_ENDED_MESSAGE);
      focusNext.current = "password";
      return;
    }
    setErrors({ code: result.message });
    focusNext.current = "code";
  }

  function switchKind(next: CodeKind) {
    setKind(next);
    setCode("");
    setErrors({});
    setFormError(null);
    focusNext.current = "code";
  }

  function restart() {
    setStep("password");
    setCode("");
    setErrors({});
    setFormError(null);
    focusNext.current = "email";
  }

  return (
    <>
      <noscript>
        <p className="mt-6 rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
          La connexion à l&apos;administration a besoin de JavaScript : activez-le dans votre navigateur, puis rechargez la page.
        </p>
      </noscript>
      {step === "password" ? (
        <form noValidate method="post" onSubmit={submitPassword} className="mt-6">
          {/* Disabled until hydrated: a submit before that would post the password to the page itself. */}
          <fieldset disabled={!hydrated} className="space-y-4">
            <p className="text-sm text-muted">
              Réservé à l&apos;équipe de la boutique : votre adresse e-mail et votre mot de passe, puis le code de votre application
              d&apos;authentification.
            </p>
            <TextField
              id={`${ids}-email`}
              inputRef={fields.email}
              label="Adresse e-mail"
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={setEmail}
              error={errors.email}
            />
            <TextField
              id={`${ids}-password`}
              inputRef={fields.password}
              label="Mot de passe"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              error={errors.password}
            />
            {formError ? <FormRefusal>{formError}</FormRefusal> : null}
            <button type="submit" aria-disabled={busy || undefined} className={buttonClass({ variant: "accent", className: "w-full" })}>
              {busy ? "Connexion…" : "Continuer"}
            </button>
          </fieldset>
        </form>
      ) : (
        <form noValidate method="post" onSubmit={submitCode} aria-labelledby={`${ids}-code-title`} className="mt-6">
          <div className="space-y-4">
            <h2 id={`${ids}-code-title`} className="font-display text-xl">
              Vérification en deux étapes
            </h2>
            <p className="text-sm text-muted">
              {kind === "totp"
                ? "Dernière étape : le code que votre application d'authentification affiche pour Aurore."
                : "Dernière étape : un code de secours, si vous n'avez pas votre téléphone."}
            </p>
            <p className="break-words text-sm">
              Compte : <strong>{email.trim()}</strong>
            </p>
            <TwoFactorCodeField id={`${ids}-code`} kind={kind} value={code} onChange={setCode} error={errors.code} inputRef={fields.code} />
            {formError ? <FormRefusal>{formError}</FormRefusal> : null}
            <button type="submit" aria-disabled={busy || undefined} className={buttonClass({ variant: "accent", className: "w-full" })}>
              {busy ? "Vérification…" : "Se connecter"}
            </button>
            <div className="flex flex-wrap justify-between gap-x-4">
              <CodeKindSwitch kind={kind} onSwitch={switchKind} />
              <button
                type="button"
                onClick={restart}
                className="min-h-11 text-sm font-semibold text-accent underline underline-offset-2 hover:text-accent-dark"
              >
                Changer de compte
              </button>
            </div>
          </div>
        </form>
      )}
    </>
  );
}

type TextFieldProps = {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  label: string;
  type: "email" | "password";
  name: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

function TextField({ id, inputRef, label, type, name, autoComplete, value, onChange, error }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={type === "email" ? "email" : undefined}
        spellCheck={false}
        autoCapitalize="off"
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 h-12 w-full rounded-lg border bg-white px-3 text-base text-ink focus:border-accent ${error ? "border-danger" : "border-line"}`}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A refusal of the server (wrong password, a wait to respect), announced as it appears. */
export function FormRefusal({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
      {children}
    </p>
  );
}
