import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslateMessage } from "~/components/ui/i18n";
import { useRefusalText } from "~/components/ui/refusal-text";
import type { FieldName, FormError } from "../auth-modal-machine";

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
export function Field({ id, name, label, hint, value, error, onValue, trailing, required, describedBy, ...input }: FieldProps) {
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

/** The server's refusal inside the dialog, a rate limit's wait worded in the page's language. */
export function FormRefusal({ error }: { error: FormError }) {
  const refusalText = useRefusalText();
  return (
    <p role="alert" className="rounded-lg border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
      {refusalText(error.message, error.retryAfterSeconds)}
    </p>
  );
}

/** A button styled as a link: switches the dialog's form or factor. */
export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-h-11 font-semibold text-accent underline underline-offset-2 hover:text-accent-dark"
    >
      {children}
    </button>
  );
}
