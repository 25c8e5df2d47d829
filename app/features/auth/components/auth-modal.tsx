import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { CloseIcon } from "~/components/ui/icons";
import { showToast } from "~/components/ui/toast";
import { requestPasswordReset, signIn, signUp, verifyBackupCode, verifyTotp, type AuthResult } from "~/features/auth/auth-client";
import { closeAuthModal, openAuthModal, useAuthModal } from "~/components/auth/auth-modal-store";
import { SignInSchema, SignUpSchema, TwoFactorCodeSchema } from "~/domain/auth/auth.schema";
import { buttonClass } from "~/components/ui/button";
import { PasswordChecklist } from "~/components/ui/password-checklist";
import { ForgotPasswordSchema } from "~/domain/auth/account-recovery.schema";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import { useRefusalText } from "~/components/ui/refusal-text";

type FieldName = "firstName" | "lastName" | "birthDate" | "email" | "password" | "code";
type FieldErrors = Partial<Record<FieldName, string>>;
type Step = "credentials" | "two-factor";
type SecondFactor = "totp" | "backup";

const EMPTY_VALUES = { firstName: "", lastName: "", birthDate: "", email: "", password: "", code: "" };
const EMPTY_CHOICES = { refuseCommercialEmails: false, newsletter: false };

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** First message per field from a zod error. */
function fieldErrorsFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as FieldName;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The sign-in / sign-up pop-up, mounted once in the shop layout and opened through
 * `openAuthModal()`. A native modal <dialog>: the rest of the page is inert while it is open,
 * focus moves in, Tab cycles inside, Escape / the backdrop / "Fermer" close it and focus goes back
 * to the control that opened it. Failures stay inside the dialog as a French alert.
 */
