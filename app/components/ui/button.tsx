import type { ButtonHTMLAttributes } from "react";

/**
 * Button looks, shared by <button> (Button) and by links styled as buttons (buttonClass on a
 * Link or an <a>). `accent` is the storefront's call to action, `ink` the back-office's.
 */
export type ButtonVariant = "accent" | "ink" | "outline" | "ink-outline" | "danger" | "danger-outline";
export type ButtonSize = "md" | "sm" | "lg";

const BASE = "inline-flex items-center justify-center gap-2 rounded-full font-semibold disabled:cursor-not-allowed disabled:opacity-50";

const VARIANTS: Record<ButtonVariant, string> = {
  accent: "bg-accent text-white hover:bg-accent-dark",
  ink: "bg-ink text-white hover:bg-ink/90",
  outline: "border border-line hover:border-accent hover:text-accent",
  "ink-outline": "border border-ink hover:bg-ink hover:text-white",
  danger: "bg-danger text-white hover:opacity-90",
  "danger-outline": "border border-red-300 bg-white text-red-800 hover:bg-red-50",
};

/** `lg` is the page's main call to action (add to cart, checkout, the hero). */
const SIZES: Record<ButtonSize, string> = { md: "min-h-11 px-5", sm: "min-h-11 px-4", lg: "min-h-12 px-8" };

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
