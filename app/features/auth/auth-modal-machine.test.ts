import { describe, expect, it } from "vitest";
import { tooManyAttemptsMessage } from "~/domain/auth/auth.rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import {
  authModalReducer,
  canSubmit,
  checkSubmission,
  initialAuthModalState,
  outcomeOf,
  requestKindOf,
  resetOutcomeOf,
  type AuthModalEvent,
  type AuthModalState,
} from "./auth-modal-machine";

/** The state after a series of events, from a dialog opened on `mode`. */
function after(events: AuthModalEvent[], from: AuthModalState = initialAuthModalState("login")): AuthModalState {
  return events.reduce(authModalReducer, from);
}

const typed = (field: "email" | "password" | "code" | "firstName" | "lastName", value: string): AuthModalEvent => ({
  type: "fieldEdited",
  field,
  value,
});

const signInPending = after([typed("email", "ada@example.fr"), typed("password", "secret"), { type: "submitted", request: "sign-in" }]);
const twoFactorStep = after([{ type: "twoFactorRequired" }], signInPending);

describe("auth modal machine: switching views", () => {
  it("opens on the form the store asked for, idle and empty", () => {
    const state = initialAuthModalState("signup");
    expect(state).toMatchObject({ mode: "signup", step: { kind: "credentials" }, status: { kind: "idle" }, errors: {}, formError: null });
    expect(requestKindOf(state)).toBe("sign-up");
  });

  it("goes from sign-in to sign-up to forgotten password, keeping what was typed and dropping the messages", () => {
    const refused = after([typed("email", "ada@example.fr"), { type: "invalid", errors: { password: ACCOUNT_MESSAGES.passwordRequired } }]);
    const signup = authModalReducer(refused, { type: "modeChanged", mode: "signup" });
    expect(signup).toMatchObject({ mode: "signup", errors: {}, formError: null });
    expect(signup.values.email).toBe("ada@example.fr");
    expect(requestKindOf(signup)).toBe("sign-up");
    const forgot = authModalReducer(signup, { type: "modeChanged", mode: "forgot" });
    expect(forgot.mode).toBe("forgot");
    expect(requestKindOf(forgot)).toBe("reset");
    expect(requestKindOf(authModalReducer(forgot, { type: "modeChanged", mode: "login" }))).toBe("sign-in");
  });

  it("keeps the same state object when the store repeats the mode it is on", () => {
    const state = initialAuthModalState("login");
    expect(authModalReducer(state, { type: "modeChanged", mode: "login" })).toBe(state);
  });

  it("leaves the two-factor step for the credentials form when the mode changes", () => {
    expect(authModalReducer(twoFactorStep, { type: "modeChanged", mode: "signup" }).step).toEqual({ kind: "credentials" });
  });

  it("switches the second factor between the app code and a backup code, clearing the code and the messages", () => {
    const refused = after(
      [typed("code", "12"), { type: "invalid", errors: { code: ACCOUNT_MESSAGES.enter6DigitCodeBackup } }],
      twoFactorStep,
    );
    const backup = authModalReducer(refused, { type: "secondFactorSwitched" });
    expect(backup.step).toEqual({ kind: "two-factor", factor: "backup" });
    expect(backup.values.code).toBe("");
    expect(backup.errors).toEqual({});
    expect(authModalReducer(backup, { type: "secondFactorSwitched" }).step).toEqual({ kind: "two-factor", factor: "totp" });
  });

  it("refuses a second-factor switch outside the two-factor step", () => {
    const state = initialAuthModalState("login");
    expect(authModalReducer(state, { type: "secondFactorSwitched" })).toBe(state);
  });

  it("forgets the password, the code, the messages and the step when the dialog closes, not the e-mail or the choices", () => {
    const state = after(
      [
        typed("code", "123"),
        { type: "passwordVisibilityToggled" },
        { type: "choiceToggled", choice: "newsletter", checked: true },
        { type: "closed" },
      ],
      twoFactorStep,
    );
    expect(state.step).toEqual({ kind: "credentials" });
    expect(state.values).toMatchObject({ email: "ada@example.fr", password: "", code: "" });
    expect(state.choices.newsletter).toBe(true);
    expect(state.showPassword).toBe(false);
  });
});

describe("auth modal machine: editing", () => {
  it("clears the edited field's message and the form's refusal, not the other fields' messages", () => {
    const refused = after([
      { type: "invalid", errors: { email: SHOP_MESSAGES.eMailRequired2, password: ACCOUNT_MESSAGES.passwordRequired } },
    ]);
    const edited = authModalReducer(refused, typed("email", "a"));
    expect(edited.errors).toEqual({ password: ACCOUNT_MESSAGES.passwordRequired });
    const failed = after(
      [typed("password", "x"), { type: "submitted", request: "sign-in" }, { type: "failed", message: "Refusé" }],
      edited,
    );
    expect(failed.formError).toEqual({ message: "Refusé" });
    expect(authModalReducer(failed, typed("password", "y")).formError).toBeNull();
  });

  it("toggles the password's visibility and the sign-up choices", () => {
    const state = after([
      { type: "passwordVisibilityToggled" },
      { type: "choiceToggled", choice: "refuseCommercialEmails", checked: true },
    ]);
    expect(state.showPassword).toBe(true);
    expect(state.choices).toEqual({ refuseCommercialEmails: true, newsletter: false });
    expect(authModalReducer(state, { type: "passwordVisibilityToggled" }).showPassword).toBe(false);
  });
});

