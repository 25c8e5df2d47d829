import type { ReactNode } from "react";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-xl border border-line bg-white px-3 py-2 text-ink placeholder:text-muted focus:border-accent";

export const primaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark disabled:cursor-not-allowed disabled:opacity-50";

export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-line px-5 font-semibold hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-50";

export const dangerButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-5 font-semibold text-white hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50";

/** An error (role=alert, read at once) or a success line (role=status). */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return tone === "error" ? (
    <p role="alert" className="rounded-xl bg-accent-soft px-4 py-3 text-sm font-medium text-danger">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-xl bg-band px-4 py-3 text-sm font-medium text-success">
      {children}
    </p>
  );
}
