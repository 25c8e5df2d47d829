import { useFetcher } from "react-router";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { inputClass } from "~/components/ui/form-parts";
import { WEEKDAYS, WEEKDAY_LABELS, ShopIdentitySchema, type ShopIdentity } from "~/domain/settings/shop-identity";
import {
  SHOP_IDENTITY_FIELDS,
  dayErrorKey,
  dayFieldName,
  remapIdentityErrors,
  shopIdentityFromForm,
} from "~/domain/settings/shop-identity-form";
import { SettingsSection, SettingsSubmitRow, useSettingsForm } from "./settings-form";
import type { ActionResult } from "~/domain/http/action-result";

/**
 * Paramètres, "Identité de la boutique" (decision 046): the legal notice values, the customer
 * service's contact details and opening hours per weekday, and the security contact. Checked in
 * the browser with the server's schema; each refused field shows its own message.
 */
export function ShopIdentitySection({ identity }: { identity: ShopIdentity }) {
  const fetcher = useFetcher<ActionResult>();
  const { errors, saved, checkOnSubmit } = useSettingsForm<string>(fetcher);
  const busy = fetcher.state !== "idle";

  /** The browser's check with the server's schema, its paths named as the form's fields. */
  function check(form: HTMLFormElement): Record<string, string> {
    const { values, weekdays } = shopIdentityFromForm(new FormData(form));
    const parsed = ShopIdentitySchema.safeParse(values);
    if (parsed.success) return {};
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[issue.path.map(String).join(".")] ??= issue.message;
    return remapIdentityErrors(found, weekdays);
  }

  const hoursError = errors.openingHours;
  return (
    <SettingsSection
      id="settings-identity"
      title="Identité de la boutique"
      intro="Coordonnées et horaires affichés dans le pied de page, le Service client, les mentions légales et les CGV ; le contact sécurité reçoit les signalements de sécurité des clients."
    >
      <fetcher.Form method="post" noValidate onSubmit={checkOnSubmit(check)} className="space-y-5 rounded-2xl border border-line p-5">
        <input type="hidden" name="intent" value="identity" />
        <div className="grid gap-4 sm:grid-cols-2">
          {SHOP_IDENTITY_FIELDS.map((field) => {
            const id = `identity-${field.name}`;
            const error = errors[field.name];
            return (
              <FieldShell key={field.name} id={id} label={field.label} required error={error} className={field.long ? "sm:col-span-2" : ""}>
                {field.long ? (
                  <textarea
                    id={id}
                    name={field.name}
                    rows={2}
                    defaultValue={identity[field.name]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={errorIdOf(id, error)}
                    className={`${inputClass} mt-1 w-full`}
                  />
                ) : (
                  <Input
                    id={id}
                    name={field.name}
                    type={field.type ?? "text"}
                    defaultValue={identity[field.name]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={errorIdOf(id, error)}
                    className="mt-1 w-full"
                  />
                )}
              </FieldShell>
            );
          })}
        </div>

        <fieldset aria-describedby={hoursError ? "identity-hours-error" : undefined}>
          <legend className="text-sm font-medium">Horaires du service client (heure de Paris)</legend>
          <ul className="mt-2 space-y-2">
            {WEEKDAYS.map((weekday) => {
              const slot = identity.openingHours.find((s) => s.weekday === weekday);
              const label = WEEKDAY_LABELS[weekday];
              const opensError = errors[dayErrorKey(weekday, "opens")];
              const closesError = errors[dayErrorKey(weekday, "closes")];
              return (
                <li key={weekday} className="flex flex-wrap items-center gap-3">
                  <label className="inline-flex min-h-11 w-36 items-center gap-2 text-sm">
                    <input type="checkbox" name={dayFieldName(weekday, "open")} defaultChecked={Boolean(slot)} className="h-5 w-5" />
                    {label} ouvert
                  </label>
                  <label className="text-sm">
                    <span className="sr-only">{label} : </span>ouverture{" "}
                    <Input
                      type="time"
                      name={dayFieldName(weekday, "opens")}
                      defaultValue={slot?.opens ?? "09:00"}
                      aria-invalid={opensError ? true : undefined}
                      aria-describedby={opensError ? `identity-day${weekday}-opens-error` : undefined}
                    />
                  </label>
                  <label className="text-sm">
                    <span className="sr-only">{label} : </span>fermeture{" "}
                    <Input
                      type="time"
                      name={dayFieldName(weekday, "closes")}
                      defaultValue={slot?.closes ?? "19:00"}
                      aria-invalid={closesError ? true : undefined}
                      aria-describedby={closesError ? `identity-day${weekday}-closes-error` : undefined}
                    />
                  </label>
                  {opensError && (
                    <p id={`identity-day${weekday}-opens-error`} className="w-full text-sm font-medium text-danger">
                      {label} : {opensError}
                    </p>
                  )}
                  {closesError && (
                    <p id={`identity-day${weekday}-closes-error`} className="w-full text-sm font-medium text-danger">
                      {label} : {closesError}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          {hoursError && (
            <p id="identity-hours-error" className="mt-1 text-sm font-medium text-danger">
              {hoursError}
            </p>
          )}
        </fieldset>

        <SettingsSubmitRow busy={busy} label="Enregistrer l'identité" saved={saved} />
      </fetcher.Form>
    </SettingsSection>
  );
}