export function AuthModal() {
  const { open, mode, continueTo } = useAuthModal();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const pointerDownOnBackdrop = useRef(false);
  const ids = useId();
  const t = useT();
  // Field errors and server answers are French texts from app/domain: shown in the page's language.
  const tm = useTranslateMessage();
  const refusalText = useRefusalText();

  const [values, setValues] = useState(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; retryAfterSeconds?: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [step, setStep] = useState<Step>("credentials");
  // The code field exists only once the two-factor step has rendered: focus it then.
  useEffect(() => {
    if (step === "two-factor") focusField("code");
  }, [step]);
  const [secondFactor, setSecondFactor] = useState<SecondFactor>("totp");
  const [choices, setChoices] = useState(EMPTY_CHOICES);
  /** The answer to a reset request, shown in place of the form. */
  const [resetAnswer, setResetAnswer] = useState<string | null>(null);

  const isSignup = mode === "signup";
  const isForgot = mode === "forgot";
  const titleId = `${ids}-title`;
  const title = t(
    step === "two-factor"
      ? "account.auth.title.twoFactor"
      : isSignup
        ? "account.auth.title.signUp"
        : isForgot
          ? "account.auth.title.forgot"
          : "account.auth.title.signIn",
  );

  function focusFirstField() {
    const first = formRef.current?.querySelector<HTMLInputElement>("input:not([disabled])");
    first?.focus();
  }

  // Open and close the native dialog from the store.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      focusFirstField();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // The page behind does not scroll while the dialog is open.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  // Switching between login and sign-up starts from a clean slate (the typed e-mail stays).
  useEffect(() => {
    setErrors({});
    setFormError(null);
    setResetAnswer(null);
    setStep("credentials");
  }, [mode]);

  /** After the dialog closed (any way): forget transient state, give focus back. */
  function onDialogClosed() {
    // A close event can arrive after the modal was opened again: ignore it then.
    if (dialogRef.current?.open) return;
    closeAuthModal();
    setErrors({});
    setFormError(null);
    setShowPassword(false);
    setStep("credentials");
    setValues((current) => ({ ...current, password: "", code: "" }));
    setResetAnswer(null);
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
      target.focus();
    }
  }

  function setField(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    if (formError) setFormError(null);
  }

  function succeed(message: string) {
    setValues(EMPTY_VALUES);
    setChoices(EMPTY_CHOICES);
    setErrors({});
    setFormError(null);
    setStep("credentials");
    setShowPassword(false);
    closeAuthModal();
    // The page's data follows the new session; signed in from 'Commander', on to the checkout then.
    const revalidated = revalidator.revalidate();
    if (continueTo) void revalidated.then(() => navigate(continueTo));
    showToast(message);
  }

  function focusField(name: FieldName) {
    formRef.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
  }

  async function run(call: () => Promise<AuthResult>, onOk: (result: { twoFactor?: boolean }) => void) {
    setBusy(true);
    setFormError(null);
    try {
      const result = await call();
      if (result.ok) onOk(result);
      else setFormError(result);
    } finally {
      setBusy(false);
    }
  }

  async function onSubmitCredentials(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (isForgot) {
      const parsed = ForgotPasswordSchema.safeParse({ email: values.email });
      if (!parsed.success) {
        setErrors(fieldErrorsFrom(parsed.error.issues));
        focusField("email");
        return;
      }
      setBusy(true);
      setFormError(null);
      try {
        const answer = await requestPasswordReset(parsed.data.email);
        if (answer.ok) setResetAnswer(answer.message);
        else setFormError({ message: answer.message });
      } finally {
        setBusy(false);
      }
      return;
    }
    if (isSignup) {
      const parsed = SignUpSchema.safeParse({ ...values, ...choices });
      if (!parsed.success) {
        const found = fieldErrorsFrom(parsed.error.issues);
        setErrors(found);
        focusField((["firstName", "lastName", "birthDate", "email", "password"] as const).find((f) => found[f]) ?? "firstName");
        return;
      }
      await run(
        () => signUp(parsed.data),
        () => succeed(t("account.auth.toast.accountCreated")),
      );
      return;
    }
    const parsed = SignInSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsFrom(parsed.error.issues);
      setErrors(found);
      focusField(found.email ? "email" : "password");
      return;
    }
    await run(
      () => signIn(parsed.data),
      (result) => {
        if (result.twoFactor) {
          setStep("two-factor");
          setSecondFactor("totp");
          setValues((current) => ({ ...current, password: "", code: "" }));
        } else {
          succeed(t("account.auth.toast.welcome"));
        }
      },
    );
  }

  async function onSubmitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = TwoFactorCodeSchema.safeParse({ code: values.code });
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error.issues));
      focusField("code");
      return;
    }
    const verify = secondFactor === "totp" ? verifyTotp : verifyBackupCode;
    await run(
      () => verify(parsed.data.code),
      () => succeed(t("account.auth.toast.welcome")),
    );
  }

  function switchSecondFactor() {
    setSecondFactor((current) => (current === "totp" ? "backup" : "totp"));
    setValues((current) => ({ ...current, code: "" }));
    setErrors({});
    setFormError(null);
    focusField("code");
  }

  /** Keeps Tab and Shift+Tab inside the dialog. */
  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusables = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    if (focusables.length === 0) return;
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const submitLabel = t(
    busy ? "account.auth.processing" : isSignup ? "account.auth.signUp" : isForgot ? "account.auth.sendLink" : "account.auth.submitSignIn",
  );

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClose={onDialogClosed}
      onCancel={(event) => {
        // Escape: close through the store so every reader agrees.
        event.preventDefault();
        closeAuthModal();
      }}
      onPointerDown={(event) => {
        pointerDownOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Clicks on the ::backdrop reach the <dialog> itself; the panel fills the dialog box.
        if (event.target === event.currentTarget && pointerDownOnBackdrop.current) closeAuthModal();
        pointerDownOnBackdrop.current = false;
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className="relative max-h-[calc(100dvh-2rem)] overflow-y-auto px-6 pt-6 pb-7 sm:px-8">
        <button
          type="button"
          aria-label={t("account.auth.close")}
          onClick={() => closeAuthModal()}
          className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-band"
        >
          <CloseIcon />
        </button>
        <h2 id={titleId} className="pr-10 font-display text-2xl font-semibold">
          {title}
        </h2>

        {isForgot && resetAnswer ? (
          <div className="mt-6 space-y-4">
            <p role="status" className="rounded-lg border border-line bg-band px-4 py-3 text-sm">
              {tm(resetAnswer)}
            </p>
            <button
              type="button"
              onClick={() => openAuthModal("login")}
              className={buttonClass({ variant: "accent", className: "w-full" })}
            >
              {t("account.auth.backToSignIn")}
            </button>
          </div>
        ) : step === "credentials" ? (
          <form ref={formRef} noValidate onSubmit={onSubmitCredentials} className="mt-6 space-y-4">
            {isSignup && (
              <>
                <Field
                  id={`${ids}-first-name`}
                  name="firstName"
                  label={t("account.auth.field.firstName")}
                  required
                  autoComplete="given-name"
                  value={values.firstName}
                  error={errors.firstName}
                  onValue={(v) => setField("firstName", v)}
                />
                <Field
                  id={`${ids}-last-name`}
                  name="lastName"
                  label={t("account.auth.field.lastName")}
                  required
                  autoComplete="family-name"
                  value={values.lastName}
                  error={errors.lastName}
                  onValue={(v) => setField("lastName", v)}
                />
                <Field
                  id={`${ids}-birth-date`}
                  name="birthDate"
                  label={t("account.auth.field.birthDate")}
                  hint={t("account.auth.field.optional")}
                  type="date"
                  autoComplete="bday"
                  value={values.birthDate}
                  error={errors.birthDate}
                  onValue={(v) => setField("birthDate", v)}
                />
              </>
            )}
            {isForgot && <p className="text-sm text-muted">{t("account.auth.forgotIntro")}</p>}
            <Field
              id={`${ids}-email`}
              name="email"
              label={t("account.auth.field.email")}
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              value={values.email}
              error={errors.email}
              onValue={(v) => setField("email", v)}
            />
            {!isForgot && (
              <Field
                id={`${ids}-password`}
                name="password"
                label={t("account.auth.field.password")}
                type={showPassword ? "text" : "password"}
                required
                autoComplete={isSignup ? "new-password" : "current-password"}
                spellCheck={false}
                value={values.password}
                error={errors.password}
                onValue={(v) => setField("password", v)}
                trailing={
                  <button
                    type="button"
                    aria-label={t(showPassword ? "account.auth.hidePassword" : "account.auth.showPassword")}
                    aria-pressed={showPassword}
                    onClick={() => setShowPassword((shown) => !shown)}
                    className="absolute top-0.5 right-0.5 flex h-11 min-w-11 items-center justify-center rounded-lg px-2 text-xs font-semibold text-accent hover:bg-accent-soft"
                  >
                    <span aria-hidden="true">{t(showPassword ? "account.auth.hide" : "account.auth.show")}</span>
                  </button>
                }
                describedBy={isSignup ? `${ids}-password-criteria` : undefined}
              />
            )}
            {isSignup && <PasswordChecklist id={`${ids}-password-criteria`} password={values.password} />}
            {isSignup && (
              <fieldset className="space-y-2 rounded-lg border border-line p-3 text-sm">
                <legend className="px-1 font-semibold">{t("account.auth.offers.legend")}</legend>
                <p className="text-muted">{t("account.auth.offers.text")}</p>
                <label className="flex min-h-11 items-start gap-2">
                  <input
                    type="checkbox"
                    name="refuseCommercialEmails"
                    checked={choices.refuseCommercialEmails}
                    onChange={(e) => setChoices((c) => ({ ...c, refuseCommercialEmails: e.currentTarget.checked }))}
                    className="mt-1 h-5 w-5"
                  />
                  <span>{t("account.auth.offers.refuse")}</span>
                </label>
                <label className="flex min-h-11 items-start gap-2">
                  <input
                    type="checkbox"
                    name="newsletter"
                    checked={choices.newsletter}
                    onChange={(e) => setChoices((c) => ({ ...c, newsletter: e.currentTarget.checked }))}
                    className="mt-1 h-5 w-5"
                  />
                  <span>{t("account.auth.offers.newsletter")}</span>
                </label>
              </fieldset>
            )}
            {!isSignup && !isForgot && (
              <p className="text-right text-sm">
                <button
                  type="button"
                  onClick={() => openAuthModal("forgot")}
                  className="min-h-11 font-semibold text-accent underline underline-offset-2 hover:text-accent-dark"
                >
                  {t("account.auth.forgotLink")}
                </button>
              </p>
            )}

            {formError && (
              <p role="alert" className="rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
                {refusalText(formError.message, formError.retryAfterSeconds)}
              </p>
            )}

            <button type="submit" disabled={busy} className={buttonClass({ variant: "accent", className: "w-full" })}>
              {submitLabel}
            </button>

            <p className="text-center text-sm text-muted">
              {t(isSignup || isForgot ? "account.auth.haveAccount" : "account.auth.noAccount")}{" "}
              <button
                type="button"
                onClick={() => openAuthModal(isSignup || isForgot ? "login" : "signup")}
                className="min-h-11 font-semibold text-accent underline underline-offset-2 hover:text-accent-dark"
              >
                {t(isSignup || isForgot ? "account.auth.signIn" : "account.auth.signUp")}
              </button>
            </p>
          </form>
        ) : (
          <form ref={formRef} noValidate onSubmit={onSubmitCode} className="mt-4 space-y-4">
            <p className="text-sm text-muted">
              {t(secondFactor === "totp" ? "account.auth.twoFactor.totpIntro" : "account.auth.twoFactor.backupIntro")}
            </p>
            <Field
              id={`${ids}-code`}
              name="code"
              label={t("account.auth.field.code")}
              required
              autoComplete="one-time-code"
              inputMode={secondFactor === "totp" ? "numeric" : "text"}
              spellCheck={false}
              maxLength={secondFactor === "totp" ? 6 : 12}
              value={values.code}
              error={errors.code}
              onValue={(v) => setField("code", v)}
            />

            {formError && (
              <p role="alert" className="rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
                {refusalText(formError.message, formError.retryAfterSeconds)}
              </p>
            )}

            <button type="submit" disabled={busy} className={buttonClass({ variant: "accent", className: "w-full" })}>
              {t(busy ? "account.auth.processing" : "account.auth.twoFactor.verify")}
            </button>

            <p className="text-center text-sm">
              <button
                type="button"
                onClick={switchSecondFactor}
                className="min-h-11 font-semibold text-accent underline underline-offset-2 hover:text-accent-dark"
              >
                {t(secondFactor === "totp" ? "account.auth.twoFactor.useBackup" : "account.auth.twoFactor.useApp")}
              </button>
            </p>
          </form>
        )}
      </div>
    </dialog>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "value" | "onChange"> & {
  id: string;
  name: FieldName;
  label: string;
  hint?: string;
  value: string;
  error?: string;
  onValue: (value: string) => void;
  trailing?: ReactNode;
  /** Another element describing the field (the password rules). */
  describedBy?: string;
};

/** Labelled input with its error underneath, linked for assistive technologies. */
function Field({ id, name, label, hint, value, error, onValue, trailing, required, describedBy, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const tm = useTranslateMessage();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {hint && <span className="font-normal text-muted"> {hint}</span>}
      </label>
      <div className="relative mt-1">
        <input
          {...input}
          id={id}
          name={name}
          value={value}
          required={required}
          onChange={(event) => onValue(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy, error ? errorId : undefined].filter(Boolean).join(" ") || undefined}
          className={`h-12 w-full rounded-lg border bg-white px-3 text-base text-ink focus:border-accent ${
            trailing ? "pr-24" : ""
          } ${error ? "border-danger" : "border-line"}`}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {tm(error)}
        </p>
      )}
    </div>
  );
}
