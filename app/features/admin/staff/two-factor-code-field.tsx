import type { Ref } from "react";

/** The second factor typed: the authenticator app's code, or one of the recovery codes. */
export type CodeKind = "totp" | "backup";

const TOTP_LENGTH = 6;
/** Recovery codes as the library makes them ("abcde-fgh"), with some room for how they are copied. */
const BACKUP_PATTERN = /^[A-Za-z0-9-]{8,12}$/;

export const CODE_LABELS: Record<CodeKind, string> = {
  totp: "Code de l'application d'authentification",
  backup: "Code de secours",
};

const CODE_HINTS: Record<CodeKind, string> = {
  totp: "Les 6 chiffres affichés par votre application (Google Authenticator, Microsoft Authenticator, Aegis…).",
  backup: "Un des codes de secours enregistrés à l'activation de la double authentification ; chacun ne sert qu'une fois.",
};

const SWITCH_LABELS: Record<CodeKind, string> = {
  totp: "Utiliser un code de secours",
  backup: "Utiliser l'application d'authentification",
};

/** What the code field keeps of what is typed: digits only for the app's code. */
export function cleanCode(kind: CodeKind, value: string): string {
  return kind === "totp" ? value.replace(/\D/g, "").slice(0, TOTP_LENGTH) : value.replace(/\s/g, "").slice(0, 12);
}

/** The French error of a code that cannot be right as typed, before asking the server. */
export function codeError(kind: CodeKind, value: string): string | null {
  const code = value.trim();
  if (kind === "totp") {
    if (!code) return "Saisissez le code à 6 chiffres affiché par votre application.";
    return new RegExp(`^\\d{${TOTP_LENGTH}}$`).test(code) ? null : "Le code de l'application compte 6 chiffres.";
  }
  if (!code) return "Saisissez un de vos codes de secours.";
  return BACKUP_PATTERN.test(code) ? null : "Ce code de secours n'a pas le bon format : recopiez-le tel qu'il a été enregistré.";
}

type Props = {
  id: string;
  kind: CodeKind;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** Marks the field a Modal focuses on opening. */
  autoFocusInDialog?: boolean;
};

/**
 * The code field of the sign-in, the enrolment and the "confirm it's you" dialog: labelled,
 * described by its hint, its error announced (role="alert") and linked to it.
 */
export function TwoFactorCodeField({ id, kind, value, onChange, error, inputRef, disabled, autoFocusInDialog }: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {CODE_LABELS[kind]}
      </label>
      <p id={hintId} className="mt-1 text-sm text-muted">
        {CODE_HINTS[kind]}
      </p>
      <input
        ref={inputRef}
        id={id}
        name="code"
        type="text"
        inputMode={kind === "totp" ? "numeric" : "text"}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={kind === "totp" ? TOTP_LENGTH : 12}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(cleanCode(kind, event.currentTarget.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        data-autofocus={autoFocusInDialog ? "" : undefined}
        className={`mt-2 h-12 w-full rounded-lg border bg-white px-3 text-center font-mono text-xl tracking-[0.3em] text-ink focus:border-accent ${
          error ? "border-danger" : "border-line"
        }`}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Switches between the app's code and a recovery code. */
export function CodeKindSwitch({ kind, onSwitch, disabled }: { kind: CodeKind; onSwitch: (next: CodeKind) => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => onSwitch(kind === "totp" ? "backup" : "totp")}
      className="min-h-11 text-sm font-semibold text-accent underline underline-offset-2 hover:text-accent-dark"
    >
      {SWITCH_LABELS[kind]}
    </button>
  );
}
