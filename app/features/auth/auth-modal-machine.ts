/**
 * The sign-in dialog's state machine: which step it shows, what has been typed, and whether a
 * request is on its way. A pure reducer with no React and no fetch, so every transition can be
 * tested on its own; the dialog (components/auth-modal.tsx) performs the requests and dispatches
 * their outcome as events. A plain reducer rather than a state-machine library: a handful of steps
 * and a dozen events fit in one switch, and the dialog's lazy chunk carries no extra runtime.
 */
import type { AuthModalMode } from "~/features/auth/public/auth-modal-store";
import type { AuthResult } from "./auth-client";
import { ForgotPasswordSchema } from "~/domain/auth/account-recovery.schema";
import { SignInSchema, SignUpSchema, TwoFactorCodeSchema, type SignInInput, type SignUpInput } from "~/domain/auth/auth.schema";

export type FieldName = "firstName" | "lastName" | "birthDate" | "email" | "password" | "code";
export type FieldErrors = Partial<Record<FieldName, string>>;
export type SecondFactor = "totp" | "backup";
export type Choice = "refuseCommercialEmails" | "newsletter";

/**
 * What the dialog shows besides its title. The credentials form follows the store's mode (sign-in,
 * sign-up or forgotten password); a sign-in with two-factor on asks for a code next; a reset
 * request's answer replaces the form.
 */
export type AuthStep = { kind: "credentials" } | { kind: "two-factor"; factor: SecondFactor } | { kind: "reset-sent"; message: string };

/** The request a submit sends, once the form passed its schema. */
export type AuthRequest =
  | { kind: "sign-in"; input: SignInInput }
  | { kind: "sign-up"; input: SignUpInput }
  | { kind: "reset"; email: string }
  | { kind: "verify"; factor: SecondFactor; code: string };

export type AuthStatus = { kind: "idle" } | { kind: "pending"; request: AuthRequest["kind"] };

/** A refusal in the server's French words; a rate limit carries the wait it asked for (decision 044). */
export type FormError = { message: string; retryAfterSeconds?: number };

export type AuthModalState = {
  /** The store's mode, mirrored through `modeChanged`. */
  mode: AuthModalMode;
  step: AuthStep;
  status: AuthStatus;
  values: Record<FieldName, string>;
  choices: Record<Choice, boolean>;
  errors: FieldErrors;
  formError: FormError | null;
  showPassword: boolean;
};

export type AuthModalEvent =
  /** The store switched between sign-in, sign-up and forgotten password. */
  | { type: "modeChanged"; mode: AuthModalMode }
  /** The <dialog> closed, whichever way. */
  | { type: "closed" }
  | { type: "fieldEdited"; field: FieldName; value: string }
  | { type: "choiceToggled"; choice: Choice; checked: boolean }
  | { type: "passwordVisibilityToggled" }
  | { type: "secondFactorSwitched" }
  /** A submit the schema refused: nothing is sent. */
  | { type: "invalid"; errors: FieldErrors }
  | { type: "submitted"; request: AuthRequest["kind"] }
  | { type: "failed"; message: string; retryAfterSeconds?: number }
  | { type: "twoFactorRequired" }
  | { type: "resetLinkSent"; message: string }
  /** Signed in or signed up: `toast` says which welcome the page shows. */
  | { type: "succeeded"; toast: "welcome" | "accountCreated" };

const EMPTY_VALUES: Record<FieldName, string> = { firstName: "", lastName: "", birthDate: "", email: "", password: "", code: "" };
const EMPTY_CHOICES: Record<Choice, boolean> = { refuseCommercialEmails: false, newsletter: false };
const CREDENTIALS: AuthStep = { kind: "credentials" };
const IDLE: AuthStatus = { kind: "idle" };

export function initialAuthModalState(mode: AuthModalMode): AuthModalState {
  return {
    mode,
    step: CREDENTIALS,
    status: IDLE,
    values: EMPTY_VALUES,
    choices: EMPTY_CHOICES,
    errors: {},
    formError: null,
    showPassword: false,
  };
}

/** One request at a time, and only from a step that has a form. */
export function canSubmit(state: AuthModalState): boolean {
  return state.status.kind === "idle" && state.step.kind !== "reset-sent";
}

/** The request the shown form sends. */
export function requestKindOf(state: AuthModalState): AuthRequest["kind"] {
  if (state.step.kind === "two-factor") return "verify";
  return state.mode === "signup" ? "sign-up" : state.mode === "forgot" ? "reset" : "sign-in";
}

