import { inputClass } from "~/components/ui/form-parts";

export const fieldsetClass = "rounded-2xl border border-line bg-white p-4 sm:p-6";
export const legendClass = "px-1 font-display text-xl text-ink";
/** The shop's input, outlined in red while refused. */
export const fieldClass = `${inputClass} aria-[invalid=true]:border-danger`;
/** A card-like option: the real radio covers it (transparent), so a click anywhere selects it. */
export const optionClass =
  "relative flex cursor-pointer rounded-2xl border-2 border-line bg-white p-4 text-ink hover:border-accent has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent";
export const radioClass = "absolute inset-0 z-0 m-0 h-full w-full cursor-pointer opacity-0";

/** The ids that tie the configurator's hints, errors and summary to their fields, from one useId(). */
export function configuratorIds(id: string) {
  return {
    title: `${id}-title`,
    custom: `${id}-custom`,
    customHint: `${id}-custom-hint`,
    customError: `${id}-custom-error`,
    name: `${id}-name`,
    nameError: `${id}-name-error`,
    email: `${id}-email`,
    emailHint: `${id}-email-hint`,
    emailError: `${id}-email-error`,
    message: `${id}-message`,
    messageCount: `${id}-message-count`,
    messageError: `${id}-message-error`,
    previewTitle: `${id}-preview-title`,
    recap: `${id}-recap`,
    soon: `${id}-soon`,
    preset: (amountCents: number) => `${id}-preset-${amountCents}`,
    delivery: (mode: string) => `${id}-delivery-${mode}`,
  };
}

export type ConfiguratorIds = ReturnType<typeof configuratorIds>;
