import { useId, type ReactNode } from "react";

/**
 * A labelled form field with its hint and inline error below. The messages stay outside the
 * label so the field's name is its label only; the control points at them with aria-describedby.
 */
export function FieldShell({
  id,
  label,
  required = false,
  hint,
  error,
  className = "",
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger">
            {" *"}
          </span>
        )}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria-describedby of a field built with FieldShell. */
export function errorIdOf(id: string, error: string | undefined): string | undefined {
  return error ? `${id}-error` : undefined;
}

/** What Field hands its control: spread it on the <input>, <select> or <textarea>. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  required?: boolean;
};

/**
 * FieldShell that also wires its control: an id of its own, aria-describedby to the hint and
 * the error, aria-invalid while there is an error.
 */
export function Field({
  id: givenId,
  label,
  required = false,
  hint,
  error,
  className,
  children,
}: {
  id?: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error} className={className}>
      {children({
        id,
        "aria-describedby": describedBy,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(required ? { required } : {}),
      })}
    </FieldShell>
  );
}