describe("auth modal machine: submit, pending, outcome", () => {
  it("goes pending on submit and clears the previous refusal", () => {
    const failed = after([{ type: "failed", message: "Identifiants incorrects" }], signInPending);
    expect(failed.status).toEqual({ kind: "idle" });
    const again = authModalReducer(failed, { type: "submitted", request: "sign-in" });
    expect(again.status).toEqual({ kind: "pending", request: "sign-in" });
    expect(again.formError).toBeNull();
    expect(canSubmit(again)).toBe(false);
  });

  it("refuses a submit while a request is pending", () => {
    expect(authModalReducer(signInPending, { type: "submitted", request: "sign-in" })).toBe(signInPending);
    expect(authModalReducer(signInPending, { type: "invalid", errors: { email: "x" } })).toBe(signInPending);
  });

  it("refuses a submit of another form than the one shown", () => {
    const state = initialAuthModalState("login");
    expect(authModalReducer(state, { type: "submitted", request: "sign-up" })).toBe(state);
    expect(authModalReducer(state, { type: "submitted", request: "verify" })).toBe(state);
  });

  it("ignores an outcome when nothing is pending", () => {
    const state = initialAuthModalState("login");
    for (const event of [
      { type: "failed", message: "Refusé" },
      { type: "twoFactorRequired" },
      { type: "resetLinkSent", message: "Envoyé" },
      { type: "succeeded", toast: "welcome" },
    ] as const) {
      expect(authModalReducer(state, event), event.type).toBe(state);
    }
  });

  it("keeps a pending request across a mode change and a close, so its outcome still lands", () => {
    const state = after([{ type: "modeChanged", mode: "signup" }, { type: "closed" }], signInPending);
    expect(state.status).toEqual({ kind: "pending", request: "sign-in" });
    expect(authModalReducer(state, { type: "failed", message: "Refusé" }).formError).toEqual({ message: "Refusé" });
  });

  it("shows a refusal and lets the visitor try again", () => {
    const failed = authModalReducer(signInPending, { type: "failed", message: "Identifiants incorrects" });
    expect(failed).toMatchObject({ status: { kind: "idle" }, formError: { message: "Identifiants incorrects" } });
    expect(canSubmit(failed)).toBe(true);
  });

  it("keeps the rate limit's wait with its refusal, for the page to word it, until the visitor edits a field", () => {
    const message = tooManyAttemptsMessage(300);
    const limited = authModalReducer(signInPending, { type: "failed", message, retryAfterSeconds: 300 });
    expect(limited.formError).toEqual({ message, retryAfterSeconds: 300 });
    expect(limited.status).toEqual({ kind: "idle" });
    // The server enforces the wait; the form stays usable, as before.
    expect(canSubmit(limited)).toBe(true);
    expect(authModalReducer(limited, typed("password", "autre")).formError).toBeNull();
  });

  it("asks for the second factor after a password accepted with two-factor on, forgetting the password", () => {
    expect(twoFactorStep).toMatchObject({ step: { kind: "two-factor", factor: "totp" }, status: { kind: "idle" } });
    expect(twoFactorStep.values).toMatchObject({ email: "ada@example.fr", password: "", code: "" });
    expect(requestKindOf(twoFactorStep)).toBe("verify");
  });

  it("verifies the code, then succeeds and starts from nothing", () => {
    const pending = after([typed("code", "123456"), { type: "submitted", request: "verify" }], twoFactorStep);
    expect(pending.status).toEqual({ kind: "pending", request: "verify" });
    const done = authModalReducer(pending, { type: "succeeded", toast: "welcome" });
    expect(done).toEqual(initialAuthModalState("login"));
  });

  it("signs up: pending, then succeeds and forgets the names and choices", () => {
    const pending = after([
      { type: "modeChanged", mode: "signup" },
      typed("firstName", "Ada"),
      { type: "choiceToggled", choice: "newsletter", checked: true },
      { type: "submitted", request: "sign-up" },
    ]);
    expect(pending.status).toEqual({ kind: "pending", request: "sign-up" });
    expect(authModalReducer(pending, { type: "succeeded", toast: "accountCreated" })).toEqual(initialAuthModalState("signup"));
  });

  it("shows the reset request's answer in place of the form, and no submit from there", () => {
    const pending = after([
      { type: "modeChanged", mode: "forgot" },
      typed("email", "ada@example.fr"),
      { type: "submitted", request: "reset" },
    ]);
    const sent = authModalReducer(pending, { type: "resetLinkSent", message: "Si un compte existe…" });
    expect(sent.step).toEqual({ kind: "reset-sent", message: "Si un compte existe…" });
    expect(canSubmit(sent)).toBe(false);
    expect(authModalReducer(sent, { type: "submitted", request: "reset" })).toBe(sent);
    expect(authModalReducer(sent, { type: "modeChanged", mode: "login" }).step).toEqual({ kind: "credentials" });
  });

  it("does not show a reset answer once the visitor has left the forgotten-password form", () => {
    const pending = after([
      { type: "modeChanged", mode: "forgot" },
      { type: "submitted", request: "reset" },
    ]);
    const left = authModalReducer(pending, { type: "modeChanged", mode: "login" });
    const answered = authModalReducer(left, { type: "resetLinkSent", message: "Si un compte existe…" });
    expect(answered).toMatchObject({ step: { kind: "credentials" }, status: { kind: "idle" } });
  });
});

