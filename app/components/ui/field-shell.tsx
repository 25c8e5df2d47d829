import type { ReactNode } from "react";

/**
 * A labelled form field with its inline message below. The message stays outside the label so
 * the field's name is its label only; the input points at it with aria-describedby.
 */
export function FieldShell({
  id,
  label,
  required = false,
  error,
  className = "",
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
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
