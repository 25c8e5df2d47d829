import type { ButtonHTMLAttributes } from "react";

/**
 * Button looks, shared by <button> (Button) and by links styled as buttons (buttonClass on a
 * Link or an <a>). `accent` is the storefront's call to action, `ink` the back-office's.
 */
export type ButtonVariant = "accent" | "ink" | "outline" | "danger" | "danger-outline";
export type ButtonSize = "md" | "sm";

const BASE =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full font-semibold disabled:cursor-not-allowed disabled:opacity-50";

const VARIANTS: Record<ButtonVariant, string> = {
  accent: "bg-accent text-white hover:bg-accent-dark",
  ink: "bg-ink text-white hover:bg-ink/90",
  outline: "border border-line hover:border-accent hover:text-accent",
  danger: "bg-danger text-white hover:opacity-90",
  "danger-outline": "border border-red-300 bg-white text-red-800 hover:bg-red-50",
};

const SIZES: Record<ButtonSize, string> = { md: "px-5", sm: "px-4" };

export function buttonClass({
  variant = "outline",
  size = "md",
  className = "",
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${className}`.trim();
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

/** A <button>, type="button" unless told otherwise (a stray submit is the usual surprise). */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