describe("auth modal machine: what a submit sends", () => {
  it("refuses an empty sign-in, focusing the e-mail", () => {
    const check = checkSubmission(initialAuthModalState("login"));
    expect(check).toEqual({
      ok: false,
      errors: { email: SHOP_MESSAGES.eMailRequired2, password: ACCOUNT_MESSAGES.passwordRequired },
      focus: "email",
    });
  });

  it("focuses the password when only the password is missing", () => {
    const check = checkSubmission(after([typed("email", "ada@example.fr")]));
    expect(check).toEqual({ ok: false, errors: { password: ACCOUNT_MESSAGES.passwordRequired }, focus: "password" });
  });

  it("sends a sign-in with the e-mail in lower case", () => {
    const check = checkSubmission(after([typed("email", " Ada@Example.FR "), typed("password", "secret")]));
    expect(check).toEqual({ ok: true, request: { kind: "sign-in", input: { email: "ada@example.fr", password: "secret" } } });
  });

  it("focuses the first refused sign-up field in form order", () => {
    const check = checkSubmission(after([{ type: "modeChanged", mode: "signup" }, typed("firstName", "Ada")]));
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.focus).toBe("lastName");
      expect(check.errors.lastName).toBe(SHOP_MESSAGES.nameRequired);
    }
  });

  it("sends a sign-up with the choices", () => {
    const check = checkSubmission(
      after([
        { type: "modeChanged", mode: "signup" },
        typed("firstName", "Ada"),
        typed("lastName", "Lovelace"),
        typed("email", "ada@example.fr"),
        typed("password", "Velours-ambre-92!x"),
        { type: "choiceToggled", choice: "newsletter", checked: true },
      ]),
    );
    expect(check).toEqual({
      ok: true,
      request: {
        kind: "sign-up",
        input: {
          firstName: "Ada",
          lastName: "Lovelace",
          birthDate: undefined,
          email: "ada@example.fr",
          password: "Velours-ambre-92!x",
          refuseCommercialEmails: false,
          newsletter: true,
        },
      },
    });
  });

  it("asks for an e-mail before sending a reset link", () => {
    const forgot = after([{ type: "modeChanged", mode: "forgot" }]);
    const check = checkSubmission(forgot);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.focus).toBe("email");
    expect(checkSubmission(authModalReducer(forgot, typed("email", "ada@example.fr")))).toEqual({
      ok: true,
      request: { kind: "reset", email: "ada@example.fr" },
    });
  });

  it("checks the code's shape and sends it with the factor chosen", () => {
    expect(checkSubmission(after([typed("code", "12")], twoFactorStep))).toEqual({
      ok: false,
      errors: { code: ACCOUNT_MESSAGES.enter6DigitCodeBackup },
      focus: "code",
    });
    const backup = after([{ type: "secondFactorSwitched" }, typed("code", " abcd-1234 ")], twoFactorStep);
    expect(checkSubmission(backup)).toEqual({ ok: true, request: { kind: "verify", factor: "backup", code: "abcd-1234" } });
  });
});

describe("auth modal machine: what an answer becomes", () => {
  it("turns a refusal into a failure, with the rate limit's wait when there is one", () => {
    expect(outcomeOf("sign-in", { ok: false, message: "Refusé", retryAfterSeconds: 60 })).toEqual({
      type: "failed",
      message: "Refusé",
      retryAfterSeconds: 60,
    });
    expect(resetOutcomeOf({ ok: false, message: "Refusé" })).toEqual({ type: "failed", message: "Refusé" });
  });

  it("asks for the second factor only after the password step", () => {
    expect(outcomeOf("sign-in", { ok: true, twoFactor: true })).toEqual({ type: "twoFactorRequired" });
    expect(outcomeOf("sign-in", { ok: true })).toEqual({ type: "succeeded", toast: "welcome" });
    expect(outcomeOf("verify", { ok: true, twoFactor: true })).toEqual({ type: "succeeded", toast: "welcome" });
    expect(outcomeOf("sign-up", { ok: true })).toEqual({ type: "succeeded", toast: "accountCreated" });
  });

  it("turns an accepted reset request into its answer", () => {
    expect(resetOutcomeOf({ ok: true, message: "Si un compte existe…" })).toEqual({
      type: "resetLinkSent",
      message: "Si un compte existe…",
    });
  });
});
