import type { InputHTMLAttributes, SelectHTMLAttributes } from "react";

/** A compact control of the back-office (filters, tables, dialogs): size it with className. */
export const controlClass = "min-h-11 rounded-lg border border-line bg-white px-3 font-normal";

export function Input({ className = "", ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={`${controlClass} ${className}`.trim()} {...props} />;
}

export function Select({ className = "", ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${controlClass} ${className}`.trim()} {...props} />;
}
