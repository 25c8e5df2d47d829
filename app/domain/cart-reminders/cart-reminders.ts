/**
 * The forgotten-cart reminders' settings and report types (docs/decisions/069-forgotten-cart.md),
 * shared by the Paramètres form (checked in the browser and again on the server) and the job.
 */
import { z } from "zod";
import { CART_REMINDER_FIRST_DELAY_HOURS, CART_REMINDER_SECOND_DELAY_HOURS } from "~/lib/shop-rules";

export type CartReminderStep = 1 | 2;

export type CartReminderSettings = {
  enabled: boolean;
  firstDelayHours: number;
  secondDelayHours: number;
};

export const DEFAULT_CART_REMINDER_SETTINGS: CartReminderSettings = {
  enabled: true,
  firstDelayHours: CART_REMINDER_FIRST_DELAY_HOURS,
  secondDelayHours: CART_REMINDER_SECOND_DELAY_HOURS,
};

/** Sensible bounds: the first reminder within three days, the second within two weeks. */
export const CART_REMINDER_FIRST_DELAY_MAX_HOURS = 72;
export const CART_REMINDER_SECOND_DELAY_MAX_HOURS = 336;

export type CartReminderField = "firstDelayHours" | "secondDelayHours";

const hours = (label: string, max: number) =>
  z
    .number({ error: `${label} : indiquez un nombre d'heures` })
    .int(`${label} : un nombre entier d'heures`)
    .min(1, `${label} : au moins 1 heure`)
    .max(max, `${label} : au plus ${max} heures`);

export const CartReminderSettingsSchema = z
  .object({
    enabled: z.boolean(),
    firstDelayHours: hours("Premier rappel", CART_REMINDER_FIRST_DELAY_MAX_HOURS),
    secondDelayHours: hours("Second rappel", CART_REMINDER_SECOND_DELAY_MAX_HOURS),
  })
  .refine((s) => s.firstDelayHours < s.secondDelayHours, {
    path: ["secondDelayHours"],
    message: "Le second rappel doit partir après le premier",
  });

/** The form's fields as the schema expects them: text that is no whole number stays NaN (refused with its message). */
export function cartReminderSettingsFromForm(form: FormData): { enabled: boolean; firstDelayHours: number; secondDelayHours: number } {
  const num = (name: string) => {
    const raw = String(form.get(name) ?? "").trim();
    return raw === "" || !/^-?\d+$/.test(raw) ? Number.NaN : Number(raw);
  };
  return { enabled: form.get("enabled") === "on", firstDelayHours: num("firstDelayHours"), secondDelayHours: num("secondDelayHours") };
}

/** The first French message per field of a refused form. */
export function cartReminderSettingsErrors(input: unknown): Partial<Record<CartReminderField, string>> {
  const parsed = CartReminderSettingsSchema.safeParse(input);
  const errors: Partial<Record<CartReminderField, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as CartReminderField] ??= issue.message;
  return errors;
}

/** One reminder as the back-office lists it. */
export type CartReminderReportRow = {
  id: number;
  sentAt: string;
  step: CartReminderStep;
  /** Null once the account was erased. */
  customer: { id: string; name: string; email: string } | null;
  cartAmountCents: number;
  itemCount: number;
  recovered: { orderId: string | null; orderNumber: string | null; amountCents: number; at: string } | null;
};

export type CartReminderReport = {
  rows: CartReminderReportRow[];
  totals: { sent: number; recoveredCarts: number; recoveredAmountCents: number };
};
