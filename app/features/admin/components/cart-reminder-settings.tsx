import { useFetcher } from "react-router";
import { FieldShell } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  CART_REMINDER_FIRST_DELAY_MAX_HOURS,
  CART_REMINDER_SECOND_DELAY_MAX_HOURS,
  cartReminderSettingsErrors,
  cartReminderSettingsFromForm,
  type CartReminderField,
  type CartReminderSettings,
} from "~/domain/cart-reminders/cart-reminders";
import type { ActionResult } from "~/domain/http/action-result";
import { SettingsSection, SettingsSubmitRow, useSettingsForm } from "./settings-form";

const FIELDS: { name: CartReminderField; label: string; hint: string }[] = [
  {
    name: "firstDelayHours",
    label: "Premier rappel après (heures)",
    hint: `Compté depuis la dernière modification du panier, de 1 à ${CART_REMINDER_FIRST_DELAY_MAX_HOURS} heures.`,
  },
  {
    name: "secondDelayHours",
    label: "Second rappel après (heures)",
    hint: `Plus tard que le premier, au plus ${CART_REMINDER_SECOND_DELAY_MAX_HOURS} heures (${CART_REMINDER_SECOND_DELAY_MAX_HOURS / 24} jours).`,
  },
];

/**
 * Paramètres, "Paniers oubliés" (docs/decisions/069-forgotten-cart.md): whether signed-in shoppers
 * who accepted promotional e-mails are reminded of the cart they left, and after how long.
 */
export function CartReminderSettingsSection({ settings }: { settings: CartReminderSettings }) {
  const fetcher = useFetcher<ActionResult>();
  const { errors, saved, touched, checkOnSubmit } = useSettingsForm<CartReminderField>(fetcher, { fallbackField: "firstDelayHours" });
  const busy = fetcher.state !== "idle";
  return (
    <SettingsSection
      id="settings-cart-reminders"
      title="Paniers oubliés"
      intro="Un client connecté qui a laissé des articles dans son panier, et qui accepte les e-mails promotionnels, reçoit un rappel puis, au plus, un second. Les rappels cessent dès que le panier est commandé ou vidé."
    >
      <fetcher.Form
        method="post"
        noValidate
        aria-label="Paniers oubliés"
        className="space-y-5 rounded-2xl border border-line bg-white p-6"
        onSubmit={checkOnSubmit((form) => cartReminderSettingsErrors(cartReminderSettingsFromForm(new FormData(form))))}
      >
        <input type="hidden" name="intent" value="cart-reminders" />
        <label className="flex min-h-11 items-start gap-3 py-1 text-sm">
          <input type="checkbox" name="enabled" defaultChecked={settings.enabled} className="mt-0.5 h-5 w-5 shrink-0" />
          <span>Envoyer les rappels de paniers oubliés</span>
        </label>
        <div className="grid gap-5 sm:grid-cols-2">
          {FIELDS.map(({ name, label, hint }) => {
            const id = `cart-reminders-${name}`;
            const error = errors[name];
            return (
              <FieldShell key={name} id={id} label={label} hint={hint} error={error}>
                <Input
                  id={id}
                  name={name}
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={String(settings[name])}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
                  onChange={() => touched(name)}
                  className="mt-1 w-full"
                />
              </FieldShell>
            );
          })}
        </div>
        <SettingsSubmitRow busy={busy} label="Enregistrer les rappels" saved={saved} />
      </fetcher.Form>
    </SettingsSection>
  );
}