export function authModalReducer(state: AuthModalState, event: AuthModalEvent): AuthModalState {
  switch (event.type) {
    case "modeChanged":
      // Switching forms starts from a clean slate; what was typed stays, and so does a request on its way.
      if (event.mode === state.mode) return state;
      return { ...state, mode: event.mode, step: CREDENTIALS, errors: {}, formError: null };
    case "closed":
      // Secrets and messages go; the e-mail, names and choices stay for the next opening.
      return {
        ...state,
        step: CREDENTIALS,
        values: { ...state.values, password: "", code: "" },
        errors: {},
        formError: null,
        showPassword: false,
      };
    case "fieldEdited": {
      const { [event.field]: _cleared, ...errors } = state.errors;
      return { ...state, values: { ...state.values, [event.field]: event.value }, errors, formError: null };
    }
    case "choiceToggled":
      return { ...state, choices: { ...state.choices, [event.choice]: event.checked } };
    case "passwordVisibilityToggled":
      return { ...state, showPassword: !state.showPassword };
    case "secondFactorSwitched":
      if (state.step.kind !== "two-factor") return state;
      return {
        ...state,
        step: { kind: "two-factor", factor: state.step.factor === "totp" ? "backup" : "totp" },
        values: { ...state.values, code: "" },
        errors: {},
        formError: null,
      };
    case "invalid":
      if (!canSubmit(state)) return state;
      return { ...state, errors: event.errors };
    case "submitted":
      if (!canSubmit(state) || event.request !== requestKindOf(state)) return state;
      return { ...state, status: { kind: "pending", request: event.request }, formError: null };
    case "failed":
      if (state.status.kind !== "pending") return state;
      return {
        ...state,
        status: IDLE,
        formError: event.retryAfterSeconds
          ? { message: event.message, retryAfterSeconds: event.retryAfterSeconds }
          : { message: event.message },
      };
    case "twoFactorRequired":
      if (state.status.kind !== "pending") return state;
      return {
        ...state,
        status: IDLE,
        step: { kind: "two-factor", factor: "totp" },
        values: { ...state.values, password: "", code: "" },
      };
    case "resetLinkSent":
      if (state.status.kind !== "pending") return state;
      // Shown in place of the form only while the forgotten-password form is the one open.
      return { ...state, status: IDLE, step: state.mode === "forgot" ? { kind: "reset-sent", message: event.message } : state.step };
    case "succeeded":
      if (state.status.kind !== "pending") return state;
      // The dialog closes: nothing typed is kept for the next visitor of this browser.
      return initialAuthModalState(state.mode);
  }
}

/** The event an auth endpoint's answer becomes; only the password step may ask for a second factor. */
export function outcomeOf(request: Exclude<AuthRequest["kind"], "reset">, result: AuthResult): AuthModalEvent {
  if (!result.ok) return { type: "failed", message: result.message, retryAfterSeconds: result.retryAfterSeconds };
  if (request === "sign-in" && result.twoFactor) return { type: "twoFactorRequired" };
  return { type: "succeeded", toast: request === "sign-up" ? "accountCreated" : "welcome" };
}

/** The event a reset request's answer becomes (the same answer whether the address has an account or not). */
export function resetOutcomeOf(answer: { ok: boolean; message: string }): AuthModalEvent {
  return answer.ok ? { type: "resetLinkSent", message: answer.message } : { type: "failed", message: answer.message };
}

export type Submission = { ok: true; request: AuthRequest } | { ok: false; errors: FieldErrors; focus: FieldName };

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
 * What a submit of the current step sends, checked with the schema the server checks again; or
 * the field messages and the field that gets the focus (the first refused one, in form order).
 */
export function checkSubmission(state: AuthModalState): Submission {
  const { values, choices } = state;
  if (state.step.kind === "two-factor") {
    const parsed = TwoFactorCodeSchema.safeParse({ code: values.code });
    if (!parsed.success) return { ok: false, errors: fieldErrorsFrom(parsed.error.issues), focus: "code" };
    return { ok: true, request: { kind: "verify", factor: state.step.factor, code: parsed.data.code } };
  }
  if (state.mode === "forgot") {
    const parsed = ForgotPasswordSchema.safeParse({ email: values.email });
    if (!parsed.success) return { ok: false, errors: fieldErrorsFrom(parsed.error.issues), focus: "email" };
    return { ok: true, request: { kind: "reset", email: parsed.data.email } };
  }
  if (state.mode === "signup") {
    const parsed = SignUpSchema.safeParse({ ...values, ...choices });
    if (!parsed.success) {
      const errors = fieldErrorsFrom(parsed.error.issues);
      const focus = (["firstName", "lastName", "birthDate", "email", "password"] as const).find((f) => errors[f]) ?? "firstName";
      return { ok: false, errors, focus };
    }
    return { ok: true, request: { kind: "sign-up", input: parsed.data } };
  }
  const parsed = SignInSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrorsFrom(parsed.error.issues);
    return { ok: false, errors, focus: errors.email ? "email" : "password" };
  }
  return { ok: true, request: { kind: "sign-in", input: parsed.data } };
}
